#if canImport(Glibc)
    import TesseraSupport
    import Glibc
#endif
import CHiredis
import Synchronization

/// This replica's pub/sub channel, `tessera:leases:REPLICA`, read by a thread of its own.
/// Two kinds of message arrive on it:
/// - `r ID TOKEN LEASE`: a writer revokes this replica's lease on session ID. The lease is
///   dropped here first, then `confirm` tells the writer (through its own channel).
/// - `a TOKEN HOLDER`: a holder confirms a revocation this replica's writer `TOKEN` asked for.
///
/// While the channel is down (Redis unreachable, restarting), leases are neither trusted nor
/// granted: revocations sent meanwhile are lost, and writers fall back on the leases' expiry.
final class RedisLeaseChannel: @unchecked Sendable {
    let name: String
    /// Where the master is: the channel subscribes on the master of the moment, and starts
    /// over on a new one when a failover moves it (every lease then ends: see `run`).
    private let master: RedisMaster
    private let leases: RedisReadLeases
    private let waits: RedisRevocationWaits
    /// Sends a holder's confirmation: (session id, writer's token, lease value).
    private let confirm: @Sendable (String, String, String) -> Void
    private let stopped = Atomic<Bool>(false)
    /// The subscribed connection's descriptor (-1 while there is none).
    private let socket = Atomic<Int32>(-1)

    init(
        name: String, master: RedisMaster, leases: RedisReadLeases, waits: RedisRevocationWaits,
        confirm: @escaping @Sendable (String, String, String) -> Void
    ) {
        self.name = name
        self.master = master
        self.leases = leases
        self.waits = waits
        self.confirm = confirm
    }

    static func name(of replica: String) -> String { "tessera:leases:\(replica)" }

    func start() {
        RedisSubscription.startThread { [self] in run() }
    }

    /// The thread ends within one poll interval.
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Whether anything waits unread on the channel: a revocation on its way in, or the end
    /// of the connection (Redis stopped). Not needed for correctness (a writer waits for the
    /// confirmation, which follows the `revoke`), but it makes a lease holder notice a Redis
    /// that went away at once instead of answering from its copy until the leases expire.
    var hasUnreadInput: Bool {
        var descriptor = pollfd(fd: socket.load(ordering: .acquiring), events: Int16(POLLIN), revents: 0)
        guard descriptor.fd >= 0 else { return true }
        return poll(&descriptor, 1, 0) != 0
    }

    private func run() {
        while !stopped.load(ordering: .relaxed) {
            if let (context, epoch) = subscribe() {
                socket.store(context.pointee.fd, ordering: .releasing)
                leases.listen()
                listen(context, epoch: epoch)
                leases.deafen()
                socket.store(-1, ordering: .releasing)
                redisFree(context)
            }
            if !stopped.load(ordering: .relaxed) { usleep(100_000) }
        }
    }

    /// A connection subscribed to the channel on the current master, and that master's
    /// epoch; nil when Redis cannot be reached.
    private func subscribe() -> (UnsafeMutablePointer<redisContext>, Int)? {
        guard let (endpoint, epoch) = try? master.current() else { return nil }
        guard let c = RedisSubscription.open(endpoint, password: master.password, channel: name) else {
            master.moved(from: epoch)
            return nil
        }
        return (c, epoch)
    }

    /// Reads messages until the connection fails, the channel is stopped or the master moves
    /// (a failover: leases granted by the old master must not outlive it).
    private func listen(_ c: UnsafeMutablePointer<redisContext>, epoch: Int) {
        RedisSubscription.read(c, while: { !stopped.load(ordering: .relaxed) && master.epoch == epoch }) { handle($0) }
    }

    private func handle(_ text: String) {
        Self.handle(text, leases: leases, waits: waits, confirm: confirm)
    }

    /// One message of a lease channel (one master's or a shard's): a revocation drops the
    /// lease here before `confirm` tells the writer; a confirmation ends a writer's wait.
    static func handle(
        _ text: String, leases: RedisReadLeases, waits: RedisRevocationWaits, confirm: (String, String, String) -> Void
    ) {
        let words = text.split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("r", 4):
            leases.revoke(words[1], now: MonotonicClock.now())
            confirm(words[1], words[2], words[3])
        case ("a", 3):
            waits.confirm(words[1], by: words[2])
        default:
            break
        }
    }
}
