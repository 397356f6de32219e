import Foundation
import LoopbackHTTP
import RedisClusterSupport
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Issue 39's failure test: a master of a six-node Redis Cluster (three masters, three
/// replicas, `min-replicas-to-write 1`, every write fsynced) is killed with SIGKILL while four
/// writers per shard send conditional updates through two Tessera replicas. Its replica is
/// elected after `cluster-node-timeout`; the killed node is started again once that happened
/// (as a container's restart policy would), rejoins as the new master's replica, and the
/// shard takes writes again. A checker keeps every acknowledged (session, version).
@Suite("Redis Cluster failover over HTTP", .serialized)
struct RedisClusterFailoverHTTPTests {
    typealias P = PersistenceHTTPTests
    typealias Tally = RedisFailoverHTTPTests.Tally

    static let nodeTimeoutMilliseconds = 2000

    @Test(.timeLimit(.minutes(3))) func aMasterKilledUnderFourWritersPerShardLosesNothing() throws {
        let cluster = try RedisClusterHarness(
            masters: 3, replicasEach: 1, nodeTimeoutMilliseconds: Self.nodeTimeoutMilliseconds,
            arguments: [
                "--appendonly", "yes", "--appendfsync", "always", "--min-replicas-to-write", "1", "--min-replicas-max-lag", "10",
                // The other shards keep serving while one has no master (the default stops
                // the whole cluster), and a returning node syncs at once (not after 5 s).
                "--cluster-require-full-coverage", "no", "--repl-diskless-sync-delay", "0"
            ])
        defer { cluster.stop() }
        try cluster.awaitReplication()
        let servers = [
            try TesseraServer(arguments: ["--store", "redis-cluster://\(cluster.seeds)"]),
            try TesseraServer(arguments: ["--store", "redis-cluster://\(cluster.seeds)"])
        ]
        defer { servers.forEach { _ = $0.stop() } }

        // Four sessions on each master's slots.
        let setup = try servers[0].client()
        var byMaster: [Int: [String]] = [:]
        while byMaster.count < 3 || byMaster.values.contains(where: { $0.count < 4 }) {
            let id = try #require(try json(setup.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
            let slot = try #require(Int(try cluster.cli(cluster.ports[0], "CLUSTER", "KEYSLOT", "tessera:{\(id)}")))
            let owner = try cluster.owner(of: slot)
            if byMaster[owner, default: []].count < 4 { byMaster[owner, default: []].append(id) }
        }
        let victim = try #require(byMaster.keys.sorted().first)

        let start = Date()
        let tally = Mutex(Tally())
        let killedAt = Mutex<Double?>(nil)
        let stop = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        let writers = byMaster.values.flatMap { $0 }
        for (n, id) in writers.enumerated() {
            let (mine, other) = (servers[n % 2], servers[(n + 1) % 2])
            Thread {
                defer { done.signal() }
                Self.writer(id, n, writeThrough: mine, readThrough: other, start: start, tally: tally, killedAt: killedAt, stop: stop)
            }.start()
        }
        usleep(1_500_000)
        killedAt.withLock { $0 = Date().timeIntervalSince(start) }
        cluster.kill9(victim)
        // The replica is elected after the node timeout; then the old master comes back.
        var promoted = false
        for _ in 0..<300 where !promoted {
            usleep(100_000)
            promoted = (try? cluster.masters().count) == 3
        }
        #expect(promoted, "no replica was elected")
        let electedAt = Date().timeIntervalSince(start)
        try cluster.start(victim)
        let victimSessions = Set(byMaster[victim] ?? [])
        for _ in 0..<300 {
            let wrote = tally.withLock { t in victimSessions.filter { t.firstWriteAfterKillBySession[$0] != nil }.count }
            if wrote == victimSessions.count { break }
            usleep(100_000)
        }
        usleep(500_000)
        stop.store(true, ordering: .relaxed)
        for _ in 0..<writers.count { done.wait() }

        let seen = tally.withLock { $0 }
        let kill = killedAt.withLock { $0 } ?? 0
        // 0 lost, 0 applied twice: each session's version is its last acknowledged one (its
        // one writer counts an unknown outcome that landed as its own), and it holds one
        // inserted item per version, through both replicas.
        for (id, versions) in seen.acknowledged {
            #expect(versions == Array(2..<(2 + versions.count)), "\(id): acknowledged \(versions)")
            for server in servers {
                let session = try json(server.client().request("GET", "/v1/sessions/\(id)"))
                #expect(session["version"] as? Int == 1 + versions.count, "\(id) through \(server.port)")
                #expect(session["itemCount"] as? Int == 3 + versions.count, "\(id) through \(server.port)")
            }
        }
        #expect(seen.acknowledged.count == writers.count)
        #expect(seen.staleReads == 0)
        #expect(seen.backwards == 0)
        // Errors only on the killed master's sessions, only 503s after the kill.
        for e in seen.errors {
            #expect(victimSessions.contains(e.session), "an error on another shard: \(e) \(e.code)")
            #expect(e.status == 503 && e.at >= kill, "\(e)")
            #expect(["store_unavailable", "store_outcome_unknown"].contains(e.code), "\(e)")
        }
        let back = victimSessions.compactMap { seen.firstWriteAfterKillBySession[$0] }
        #expect(back.count == victimSessions.count)
        print(
            "cluster failover: elected \(String(format: "%.2f", electedAt - kill)) s after SIGKILL, first acknowledged write on the shard",
            "\(String(format: "%.2f", (back.min() ?? .infinity) - kill)) s, last writer back \(String(format: "%.2f", (back.max() ?? .infinity) - kill)) s;",
            "\(seen.acknowledged.values.map(\.count).reduce(0, +)) acknowledged, \(seen.errors.count) errors, \(seen.unknown) unknown outcomes")
    }

