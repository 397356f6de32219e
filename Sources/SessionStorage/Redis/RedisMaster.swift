import Synchronization

/// `host:port` of a Redis or a Sentinel.
public struct RedisAddress: Sendable, Equatable, Hashable {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}

/// Sentinels that watch one master: `redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB]`.
public struct RedisSentinels: Sendable, Equatable {
    public var sentinels: [RedisAddress]
    public var masterName: String
    public var database: Int

    public init(sentinels: [RedisAddress], masterName: String, database: Int = 0) {
        self.sentinels = sentinels
        self.masterName = masterName
        self.database = database
    }
}

/// What a Redis store needs besides where it is: passwords (read from files by the
/// executable, never from the command line) and how many replicas must confirm a change.
public struct RedisOptions: Sendable {
    /// AUTH for Redis itself, and for the sentinels.
    public var password: String?
    public var sentinelPassword: String?
    /// A change is acknowledged only after `WAIT` confirms this many replicas have it; nil:
    /// 1 under Sentinel (so that a failover keeps every acknowledged change), 0 otherwise.
    public var minReplicaAcks: Int?
    /// How long `WAIT` waits for them.
    public var replicaAckTimeoutMilliseconds = 1000

    public init(password: String? = nil, sentinelPassword: String? = nil, minReplicaAcks: Int? = nil) {
        self.password = password
        self.sentinelPassword = sentinelPassword
        self.minReplicaAcks = minReplicaAcks
    }

    /// `minReplicaAcks`, or its default: 1 under Sentinel, 0 otherwise.
    public func replicaAcks(underSentinel: Bool) -> Int {
        minReplicaAcks ?? (underSentinel ? 1 : 0)
    }
}

/// Where the Redis master is now: a fixed address, or the one the sentinels name.
///
/// Under Sentinel the master is asked for once and kept until a sign that it moved: a
/// refused connection, a `-READONLY` reply (a demoted master), a `ROLE` that is not master,
/// or a dropped connection. Then the next call asks the sentinels again, so a failover is
/// followed as soon as Sentinel has promoted a replica. Each master Tessera talks to gets a
/// new `epoch`: connections of an older epoch are dropped, and read leases granted by the
/// old master end with the lease channel's connection to it.
final class RedisMaster: Sendable {
    enum Source: Sendable {
        case fixed(RedisEndpoint)
        case sentinels(RedisSentinels)
    }

    let source: Source
    let password: String?
    let sentinelPassword: String?
    let connectTimeoutMilliseconds: Int
    let commandTimeoutMilliseconds: Int
    private let state: Mutex<(endpoint: RedisEndpoint?, epoch: Int)>

    init(
        _ source: Source, password: String?, sentinelPassword: String?,
        connectTimeoutMilliseconds: Int, commandTimeoutMilliseconds: Int
    ) {
        self.source = source
        self.password = password
        self.sentinelPassword = sentinelPassword
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.commandTimeoutMilliseconds = commandTimeoutMilliseconds
        if case .fixed(let endpoint) = source {
            state = Mutex((endpoint, 0))
        } else {
            state = Mutex((nil, 0))
        }
    }

    var isSentinel: Bool {
        if case .sentinels = source { return true }
        return false
    }

    var epoch: Int { state.withLock { $0.epoch } }

    /// The master to use now, and its epoch; asks the sentinels when it is not known.
    func current() throws(StorageError) -> (endpoint: RedisEndpoint, epoch: Int) {
        if let known = state.withLock({ s in s.endpoint.map { ($0, s.epoch) } }) { return known }
        guard case .sentinels(let watched) = source else { throw .unavailable("no Redis master") }
        let found = try Self.ask(
            watched, password: sentinelPassword, connectTimeoutMilliseconds: connectTimeoutMilliseconds,
            commandTimeoutMilliseconds: commandTimeoutMilliseconds)
        return state.withLock { s in
            if s.endpoint != found {
                s.endpoint = found
                s.epoch += 1
            }
            return (found, s.epoch)
        }
    }

    /// The master of `epoch` looks gone or demoted: the next call asks the sentinels.
    func moved(from epoch: Int) {
        guard isSentinel else { return }
        state.withLock { s in
            if s.epoch == epoch { s.endpoint = nil }
        }
    }

    /// A sentinel announced a new master (`+switch-master`): use it from now on.
    func switched(to endpoint: RedisEndpoint) {
        state.withLock { s in
            if s.endpoint != endpoint {
                s.endpoint = endpoint
                s.epoch += 1
            }
        }
    }

    /// The first sentinel that answers names the master (`SENTINEL get-master-addr-by-name`).
    private static func ask(
        _ watched: RedisSentinels, password: String?, connectTimeoutMilliseconds: Int,
        commandTimeoutMilliseconds: Int
    ) throws(StorageError) -> RedisEndpoint {
        var problems: [String] = []
        for sentinel in watched.sentinels {
            do {
                let c = try RedisConnection(
                    RedisEndpoint(host: sentinel.host, port: sentinel.port), password: password,
                    connectTimeoutMilliseconds: connectTimeoutMilliseconds,
                    commandTimeoutMilliseconds: commandTimeoutMilliseconds)
                let reply = try c.command(["SENTINEL", "get-master-addr-by-name", watched.masterName])
                guard let parts = reply.elements, parts.count == 2, let host = parts[0].bytes, let port = parts[1].int else {
                    problems.append("\(sentinel.host):\(sentinel.port) does not know master '\(watched.masterName)'")
                    continue
                }
                return RedisEndpoint(host: String(decoding: host, as: UTF8.self), port: port, database: watched.database)
            } catch {
                problems.append("\(error)")
            }
        }
        throw .unavailable("no sentinel named the master: \(problems.joined(separator: "; "))")
    }
}
