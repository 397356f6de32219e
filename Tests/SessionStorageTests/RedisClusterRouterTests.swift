import Testing
import RedisClusterSupport
@testable import SessionStorage

/// Issue 39, the cluster router's parts: slots as the cluster specification computes them,
/// redirections as nodes write them, the slot map from `CLUSTER SHARDS`, and routing,
/// `-MOVED` and `-ASK` against a real three-master cluster on loopback.
@Suite struct RedisClusterRouterTests {
    /// The specification's example (CRC16 of "123456789" is 0x31C3) and its hash-tag cases.
    @Test func slotsAsTheSpecificationComputesThem() {
        #expect(RedisClusterSlot.crc16(Array("123456789".utf8)[...]) == 0x31C3)
        #expect(RedisClusterSlot.of("123456789") == 12739)
        #expect(RedisClusterSlot.of("{user1000}.following") == RedisClusterSlot.of("{user1000}.followers"))
        #expect(RedisClusterSlot.of("{user1000}.following") == RedisClusterSlot.of("user1000"))
        // An empty tag hashes the whole key; the first `}` after the first `{` ends a tag.
        #expect(RedisClusterSlot.hashed(Array("foo{}{bar}".utf8)) == Array("foo{}{bar}".utf8)[...])
        #expect(Array(RedisClusterSlot.hashed(Array("foo{{bar}}zap".utf8))) == Array("{bar".utf8))
        #expect(Array(RedisClusterSlot.hashed(Array("foo{bar}{zap}".utf8))) == Array("bar".utf8))
        #expect(Array(RedisClusterSlot.hashed(Array("no tag".utf8))) == Array("no tag".utf8))
        // A session's keys share its tag, so one slot.
        #expect(RedisClusterSlot.of("tessera:{3f9c}:image") == RedisClusterSlot.of("tessera:{3f9c}:log"))
    }

    @Test func redirectionsAreRead() {
        let node = RedisAddress(host: "10.0.0.7", port: 7000)
        typealias R = RedisClusterRedirection
        #expect(R(error: "MOVED 3999 127.0.0.1:6381", from: node) == .moved(slot: 3999, to: RedisAddress(host: "127.0.0.1", port: 6381)))
        #expect(R(error: "ASK 3999 [::1]:7002", from: node) == .ask(slot: 3999, to: RedisAddress(host: "::1", port: 7002)))
        #expect(R(error: "MOVED 1 :7001", from: node) == .moved(slot: 1, to: RedisAddress(host: "10.0.0.7", port: 7001)))
        #expect(R(error: "TRYAGAIN Multiple keys request during rehashing of slot", from: node) == .tryAgain)
        #expect(R(error: "CLUSTERDOWN The cluster is down", from: node) == .clusterDown)
        for other in ["MOVED 16384 127.0.0.1:1", "MOVED x 127.0.0.1:1", "MOVED 1 127.0.0.1", "ERR wrong", "", "ASK 1 h:0"] {
            #expect(R(error: other, from: node) == nil, "\(other)")
        }
    }

