import Foundation
import LoopbackHTTP
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Sessions on Redis under Sentinel survive the loss of the master (issue 19): two Tessera
/// replicas take conditional updates from several clients while the master is killed with
/// SIGKILL; Sentinel promotes a replica, Tessera follows it, and with `WAIT` (one replica by
/// default under Sentinel) no acknowledged update is lost.
@Suite("Redis failover over HTTP", .serialized)
struct RedisFailoverHTTPTests {
    typealias P = PersistenceHTTPTests

    /// What the clients saw.
    struct Tally {
        /// Per session: the versions acknowledged (200 to an update with If-Match).
        var acknowledged: [String: [Int]] = [:]
        /// Statuses other than 200/412, with the time they came (seconds since the start) and
        /// the session.
        var errors: [(status: Int, code: String, at: Double, session: String)] = []
        /// How many of them were `store_outcome_unknown`.
        var unknown = 0
        /// Reads (through the other replica, right after an acknowledgement) older than it.
        var staleReads = 0
        /// Versions read that were lower than one read before on the same session.
        var backwards = 0
        /// When the first update after the kill was acknowledged, per client.
        var firstWriteAfterKill: [Double] = []
        /// The same, per session (the cluster test: one shard's sessions).
        var firstWriteAfterKillBySession: [String: Double] = [:]
    }

    @Test func aMasterKilledUnderLoadLosesNoAcknowledgedUpdate() throws {
        // Two replicas: after the failover the new master still has one to confirm WAIT 1.
        let cluster = try RedisSentinelCluster(replicas: 2, downAfterMilliseconds: 1000)
        defer { cluster.stop() }
        let a = try TesseraServer(arguments: ["--store", cluster.url])
        defer { _ = a.stop() }
        let b = try TesseraServer(arguments: ["--store", cluster.url])
        defer { _ = b.stop() }
        let servers = [a, b]
        let start = Date()
        let tally = Mutex(Tally())
        let killedAt = Mutex<Double?>(nil)
        let stop = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        let clients = 4
        for n in 0..<clients {
            let (mine, other) = (servers[n % 2], servers[(n + 1) % 2])
            Thread {
                defer { done.signal() }
                Self.client(n, writeThrough: mine, readThrough: other, start: start, tally: tally, killedAt: killedAt, stop: stop)
            }.start()
        }
        usleep(1_500_000)
        let oldMaster = cluster.master.port
        kill(cluster.master.pid, SIGKILL)
        killedAt.withLock { $0 = Date().timeIntervalSince(start) }
        // Until every client wrote after the kill, or 30 s.
        for _ in 0..<300 {
            if tally.withLock({ $0.firstWriteAfterKill.count }) == clients { break }
            usleep(100_000)
        }
        usleep(500_000)
        stop.store(true, ordering: .relaxed)
        for _ in 0..<clients { done.wait() }
        #expect(cluster.masterPortNow != oldMaster)

        let seen = tally.withLock { $0 }
        let kill = killedAt.withLock { $0 } ?? 0
        // Every acknowledged version is there, on both replicas: the session's version is the
        // last acknowledged one (updates only come from its one client), and its item count
        // is the initial three plus one per acknowledged update.
        for (id, versions) in seen.acknowledged {
            #expect(versions == Array(2..<(2 + versions.count)), "\(id): acknowledged \(versions)")
            for server in servers {
                let session = try json(server.client().request("GET", "/v1/sessions/\(id)"))
                #expect(session["version"] as? Int == 1 + versions.count, "\(id) through \(server.port)")
                #expect(session["itemCount"] as? Int == 3 + versions.count, "\(id) through \(server.port)")
            }
        }
        #expect(seen.staleReads == 0)
        #expect(seen.backwards == 0)
        // Errors only while no master was elected: 503s, none before the kill.
        for e in seen.errors {
            #expect(e.status == 503 && e.at >= kill, "\(e)")
            #expect(["store_unavailable", "store_outcome_unknown"].contains(e.code), "\(e)")
        }
        #expect(seen.firstWriteAfterKill.count == clients)
        let recovery = (seen.firstWriteAfterKill.min() ?? .infinity) - kill
        // Sentinel needs its down-after period, then an election and a promotion; the issue
        // asks for the first write within down-after + 2 s. Recorded in BENCHMARKS.md (figure 13); held
        // here with room for a loaded CI machine (no timing is asserted tightly in tests).
        print("failover: acknowledged \(seen.acknowledged.mapValues(\.count)) alive \(Glibc.kill(a.pid, 0) == 0) \(Glibc.kill(b.pid, 0) == 0)")
        print("failover: first acknowledged write \(String(format: "%.2f", recovery)) s after SIGKILL; \(seen.errors.count) errors")
        #expect(recovery < Double(cluster.downAfterMilliseconds) / 1000 + 15)
    }