    /// `CLUSTER FAILOVER` on each shard in turn (the replica takes over, the old master
    /// steps down), then a fourth master (with its replica) and `--cluster rebalance`, all
    /// under writers and readers on every shard: no HTTP error at all, nothing lost, no stale
    /// read. Redirections (`-MOVED` after a failover, `-ASK` and `-TRYAGAIN` while a slot
    /// moves) are followed within each request's store budget.
    @Test(.timeLimit(.minutes(4))) func failoversAndAReshardingUnderLoadAnswerEveryRequest() throws {
        let cluster = try RedisClusterHarness(
            masters: 3, replicasEach: 1, nodeTimeoutMilliseconds: Self.nodeTimeoutMilliseconds,
            arguments: [
                "--appendonly", "yes", "--appendfsync", "always", "--min-replicas-to-write", "1", "--min-replicas-max-lag", "10",
                "--cluster-require-full-coverage", "no", "--repl-diskless-sync-delay", "0"
            ])
        defer { cluster.stop() }
        try cluster.awaitReplication()
        let servers = [
            try TesseraServer(arguments: ["--store", "redis-cluster://\(cluster.seeds)"]),
            try TesseraServer(arguments: ["--store", "redis-cluster://\(cluster.seeds)"])
        ]
        defer { servers.forEach { _ = $0.stop() } }
        let setup = try servers[0].client()
        var ids: [String] = []
        for _ in 0..<12 {
            ids.append(try #require(try json(setup.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String))
        }
        // Idle sessions too, so the resharding moves slots that hold keys.
        for _ in 0..<200 { _ = try setup.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)) }

        let start = Date()
        let tally = Mutex(Tally())
        let killedAt = Mutex<Double?>(nil)
        let stop = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        for (n, id) in ids.enumerated() {
            let (mine, other) = (servers[n % 2], servers[(n + 1) % 2])
            Thread {
                defer { done.signal() }
                Self.writer(id, n, writeThrough: mine, readThrough: other, start: start, tally: tally, killedAt: killedAt, stop: stop)
            }.start()
        }
        usleep(1_000_000)
        // Each shard's replica takes over in turn.
        let replicas = try cluster.ports.filter { try cluster.cli($0, "ROLE").hasPrefix("slave") }
        #expect(replicas.count == 3)
        for replica in replicas {
            #expect(try cluster.cli(replica, "CLUSTER", "FAILOVER") == "OK")
            var promoted = false
            for _ in 0..<200 where !promoted {
                usleep(50_000)
                promoted = (try? cluster.cli(replica, "ROLE").hasPrefix("master")) == true
            }
            #expect(promoted, "\(replica) did not take over")
            try cluster.awaitReplication()
            usleep(300_000)
        }
        let afterFailovers = tally.withLock { $0.acknowledged.values.map(\.count).reduce(0, +) }
        // A fourth master with its replica, then the slots rebalanced onto it.
        // The new master refuses writes (even redis-cli's FUNCTION RESTORE) until it has its
        // replica: it starts without the rule, which is set once the replica is linked.
        let master4 = try cluster.addNode(extra: ["--min-replicas-to-write", "0"])
        let seed = "127.0.0.1:\(replicas[0])"
        let added = try RedisClusterHarness.cli(["--cluster", "add-node", "127.0.0.1:\(master4)", seed])
        #expect(added.contains("[OK] New node added correctly"), "\(added)")
        try cluster.awaitClusterOK()
        let id4 = try cluster.nodeID(master4)
        let replica4 = try cluster.addNode()
        let addedReplica = try RedisClusterHarness.cli([
            "--cluster", "add-node", "127.0.0.1:\(replica4)", seed, "--cluster-slave", "--cluster-master-id", id4
        ])
        #expect(addedReplica.contains("[OK] New node added correctly"), "\(addedReplica)")
        try cluster.awaitClusterOK()
        try cluster.awaitReplication()
        #expect(try cluster.cli(master4, "CONFIG", "SET", "min-replicas-to-write", "1") == "OK")
        let rebalanced = try RedisClusterHarness.cli(["--cluster", "rebalance", seed, "--cluster-use-empty-masters"])
        #expect(rebalanced.contains("Moving"), "\(rebalanced.suffix(400))")
        usleep(1_000_000)
        stop.store(true, ordering: .relaxed)
        for _ in 0..<ids.count { done.wait() }

