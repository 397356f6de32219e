/// Which master serves each of the 16,384 slots, and its replicas: read whole from
/// `CLUSTER SHARDS` (Redis 7.0) and replaced whole when a node answers `-MOVED` (issue 39).
struct RedisSlotMap: Sendable, Equatable {
    /// The masters that serve slots, by address (nodes list shards in orders of their own, and
    /// one topology must make one map whichever node was asked).
    let masters: [RedisAddress]
    /// Each master's replicas that are online.
    let replicas: [[RedisAddress]]
    /// Per slot, the index of its master in `masters`; `uncovered` when no online master
    /// serves it.
    let owners: [UInt16]

    static let uncovered = UInt16.max

    /// The master of `slot`, or nil when no online master serves it.
    func master(of slot: Int) -> RedisAddress? {
        let owner = owners[slot]
        return owner == Self.uncovered ? nil : masters[Int(owner)]
    }

    /// Whether `other` sends every slot to the same master (replicas aside): what the lease
    /// channels follow.
    func sameOwners(as other: RedisSlotMap) -> Bool { masters == other.masters && owners == other.owners }

    /// How many slots have a master.
    var coveredSlots: Int { owners.reduce(0) { $0 + ($1 == Self.uncovered ? 0 : 1) } }

    /// From a `CLUSTER SHARDS` reply: an array of shards, each a flat array of names and
    /// values (`slots`: start and end pairs; `nodes`: each a flat array with `ip`, `endpoint`,
    /// `port`, `role`, `health`). A shard's online master serves its slots; a shard without
    /// one (a failover under way) leaves them uncovered. A master without slots is left out:
    /// it serves nothing, and it is what a node is between joining and becoming a replica or
    /// receiving slots, which the cluster's nodes learn at different moments, so with it the
    /// map read from one node and then another flipped back and forth for seconds after a
    /// cluster was made (each flip restarting the lease channels). Throws `.unavailable` for a
    /// reply that is not that shape (a Redis without cluster mode answers an error).
    init(shards reply: RedisReply) throws(StorageError) {
        if case .error(let e) = reply { throw .unavailable("CLUSTER SHARDS: \(e)") }
        guard let shards = reply.elements else { throw .unavailable("CLUSTER SHARDS answered no list of shards") }
        var masters: [RedisAddress] = [], replicas: [[RedisAddress]] = []
        var owners = [UInt16](repeating: Self.uncovered, count: RedisClusterSlot.count)
        for shard in shards {
            let fields = Self.fields(shard)
            guard let slots = fields["slots"]?.elements, let nodes = fields["nodes"]?.elements else {
                throw .unavailable("CLUSTER SHARDS answered a shard without slots or nodes")
            }
            if slots.isEmpty { continue }
            var master: RedisAddress?, online: [RedisAddress] = []
            for node in nodes {
                let n = Self.fields(node)
                guard let port = n["port"]?.int, let address = Self.address(n, port: port),
                    Self.text(n["health"]) == "online"
                else { continue }
                if Self.text(n["role"]) == "master" { master = address } else { online.append(address) }
            }
            guard let master else { continue }
            guard masters.count < Int(Self.uncovered) else { throw .unavailable("CLUSTER SHARDS named too many masters") }
            let index = UInt16(masters.count)
            masters.append(master)
            replicas.append(online)
            var k = 0
            while k + 1 < slots.count {
                guard let lo = slots[k].int, let hi = slots[k + 1].int, 0 <= lo, lo <= hi, hi < RedisClusterSlot.count else {
                    throw .unavailable("CLUSTER SHARDS answered a slot range out of bounds")
                }
                for slot in lo...hi { owners[slot] = index }
                k += 2
            }
        }
        // By address: the same topology gives the same map, whichever node answered.
        let order = masters.indices.sorted { (masters[$0].host, masters[$0].port) < (masters[$1].host, masters[$1].port) }
        var rank = [UInt16](repeating: 0, count: masters.count)
        for (new, old) in order.enumerated() { rank[old] = UInt16(new) }
        self.masters = order.map { masters[$0] }
        self.replicas = order.map { replicas[$0].sorted { ($0.host, $0.port) < ($1.host, $1.port) } }
        self.owners = owners.map { $0 == Self.uncovered ? $0 : rank[Int($0)] }
    }

    /// A flat array of names and values, as a dictionary.
    private static func fields(_ reply: RedisReply) -> [String: RedisReply] {
        guard let a = reply.elements else { return [:] }
        var out: [String: RedisReply] = [:]
        var k = 0
        while k + 1 < a.count {
            if let name = text(a[k]) { out[name] = a[k + 1] }
            k += 2
        }
        return out
    }

    private static func text(_ reply: RedisReply?) -> String? {
        switch reply {
        case .string(let b)?: String(decoding: b, as: UTF8.self)
        case .status(let s)?: s
        default: nil
        }
    }

    /// The node's preferred endpoint, or its IP when the endpoint is unknown (`?`) or empty.
    private static func address(_ n: [String: RedisReply], port: Int) -> RedisAddress? {
        for key in ["endpoint", "ip"] {
            if let host = text(n[key]), !host.isEmpty, host != "?" { return RedisAddress(host: host, port: port) }
        }
        return nil
    }
}
