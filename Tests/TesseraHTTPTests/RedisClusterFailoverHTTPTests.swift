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