    /// One client: creates its session through `mine`, then updates it with If-Match in a
    /// loop, reading the version back through `other` after each acknowledgement.
    static func client(
        _ n: Int, writeThrough mine: TesseraServer, readThrough other: TesseraServer, start: Date,
        tally: borrowing Mutex<Tally>, killedAt: borrowing Mutex<Double?>, stop: borrowing Atomic<Bool>
    ) {
        guard let w = try? LoopbackHTTPClient(port: mine.port, timeoutSeconds: 10),
            let r = try? LoopbackHTTPClient(port: other.port, timeoutSeconds: 10),
            let created = try? w.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)),
            let id = (try? json(created))?["id"] as? String
        else { return }
        tally.withLock { $0.acknowledged[id] = [] }
        var version = 1, highest = 1, k = 0, wroteAfterKill = false
        while !stop.load(ordering: .relaxed) {
            let sent = Date().timeIntervalSince(start)
            guard
                let reply = try? w.request(
                    "POST", "/v1/sessions/\(id)/updates", body: P.insert(1000 * n + k),
                    headers: [("If-Match", "\"\(version)\"")])
            else { continue }
            let now = Date().timeIntervalSince(start) // when the answer came
            switch reply.status {
            case 200:
                version += 1
                k += 1
                tally.withLock { $0.acknowledged[id, default: []].append(version) }
                // The first update sent after the kill that a master acknowledged.
                if let kill = killedAt.withLock({ $0 }), sent >= kill, !wroteAfterKill {
                    wroteAfterKill = true
                    tally.withLock { $0.firstWriteAfterKill.append(now) }
                }
                // Read-your-writes through the other replica.
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
                // Only after an unknown outcome that landed: read where the session is.
                if let read = try? w.request("GET", "/v1/sessions/\(id)"), let v = (try? json(read))?["version"] as? Int {
                    // An update acknowledged to nobody landed: count it as the client's own.
                    while version < v {
                        version += 1
                        k += 1
                        tally.withLock { $0.acknowledged[id, default: []].append(version) }
                    }
                }
            default:
                let code = (try? errorField(reply).code) ?? ""
                tally.withLock { $0.errors.append((reply.status, code, now, id)) }
                usleep(50_000)
            }
        }
    }

    /// A failover Tessera had no part in (`SENTINEL FAILOVER`: the old master stays up and is
    /// demoted) is followed with no request in between: the lease channel moves to the new
    /// master, and the next change lands there. (With the `+switch-master` watch this took
    /// 5.5 s in a run where, without it, the channel moved only after 34 s, when the demoted
    /// master dropped its subscribers; the test holds the behaviour, not the time.)
    @Test func aSwitchMasterAnnouncementIsFollowedWithoutARequest() throws {
        let cluster = try RedisSentinelCluster(replicas: 2, downAfterMilliseconds: 1000)
        defer { cluster.stop() }
        let server = try TesseraServer(arguments: ["--store", cluster.url])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try c.request("GET", "/v1/sessions/\(id)").status == 200)
        func leaseChannels(_ port: Int) -> String { LoopbackPort.redisCommand(port, "PUBSUB CHANNELS tessera:leases:*") ?? "" }
        #expect(leaseChannels(cluster.master.port).contains("tessera:leases:"))
        let old = cluster.master.port
        #expect(LoopbackPort.redisCommand(cluster.sentinelPorts[0], "SENTINEL FAILOVER \(RedisSentinelCluster.masterName)")?.hasPrefix("+OK") == true)
        var moved: Int?
        for _ in 0..<200 where moved == nil {
            if let now = cluster.masterPortNow, now != old, leaseChannels(now).contains("tessera:leases:") { moved = now }
            usleep(50_000)
        }
        #expect(moved != nil)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(1), headers: [("If-Match", "\"1\"")]).status == 200)
    }
}