        let seen = tally.withLock { $0 }
        for (id, versions) in seen.acknowledged {
            #expect(versions == Array(2..<(2 + versions.count)), "\(id): acknowledged \(versions)")
            for server in servers {
                let session = try json(server.client().request("GET", "/v1/sessions/\(id)"))
                #expect(session["version"] as? Int == 1 + versions.count, "\(id) through \(server.port)")
                #expect(session["itemCount"] as? Int == 3 + versions.count, "\(id) through \(server.port)")
            }
        }
        #expect(seen.errors.isEmpty, "\(seen.errors.prefix(5))")
        #expect(seen.staleReads == 0)
        #expect(seen.backwards == 0)
        let keysOnTheNewMaster = Int(try cluster.cli(master4, "DBSIZE")) ?? 0
        #expect(keysOnTheNewMaster > 0)
        let total = seen.acknowledged.values.map(\.count).reduce(0, +)
        print(
            "cluster failovers and resharding: \(afterFailovers) acknowledged through three failovers, \(total) in all;",
            "\(keysOnTheNewMaster) keys on the fourth master; \(seen.errors.count) errors")
    }

    /// One writer: updates its session with If-Match in a loop through `mine`, reading the
    /// version back through `other` after each acknowledgement.
    static func writer(
        _ id: String, _ n: Int, writeThrough mine: TesseraServer, readThrough other: TesseraServer, start: Date,
        tally: borrowing Mutex<Tally>, killedAt: borrowing Mutex<Double?>, stop: borrowing Atomic<Bool>
    ) {
        guard let w = try? LoopbackHTTPClient(port: mine.port, timeoutSeconds: 10),
            let r = try? LoopbackHTTPClient(port: other.port, timeoutSeconds: 10)
        else { return }
        tally.withLock { $0.acknowledged[id] = [] }
        var version = 1, highest = 1, k = 0
        while !stop.load(ordering: .relaxed) {
            let sent = Date().timeIntervalSince(start)
            guard
                let reply = try? w.request(
                    "POST", "/v1/sessions/\(id)/updates", body: P.insert(1000 * n + k), headers: [("If-Match", "\"\(version)\"")])
            else { continue }
            let now = Date().timeIntervalSince(start)
            switch reply.status {
            case 200:
                version += 1
                k += 1
                tally.withLock { t in
                    t.acknowledged[id, default: []].append(version)
                    if let kill = killedAt.withLock({ $0 }), sent >= kill, t.firstWriteAfterKillBySession[id] == nil {
                        t.firstWriteAfterKillBySession[id] = now
                    }
                }
                if let read = try? r.request("GET", "/v1/sessions/\(id)"), read.status == 200,
                    let seenVersion = (try? json(read))?["version"] as? Int
                {
                    tally.withLock { t in
                        if seenVersion < version { t.staleReads += 1 }
                        if seenVersion < highest { t.backwards += 1 }
                    }
                    highest = max(highest, seenVersion)
                }
            case 412:
                if let read = try? w.request("GET", "/v1/sessions/\(id)"), let v = (try? json(read))?["version"] as? Int {
                    while version < v {
                        version += 1
                        k += 1
                        tally.withLock { $0.acknowledged[id, default: []].append(version) }
                    }
                }
            default:
                let code = (try? errorField(reply).code) ?? ""
                tally.withLock { t in
                    t.errors.append((reply.status, code, now, id))
                    if code == "store_outcome_unknown" { t.unknown += 1 }
                }
                usleep(50_000)
            }
        }
    }
}
