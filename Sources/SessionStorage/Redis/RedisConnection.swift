#if canImport(Glibc)
    import Glibc
#endif
import CHiredis
import TesseraSupport

/// A reply from Redis, copied out of hiredis's reply tree.
enum RedisReply: Equatable, Sendable {
    case string([UInt8])
    case integer(Int64)
    case array([RedisReply])
    case null
    case status(String)
    case error(String)

    var int: Int? {
        switch self {
        case .integer(let n): Int(n)
        case .string(let b): Int(String(decoding: b, as: UTF8.self))
        default: nil
        }
    }

    var bytes: [UInt8]? {
        if case .string(let b) = self { return b }
        return nil
    }

    var elements: [RedisReply]? {
        if case .array(let a) = self { return a }
        return nil
    }
}

/// How a call failed at the connection level, which decides whether it may be tried again
/// (`RedisConnectionPool.withConnection`).
enum RedisFailure: Equatable, Sendable {
    /// The commands could not be written: Redis received none of them, so none ran.
    case notSent
    /// Redis closed the connection (or reset it) before every reply came: the commands may
    /// or may not have run.
    case dropped
    /// No reply within the command timeout (a stalled or partitioned Redis): they may or
    /// may not have run, and asking again would wait as long.
    case timedOut
}

/// One blocking hiredis connection with connect and command timeouts, so no call waits on a
/// missing Redis for longer than the timeout. Used by one thread at a time (the pool's job).
final class RedisConnection: @unchecked Sendable {
    private let context: UnsafeMutablePointer<redisContext>
    /// False once a call failed at the connection level: the pool then drops it.
    private(set) var isHealthy = true
    /// How the last call failed, when it did.
    private(set) var failure: RedisFailure?

    /// Whether Redis has closed this idle connection (a restart, its `timeout`, `CLIENT
    /// KILL`, a proxy): an idle connection owes no reply, so anything readable on it (the
    /// end of the stream, or a reset) means it is dead. Checked before each use, so a dead
    /// connection is replaced before a command is lost on it.
    var isClosedByPeer: Bool {
        var probe = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) != 0
    }

    /// The master epoch it was opened in (`RedisMaster`).
    let epoch: Int

    /// - Parameters:
    ///   - password: sent with AUTH first (never logged: a refusal says only that).
    ///   - requireMaster: the server must say it is a master (`ROLE`): a store never writes
    ///     to a replica, which a sentinel may still name for a moment after a failover.
    init(
        _ endpoint: RedisEndpoint, password: String? = nil, requireMaster: Bool = false, epoch: Int = 0,
        connectTimeoutMilliseconds: Int, commandTimeoutMilliseconds: Int
    ) throws(StorageError) {
        guard let c = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), Self.timeval(connectTimeoutMilliseconds)) else {
            throw .unavailable("cannot allocate a Redis connection")
        }
        guard c.pointee.err == 0 else {
            let message = Self.errorText(c)
            redisFree(c)
            throw .unavailable("cannot connect to Redis at \(endpoint.host):\(endpoint.port): \(message)")
        }
        context = c
        self.epoch = epoch
        redisSetTimeout(c, Self.timeval(commandTimeoutMilliseconds))
        if let password {
            if case .error = try command(["AUTH", password]) {
                throw .unavailable("Redis at \(endpoint.host):\(endpoint.port) refused the password")
            }
        }
        if endpoint.database != 0 {
            let reply = try command(["SELECT", String(endpoint.database)])
            if case .error(let e) = reply { throw .unavailable("Redis refused SELECT \(endpoint.database): \(e)") }
        }
        if requireMaster {
            let role = try command(["ROLE"]).elements?.first?.bytes.map { String(decoding: $0, as: UTF8.self) }
            guard role == "master" else {
                throw .unavailable("Redis at \(endpoint.host):\(endpoint.port) is not a master (ROLE \(role ?? "unknown"))")
            }
        }
    }

    deinit { redisFree(context) }

    private static func timeval(_ milliseconds: Int) -> timeval {
        Glibc.timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
    }

    private static func errorText(_ c: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: c.pointee.errstr) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    func command(_ arguments: [String]) throws(StorageError) -> RedisReply {
        try command(arguments.map { Array($0.utf8) })
    }

    /// Sends one command (binary-safe arguments) and waits for its reply.
    func command(_ arguments: [[UInt8]]) throws(StorageError) -> RedisReply {
        try pipeline([arguments])[0]
    }

    /// Sends commands in one write and reads their replies in order: one round trip.
    /// Arguments are passed in place (a session image of megabytes is not copied here). The write
    /// is finished before any reply is read, so a failure says whether Redis got the
    /// commands (`failure`): a failed write is `.notSent`, a failed read may follow commands
    /// that ran.
    func pipeline(_ commands: [[[UInt8]]]) throws(StorageError) -> [RedisReply] {
        for arguments in commands {
            let lengths = arguments.map(\.count)
            let rc = Self.withArgumentPointers(arguments[...], []) { pointers in
                var argv = pointers
                return argv.withUnsafeMutableBufferPointer { argv in
                    lengths.withUnsafeBufferPointer { lens in
                        redisAppendCommandArgv(context, Int32(arguments.count), argv.baseAddress, lens.baseAddress)
                    }
                }
            }
            guard rc == 0 else { throw fail(.notSent) }
        }
        var done: Int32 = 0
        while done == 0 {
            guard redisBufferWrite(context, &done) == 0 else { throw fail(.notSent) }
        }
        var replies: [RedisReply] = []
        for _ in commands {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReply(context, &raw) == 0, let raw else {
                // hiredis reports a read timeout as an I/O error with EAGAIN.
                let timedOut = context.pointee.err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK)
                throw fail(timedOut ? .timedOut : .dropped)
            }
            replies.append(Self.copy(raw.assumingMemoryBound(to: redisReply.self).pointee))
            freeReplyObject(raw)
        }
        return replies
    }

    private func fail(_ how: RedisFailure) -> StorageError {
        isHealthy = false
        failure = how
        let text = "Redis: \(Self.errorText(context))"
        return how == .notSent ? .unavailable(text) : .outcomeUnknown(text)
    }

    /// Pointers to each argument's own bytes, valid inside `body`.
    private static func withArgumentPointers<R>(
        _ rest: ArraySlice<[UInt8]>, _ pointers: [UnsafePointer<CChar>?],
        _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
        guard let first = rest.first else { return body(pointers) }
        return first.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            return withArgumentPointers(rest.dropFirst(), pointers + [base.assumingMemoryBound(to: CChar.self)], body)
        }
    }

    private static func copy(_ r: redisReply) -> RedisReply {
        switch r.type {
        case 1: return .string(r.str.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(r.len))) } ?? [])
        case 2:
            var out: [RedisReply] = []
            out.reserveCapacity(Int(r.elements))
            for i in 0..<Int(r.elements) {
                if let e = r.element[i] { out.append(copy(e.pointee)) } else { out.append(.null) }
            }
            return .array(out)
        case 3: return .integer(r.integer)
        case 5: return .status(r.str.map { String(cString: $0) } ?? "")
        case 6: return .error(r.str.map { String(cString: $0) } ?? "")
        default: return .null
        }
    }
}