    /// Two shards: one with an online master and replica; one whose master has failed and
    /// whose replica is not promoted yet: its slots are uncovered.
    @Test func theSlotMapFromShards() throws {
        func s(_ t: String) -> RedisReply { .string(Array(t.utf8)) }
        func node(_ ip: String, _ port: Int64, _ role: String, _ health: String, endpoint: String? = nil) -> RedisReply {
            .array([
                s("id"), s("x"), s("port"), .integer(port), s("ip"), s(ip), s("endpoint"), s(endpoint ?? ip), s("role"), s(role),
                s("health"), s(health)
            ])
        }
        let reply = RedisReply.array([
            .array([
                s("slots"), .array([.integer(0), .integer(99), .integer(200), .integer(16383)]),
                s("nodes"), .array([node("127.0.0.1", 7001, "replica", "online"), node("127.0.0.1", 7000, "master", "online", endpoint: "?")])
            ]),
            .array([
                s("slots"), .array([.integer(100), .integer(199)]),
                s("nodes"), .array([node("127.0.0.1", 7002, "master", "fail"), node("127.0.0.1", 7003, "replica", "online")])
            ])
        ])
        let map = try RedisSlotMap(shards: reply)
        #expect(map.masters == [RedisAddress(host: "127.0.0.1", port: 7000)])
        #expect(map.replicas == [[RedisAddress(host: "127.0.0.1", port: 7001)]])
        #expect(map.master(of: 0) == RedisAddress(host: "127.0.0.1", port: 7000))
        #expect(map.master(of: 150) == nil && map.master(of: 16383) != nil)
        #expect(map.coveredSlots == 16384 - 100)
        #expect(throws: StorageError.self) { try RedisSlotMap(shards: .error("ERR This instance has cluster support disabled")) }

        // Nodes list shards (and a shard's nodes) in orders of their own: one topology makes
        // one map, whichever node was asked (the lease channels restart on a new map).
        let first = RedisReply.array([
            .array([s("slots"), .array([.integer(0), .integer(8191)]), s("nodes"), .array([node("10.0.0.2", 6379, "master", "online")])]),
            .array([
                s("slots"), .array([.integer(8192), .integer(16383)]),
                s("nodes"), .array([node("10.0.0.1", 6379, "master", "online"), node("10.0.0.3", 6379, "replica", "online")])
            ])
        ])
        let second = RedisReply.array([
            .array([
                s("slots"), .array([.integer(8192), .integer(16383)]),
                s("nodes"), .array([node("10.0.0.3", 6379, "replica", "online"), node("10.0.0.1", 6379, "master", "online")])
            ]),
            .array([s("slots"), .array([.integer(0), .integer(8191)]), s("nodes"), .array([node("10.0.0.2", 6379, "master", "online")])])
        ])
        let (a, b) = (try RedisSlotMap(shards: first), try RedisSlotMap(shards: second))
        #expect(a == b && a.sameOwners(as: b))
        #expect(a.masters == [RedisAddress(host: "10.0.0.1", port: 6379), RedisAddress(host: "10.0.0.2", port: 6379)])
        #expect(a.master(of: 0) == RedisAddress(host: "10.0.0.2", port: 6379))
        #expect(a.master(of: 9000) == RedisAddress(host: "10.0.0.1", port: 6379))

        // A master without slots (a node not yet a replica, or not yet given slots) serves
        // nothing: the map is the same whether the node asked knows of it or not (a node that
        // did, read after one that did not, restarted every lease channel).
        let withEmptyMaster = RedisReply.array([
            .array([s("slots"), .array([]), s("nodes"), .array([node("10.0.0.0", 6379, "master", "online")])]),
            first.elements![0], first.elements![1],
            .array([s("slots"), .array([]), s("nodes"), .array([node("10.0.0.9", 6379, "master", "online")])])
        ])
        let c = try RedisSlotMap(shards: withEmptyMaster)
        #expect(c.sameOwners(as: a) && c.masters == a.masters)
    }

    /// A real cluster of three masters: slots agree with `CLUSTER KEYSLOT`; commands reach
    /// their masters with one read of the map; a slot moved under the router answers
    /// `-MOVED` once, the map is read again and the command lands on the new owner; a key
    /// being migrated answers `-ASK` and is read and written on the importing node without a
    /// new map.
    /// Every slot has a tag of at most four letters that lands in it and cannot end a hash
    /// tag early, so `tessera:leases:{TAG}:REPLICA` is a channel of that slot.
    @Test func everySlotHasALeaseChannelTag() {
        var longest = 0
        for slot in 0..<RedisClusterSlot.count {
            let tag = RedisClusterSlotTags.tag(of: slot)
            longest = max(longest, tag.utf8.count)
            #expect(!tag.contains("{") && !tag.contains("}") && !tag.isEmpty)
            #expect(RedisClusterSlot.of(RedisShardedLeaseChannels.name(of: "9f3a", slot: slot)) == slot)
        }
        #expect(longest <= 4)
        // The same session's channel prefix is in the session's slot.
        let slot = RedisClusterSlot.of("tessera:{abc123}")
        #expect(RedisClusterSlot.of(RedisShardedLeaseChannels.name(of: "r", slot: slot)) == RedisClusterSlot.of("tessera:{abc123}:leases"))
    }

