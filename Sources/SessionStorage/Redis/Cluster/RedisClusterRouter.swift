#if canImport(Glibc)
    import Glibc
#endif
import TesseraSupport

/// Sends each command to the master that serves its slot (issue 39): the thin cluster client
/// Debian's hiredis 0.14 lacks, over the store's blocking connections (one pool per node).
///
/// - The slot map comes whole from `CLUSTER SHARDS`, asked of the seeds and the known masters
///   in turn, and is read again whole when a node answers `-MOVED` (the command then goes
///   where `-MOVED` said, so a map still catching up cannot send it round in circles).
/// - `-ASK` sends the one command to the importing node after `ASKING`, on one connection,
///   and leaves the map alone.
/// - `-TRYAGAIN` waits (1, 2, 4, … ms) and sends again; `-CLUSTERDOWN` and a slot no online
///   master serves are `.unavailable`.
/// A redirected command did not run where it was refused, so sending it on is safe for
/// writes too. At most `maxRedirections` `-MOVED` hops (more means the nodes disagree);
/// `-ASK` and `-TRYAGAIN` go on for as long as the command timeout: a script whose keys a
/// slot migration has split (the session moved, its lease hash not yet, or the lease hash
/// not there at all) is refused with `-TRYAGAIN` on both nodes until the slot's migration
/// ends, a matter of milliseconds; then `.unavailable`.
final class RedisClusterRouter: @unchecked Sendable {
    let seeds: [RedisAddress]
    let password: String?
    let connectTimeoutMilliseconds: Int
    let commandTimeoutMilliseconds: Int
    let maxRedirections: Int
    private let lock = BlockingLock()
    private var map: RedisSlotMap?
    private var pools: [RedisAddress: RedisConnectionPool] = [:]
    /// How many times the map was read (tests and metrics).
    private(set) var refreshes = 0

    init(
        seeds: [RedisAddress], password: String?, connectTimeoutMilliseconds: Int, commandTimeoutMilliseconds: Int,
        maxRedirections: Int = 5
    ) {
        self.seeds = seeds
        self.password = password
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.commandTimeoutMilliseconds = commandTimeoutMilliseconds
        self.maxRedirections = maxRedirections
    }

    /// The slot map as last read, without reading it.
    var knownMap: RedisSlotMap? { lock.locked { map } }

    /// The slot map, read first if it was never read.
    func slotMap() throws(StorageError) -> RedisSlotMap {
        if let known = lock.locked({ map }) { return known }
        return try refresh()
    }

    /// Reads the slot map again, from the first node that answers: the known masters, then
    /// the seeds.
    @discardableResult
    func refresh() throws(StorageError) -> RedisSlotMap {
        let known = lock.locked { map?.masters ?? [] }
        var tried = Set<RedisAddress>(), last: StorageError = .unavailable("no Redis Cluster node to ask for the slot map")
        for address in known + seeds where tried.insert(address).inserted {
            do {
                let reply = try pool(address).withConnection(idempotent: true) { (c) throws(StorageError) in
                    try c.command(["CLUSTER", "SHARDS"])
                }
                let fresh = try RedisSlotMap(shards: reply)
                lock.locked {
                    map = fresh
                    refreshes += 1
                }
                return fresh
            } catch {
                last = error
            }
        }
        throw last
    }

    /// The connections to one node.
    func pool(_ address: RedisAddress) -> RedisConnectionPool {
        lock.locked {
            if let pool = pools[address] { return pool }
            let master = RedisMaster(
                .fixed(RedisEndpoint(host: address.host, port: address.port)), password: password, sentinelPassword: nil,
                connectTimeoutMilliseconds: connectTimeoutMilliseconds, commandTimeoutMilliseconds: commandTimeoutMilliseconds)
            let pool = RedisConnectionPool(master)
            pools[address] = pool
            return pool
        }
    }

    /// One command for `slot`, redirected as the cluster says.
    func command(slot: Int, idempotent: Bool = false, _ arguments: [[UInt8]]) throws(StorageError) -> RedisReply {
        try pipeline(slot: slot, idempotent: idempotent, [arguments])[0]
    }

    func command(slot: Int, idempotent: Bool = false, _ arguments: [String]) throws(StorageError) -> RedisReply {
        try command(slot: slot, idempotent: idempotent, arguments.map { Array($0.utf8) })
    }