/// Idle connections, one taken per call: each thread (event loop or worker) uses its own for
/// the length of a call, and a broken one is dropped and replaced by a fresh connection.
final class RedisConnectionPool: @unchecked Sendable {
    let master: RedisMaster
    private let lock = BlockingLock()
    private var idle: [RedisConnection] = []
    var connectTimeoutMilliseconds: Int { master.connectTimeoutMilliseconds }
    var commandTimeoutMilliseconds: Int { master.commandTimeoutMilliseconds }

    init(_ master: RedisMaster) {
        self.master = master
    }

    /// Runs `body` on an idle connection (or a new one). Idle connections Redis has closed are
    /// dropped before one is used. A connection-level failure drops every idle connection
    /// too (after a Redis restart they are all dead), and the call is tried once more on a
    /// fresh connection where that is safe: when Redis received nothing, or when the call is
    /// `idempotent` (a read, or a write whose repetition changes nothing) and the connection
    /// dropped. A timeout is not tried again: a stalled Redis would only double the wait.
    /// A write whose outcome is unknown stays unknown (`StorageError.outcomeUnknown`).
    ///
    /// - Parameter replayable: a write that carries its own write id, so that running it
    ///   twice answers the first run's outcome: tried again when the connection dropped, but
    ///   its failure stays "outcome unknown".
    func withConnection<T>(
        idempotent: Bool = false, replayable: Bool = false,
        _ body: (RedisConnection) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let taken = takeIdle()
        do {
            return try run(taken, body)
        } catch {
            let again = taken?.failure == .notSent || ((idempotent || replayable) && taken?.failure == .dropped)
            guard again else { throw idempotent ? error.asUnavailable : error }
            do { return try run(nil, body) } catch { throw idempotent ? error.asUnavailable : error }
        }
    }

    /// The most recently used idle connection Redis has not closed, to the current master,
    /// or nil.
    private func takeIdle() -> RedisConnection? {
        let epoch = master.epoch
        while let connection = lock.locked({ idle.popLast() }) {
            if connection.epoch != epoch { continue } // a master that is no longer the master
            if !connection.isClosedByPeer { return connection }
            // One closed means Redis restarted or dropped clients: the others are likely dead too.
            lock.locked { idle.removeAll { $0.isClosedByPeer } }
        }
        return nil
    }

    private func run<T>(_ taken: RedisConnection?, _ body: (RedisConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        let connection: RedisConnection
        if let taken { connection = taken } else { connection = try connect() }
        defer {
            if connection.isHealthy {
                lock.locked { if idle.count < 64 { idle.append(connection) } }
            } else {
                lock.locked { idle.removeAll() }
                // A dropped connection may be the master going away: under Sentinel the
                // next new connection asks where the master is.
                master.moved(from: connection.epoch)
            }
        }
        return try body(connection)
    }

    /// A new connection to the master. Under Sentinel a master that refuses the connection
    /// or is no longer a master is asked for again, once, before the call fails.
    func connect() throws(StorageError) -> RedisConnection {
        var attempt = 0
        while true {
            let (endpoint, epoch) = try master.current()
            do {
                return try RedisConnection(
                    endpoint, password: master.password, requireMaster: master.isSentinel, epoch: epoch,
                    connectTimeoutMilliseconds: connectTimeoutMilliseconds,
                    commandTimeoutMilliseconds: commandTimeoutMilliseconds)
            } catch {
                master.moved(from: epoch)
                attempt += 1
                guard master.isSentinel, attempt < 2 else { throw error }
            }
        }
    }

    /// The master answered `-READONLY` (it was demoted): drop what points at it.
    func masterIsReadOnly(epoch: Int) {
        master.moved(from: epoch)
        lock.locked { idle.removeAll() }
    }
}

/// `redis://HOST:PORT[/DB]`.
public struct RedisEndpoint: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var database: Int

    public init(host: String, port: Int, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }
}