    /// The limits split over the accounts buckets add up to the limit, whatever it is; one
    /// bucket (one master) keeps the whole limit and the key of before.
    @Test func accountBucketsShareTheLimitsExactly() {
        for limit in [0, 1, 15, 16, 17, 1000, 10_000_003] {
            let shares = (0..<16).map { RedisAccountScripts.share(of: limit, bucket: $0, among: 16) }
            #expect(shares.reduce(0, +) == limit)
            #expect(shares.max()! - shares.min()! <= 1)
            #expect(RedisAccountScripts.share(of: limit, bucket: 0, among: 1) == limit)
        }
        #expect(
            RedisAccountScripts.keys(bucket: 0, among: 1) == ["tessera:{accounts}", "tessera:{accounts}:versions", "tessera:{accounts}:pending"])
        // In a cluster, bucket b's keys are in the middle slot of the b-th sixteenth of the slots.
        for bucket in 0..<16 {
            let keys = RedisAccountScripts.keys(bucket: bucket, among: 16)
            #expect(keys.allSatisfy { RedisClusterSlot.of($0) == bucket * 1024 + 512 }, "\(keys)")
            #expect(keys[2].hasSuffix(":accounts:pending"))
        }
        // Ids spread over the buckets: 1,600 random-looking ids, every bucket between 50 and 150.
        var counts = [Int](repeating: 0, count: 16)
        for n in 0..<1600 { counts[RedisAccountScripts.bucket(of: "s\(n * 7919)x", among: 16)] += 1 }
        #expect(counts.allSatisfy { (50...150).contains($0) }, "\(counts)")
        #expect(RedisAccountScripts.bucket(of: "anything", among: 1) == 0)
        // Three masters with the slots split evenly (0–5460, 5461–10922, 10923–16383, as
        // `--cluster create` splits them) hold 5, 5 and 6 buckets.
        let slots = (0..<16).map { RedisRoute.accounts(tag: RedisAccountScripts.tag(bucket: $0, among: 16)).slot }
        #expect(
            [slots.filter { $0 <= 5460 }.count, slots.filter { (5461...10922).contains($0) }.count, slots.filter { $0 >= 10923 }.count] == [5, 6, 5])
    }

    @Test(.timeLimit(.minutes(1))) func routingMovedAndAsk() throws {
        let cluster = try RedisClusterHarness(masters: 3)
        defer { cluster.stop() }
        for key in ["a", "tessera:{s1}:image", "tessera:{s1}:log", "123456789", "{}", "x{y}z"] {
            #expect(try cluster.cli(cluster.ports[0], "CLUSTER", "KEYSLOT", key) == "\(RedisClusterSlot.of(key))", "\(key)")
        }
        let router = RedisClusterRouter(
            seeds: [RedisAddress(host: "127.0.0.1", port: cluster.ports[0])], password: nil,
            connectTimeoutMilliseconds: 1000, commandTimeoutMilliseconds: 2000)
        #expect(try router.slotMap().coveredSlots == 16384)
        #expect(router.refreshes == 1)

        // MOVED: slot of "moved-key", empty, handed to another master behind the router's back.
        let movedSlot = RedisClusterSlot.of("moved-key")
        let from = try cluster.owner(of: movedSlot)
        let to = cluster.ports.first { $0 != from }!
        let toID = try cluster.nodeID(to)
        // As a resharding does it: importing and migrating first, so that the new owner bumps
        // its config epoch when it takes the slot and gossip cannot hand it back.
        #expect(try cluster.cli(to, "CLUSTER", "SETSLOT", "\(movedSlot)", "IMPORTING", try cluster.nodeID(from)) == "OK")
        #expect(try cluster.cli(from, "CLUSTER", "SETSLOT", "\(movedSlot)", "MIGRATING", toID) == "OK")
        for port in [to, from] + cluster.ports.filter({ $0 != to && $0 != from }) {
            #expect(try cluster.cli(port, "CLUSTER", "SETSLOT", "\(movedSlot)", "NODE", toID) == "OK")
        }
        #expect(try router.command(slot: movedSlot, ["SET", "moved-key", "v"]) == .status("OK"))
        #expect(router.refreshes == 2)
        #expect(try cluster.cli(to, "GET", "moved-key") == "v")

        // Many keys, many slots: every one reaches its master.
        for k in 0..<300 {
            let key = "key:\(k)"
            #expect(try router.command(slot: RedisClusterSlot.of(key), ["SET", key, "\(k)"]) == .status("OK"))
        }
        for k in stride(from: 0, to: 300, by: 7) {
            let key = "key:\(k)"
            #expect(try router.command(slot: RedisClusterSlot.of(key), idempotent: true, ["GET", key]).bytes == Array("\(k)".utf8))
        }
        #expect(router.refreshes == 2)

        // ASK: "ask-key" migrates from its owner to another master; the router's map still
        // names the owner.
        let askSlot = RedisClusterSlot.of("ask-key")
        #expect(try router.command(slot: askSlot, ["SET", "ask-key", "before"]) == .status("OK"))
        let source = try cluster.owner(of: askSlot)
        let target = cluster.ports.first { $0 != source }!
        #expect(try cluster.cli(target, "CLUSTER", "SETSLOT", "\(askSlot)", "IMPORTING", try cluster.nodeID(source)) == "OK")
        #expect(try cluster.cli(source, "CLUSTER", "SETSLOT", "\(askSlot)", "MIGRATING", try cluster.nodeID(target)) == "OK")
        #expect(try cluster.cli(source, "MIGRATE", "127.0.0.1", "\(target)", "ask-key", "0", "5000") == "OK")
        #expect(try router.command(slot: askSlot, idempotent: true, ["GET", "ask-key"]).bytes == Array("before".utf8))
        #expect(try router.command(slot: askSlot, ["SET", "{ask-key}:new", "during"]) == .status("OK"))
        #expect(router.refreshes == 2)
        // The migration ends: the old owner now answers MOVED, once.
        let targetID = try cluster.nodeID(target)
        for port in [target, source] + cluster.ports.filter({ $0 != target && $0 != source }) {
            #expect(try cluster.cli(port, "CLUSTER", "SETSLOT", "\(askSlot)", "NODE", targetID) == "OK")
        }
        #expect(try router.command(slot: askSlot, idempotent: true, ["GET", "ask-key"]).bytes == Array("before".utf8))
        #expect(router.refreshes == 3)
        // The key written during the migration went to the importing node.
        #expect(try cluster.cli(target, "GET", "{ask-key}:new") == "during")
    }
}