    /// Commands for one slot sent together on one connection (a script, or MULTI … EXEC: all
    /// their keys in `slot`). A redirection in any reply sends them all again where it says:
    /// a node that refuses a slot refuses every command of it (queued ones included, and then
    /// EXEC aborts), so none of them ran.
    func pipeline(slot: Int, idempotent: Bool = false, replayable: Bool = false, _ commands: [[[UInt8]]]) throws(StorageError) -> [RedisReply] {
        var asking: RedisAddress?, target: RedisAddress?
        var backoff: UInt32 = 1_000
        var moves = 0
        let deadline = MonotonicClock.now() + UInt64(max(1, commandTimeoutMilliseconds)) * 1_000_000
        while true {
            let node: RedisAddress
            if let a = asking ?? target {
                node = a
            } else {
                guard let owner = try slotMap().master(of: slot) else {
                    throw .unavailable("no Redis Cluster master serves slot \(slot)")
                }
                node = owner
            }
            let ask = asking != nil
            let replies: [RedisReply]
            do {
                replies = try pool(node).withConnection(idempotent: idempotent, replayable: replayable) { (c) throws(StorageError) in
                    ask ? Array(try c.pipeline([[Array("ASKING".utf8)]] + commands).dropFirst()) : try c.pipeline(commands)
                }
            } catch {
                // A master that does not answer may be failing over: the next call reads
                // where its slots went (a replica is promoted after cluster-node-timeout).
                _ = try? refresh()
                throw error
            }
            asking = nil
            guard let redirection = Self.redirection(in: replies, from: node) else { return replies }
            switch redirection {
            case .moved(_, let to):
                moves += 1
                guard moves <= maxRedirections else {
                    throw .unavailable("slot \(slot) was moved more than \(maxRedirections) times")
                }
                target = to
                _ = try? refresh()
            case .ask(_, let to):
                asking = to
            case .tryAgain:
                usleep(backoff)
                backoff = min(backoff * 2, 50_000)
            case .clusterDown:
                throw .unavailable("the Redis Cluster is down for slot \(slot)")
            }
            guard MonotonicClock.now() < deadline else {
                throw .unavailable("slot \(slot) was still being migrated after \(commandTimeoutMilliseconds) ms")
            }
        }
    }

    /// Independent commands, one per slot given, answered in their order: grouped by the
    /// master the map names for their slot and pipelined once per node; a command that node
    /// redirects (a slot moved meanwhile) is sent again alone through `pipeline`.
    func scatter(_ commands: [(slot: Int, command: [[UInt8]])], idempotent: Bool = false) throws(StorageError) -> [RedisReply] {
        let map = try slotMap()
        var byNode: [RedisAddress: [Int]] = [:], replies = [RedisReply](repeating: .null, count: commands.count)
        var alone: [Int] = []
        for (index, item) in commands.enumerated() {
            if let node = map.master(of: item.slot) { byNode[node, default: []].append(index) } else { alone.append(index) }
        }
        for (node, indices) in byNode {
            let answered: [RedisReply]
            do {
                answered = try pool(node).withConnection(idempotent: idempotent) { (c) throws(StorageError) in
                    try c.pipeline(indices.map { commands[$0].command })
                }
            } catch {
                _ = try? refresh()
                throw error
            }
            for (index, reply) in zip(indices, answered) {
                if case .error(let e) = reply, RedisClusterRedirection(error: e, from: node) != nil {
                    alone.append(index)
                } else {
                    replies[index] = reply
                }
            }
        }
        for index in alone {
            replies[index] = try pipeline(slot: commands[index].slot, idempotent: idempotent, [commands[index].command])[0]
        }
        return replies
    }

    /// Ready when the slot map can be read and a master it names answers `PING`. A shard
    /// without a master (a failover under way) fails its own sessions' requests, not the
    /// replica: the other shards' sessions are served, so readiness does not wait for it.
    func ping() throws(StorageError) {
        let map = try refresh()
        var last: StorageError = .unavailable("the Redis Cluster has no master serving slots")
        for node in map.masters {
            do {
                let reply = try pool(node).withConnection(idempotent: true) { (c) throws(StorageError) in try c.command(["PING"]) }
                if case .status("PONG") = reply { return }
                last = .unavailable("Redis \(node.host):\(node.port) answered PING with \(reply)")
            } catch {
                last = error
            }
        }
        throw last
    }

    /// The first redirection among `replies` (an EXEC aborted by one answers EXECABORT after
    /// the queued commands' redirections).
    static func redirection(in replies: [RedisReply], from node: RedisAddress) -> RedisClusterRedirection? {
        for reply in replies {
            if case .error(let e) = reply, let r = RedisClusterRedirection(error: e, from: node) { return r }
        }
        return nil
    }
}
