#if canImport(Glibc)
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

    init(name: String, master: RedisMaster, leases: RedisReadLeases, waits: RedisRevocationWaits,
         confirm: @escaping @Sendable (String, String, String) -> Void) {
        self.name = name
        self.master = master
        self.leases = leases
        self.waits = waits
        self.confirm = confirm
    }

    static func name(of replica: String) -> String { "tessera:leases:\(replica)" }

    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { argument in
            let channel = Unmanaged<RedisLeaseChannel>.fromOpaque(argument!).takeRetainedValue()
            channel.run()
            return nil
        }, box)
        if rc == 0 { pthread_detach(thread) } else { Unmanaged<RedisLeaseChannel>.fromOpaque(box).release() }
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
        let timeout = timeval(tv_sec: 0, tv_usec: 500_000)
        guard let c = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), timeout) else { return nil }
        guard c.pointee.err == 0 else {
            redisFree(c)
            master.moved(from: epoch)
            return nil
        }
        redisSetTimeout(c, timeval(tv_sec: 1, tv_usec: 0))
        if let password = master.password, !Self.authenticate(c, password) {
            redisFree(c)
            return nil
        }
        let arguments = ["SUBSCRIBE", name]
        let lengths = arguments.map { $0.utf8.count }
        var pointers = arguments.map { UnsafePointer<CChar>(strdup($0)) }
        defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let raw = pointers.withUnsafeMutableBufferPointer { argv in
            lengths.withUnsafeBufferPointer { lens in redisCommandArgv(c, 2, argv.baseAddress, lens.baseAddress) }
        }
        guard let raw else {
            redisFree(c)
            return nil
        }
        let reply = raw.assumingMemoryBound(to: redisReply.self).pointee
        let subscribed = reply.type == REDIS_REPLY_ARRAY && reply.elements == 3
        freeReplyObject(raw)
        guard subscribed else {
            redisFree(c)
            return nil
        }
        return (c, epoch)
    }

    private static func authenticate(_ c: UnsafeMutablePointer<redisContext>, _ password: String) -> Bool {
        let arguments = ["AUTH", password]
        let lengths = arguments.map { $0.utf8.count }
        var pointers = arguments.map { UnsafePointer<CChar>(strdup($0)) }
        defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        guard let raw = pointers.withUnsafeMutableBufferPointer({ argv in
            lengths.withUnsafeBufferPointer { lens in redisCommandArgv(c, 2, argv.baseAddress, lens.baseAddress) }
        }) else { return false }
        defer { freeReplyObject(raw) }
        return raw.assumingMemoryBound(to: redisReply.self).pointee.type != REDIS_REPLY_ERROR
    }

    /// Reads messages until the connection fails, the channel is stopped or the master moves
    /// (a failover: leases granted by the old master must not outlive it).
    private func listen(_ c: UnsafeMutablePointer<redisContext>, epoch: Int) {
        while !stopped.load(ordering: .relaxed), master.epoch == epoch {
            // Whatever the reader already holds first (messages can follow SUBSCRIBE's reply).
            var raw: UnsafeMutableRawPointer?
            while redisGetReplyFromReader(c, &raw) == REDIS_OK, let message = raw {
                handle(message.assumingMemoryBound(to: redisReply.self).pointee)
                freeReplyObject(message)
                raw = nil
            }
            guard c.pointee.err == 0 else { return }
            var descriptor = pollfd(fd: c.pointee.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return }
            if ready == 0 { continue }
            // EOF (Redis stopped) or an error: the connection is over.
            guard redisBufferRead(c) == REDIS_OK else { return }
        }
    }

    private func handle(_ reply: redisReply) {
        guard reply.type == REDIS_REPLY_ARRAY, reply.elements == 3, let payload = reply.element[2]?.pointee,
              payload.type == REDIS_REPLY_STRING, let text = payload.str else { return }
        let words = String(cString: text).split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("r", 4):
            leases.revoke(words[1], now: MonotonicTime.nanoseconds())
            confirm(words[1], words[2], words[3])
        case ("a", 3):
            waits.confirm(words[1], by: words[2])
        default:
            break
        }
    }
}
