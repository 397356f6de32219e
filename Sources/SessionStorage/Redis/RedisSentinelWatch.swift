#if canImport(Glibc)
    import Glibc
#endif
import CHiredis
import Synchronization

/// Listens on a sentinel for `+switch-master` (`NAME OLD-IP OLD-PORT NEW-IP NEW-PORT`) and
/// moves `RedisMaster` to the new master at once. Without it a failover is followed only
/// when the old master fails a call; an old master that is cut off from the sentinels but
/// still reachable from Tessera would keep being used until it is demoted. One sentinel at
/// a time, the next one when its connection ends.
final class RedisSentinelWatch: @unchecked Sendable {
    private let master: RedisMaster
    private let watched: RedisSentinels
    private let stopped = Atomic<Bool>(false)

    init(master: RedisMaster, watched: RedisSentinels) {
        self.master = master
        self.watched = watched
    }

    func start() {
        RedisSubscription.startThread { [self] in run() }
    }

    /// The thread ends within 200 ms.
    func stop() { stopped.store(true, ordering: .relaxed) }

    private func run() {
        var next = 0
        while !stopped.load(ordering: .relaxed) {
            let sentinel = watched.sentinels[next % watched.sentinels.count]
            next += 1
            if let c = RedisSubscription.open(
                RedisEndpoint(host: sentinel.host, port: sentinel.port),
                password: master.sentinelPassword, channel: "+switch-master")
            {
                RedisSubscription.read(c, while: { !stopped.load(ordering: .relaxed) }) { handle($0) }
                redisFree(c)
            }
            if !stopped.load(ordering: .relaxed) { usleep(200_000) }
        }
    }

    private func handle(_ text: String) {
        let words = text.split(separator: " ")
        guard words.count == 5, words[0] == Substring(watched.masterName), let port = Int(words[4]) else { return }
        master.switched(to: RedisEndpoint(host: String(words[3]), port: port, database: watched.database))
    }
}
