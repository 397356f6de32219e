import Foundation
import LoopbackHTTP
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// A Redis that restarts, drops connections or stalls (issue 19): each costs no client a
/// failed request unless Redis stays unreachable, and no answer misstates what happened.
@Suite("Redis faults over HTTP", .serialized)
struct RedisFaultHTTPTests {
    typealias P = PersistenceHTTPTests

    /// Statuses of `count` rounds of a read, a rect query and an update on each of
    /// `clients` connections (so several pooled store connections are in use).
    static func traffic(
        _ server: TesseraServer, _ id: String, clients: Int, rounds: Int,
        firstUpdate: Int
    ) throws -> [Int: Int] {
        var statuses: [Int: Int] = [:]
        var version = try #require(try json(server.client().request("GET", "/v1/sessions/\(id)"))["version"] as? Int)
        let connections = try (0..<clients).map { _ in try server.client() }
        for round in 0..<rounds {
            for (n, c) in connections.enumerated() {
                // Writes first: a read's retry must not be what clears the dead connections.
                statuses[try c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)).status, default: 0] += 1
                let update = try c.request(
                    "POST", "/v1/sessions/\(id)/updates", body: P.insert(firstUpdate + round * clients + n),
                    headers: [("If-Match", "\"\(version)\"")])
                statuses[update.status, default: 0] += 1
                if update.status == 200 { version += 1 }
                statuses[try c.request("GET", "/v1/sessions/\(id)").status, default: 0] += 1
                statuses[try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100").status, default: 0] += 1
            }
        }
        return statuses
    }

    /// Statuses of `threads` clients at once, each creating a session and reading it back.
    static func concurrentCreates(_ server: TesseraServer, threads: Int) -> [Int: Int] {
        let statuses = Mutex<[Int: Int]>([:])
        let done = DispatchSemaphore(value: 0)
        let port = server.port
        for _ in 0..<threads {
            Thread {
                defer { done.signal() }
                guard let c = try? LoopbackHTTPClient(port: port) else { return }
                let created = (try? c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))
                statuses.withLock { $0[created?.status ?? -1, default: 0] += 1 }
                if let created, let id = (try? json(created))?["id"] as? String {
                    let read = (try? c.request("GET", "/v1/sessions/\(id)"))?.status ?? -1
                    statuses.withLock { $0[read, default: 0] += 1 }
                }
            }.start()
        }
        for _ in 0..<threads { done.wait() }
        return statuses.withLock { $0 }
    }

    @Test func aRedisRestartCostsNoRequest() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let server = try TesseraServer(arguments: ["--store", redis.url, "--workers", "2"])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try Self.traffic(server, id, clients: 4, rounds: 2, firstUpdate: 0) == [200: 24, 201: 8])
        #expect(Self.concurrentCreates(server, threads: 8) == [201: 8, 200: 8])
        redis.stop()
        try redis.start()
        let concurrent = Self.concurrentCreates(server, threads: 8)
        #expect(concurrent == [201: 8, 200: 8], "\(concurrent)")
        let after = try Self.traffic(server, id, clients: 4, rounds: 2, firstUpdate: 100)
        #expect(after == [200: 24, 201: 8], "\(after)")
    }

    /// Redis drops every client connection again and again (`CLIENT KILL TYPE normal`, as a
    /// proxy or an operator might) while four clients update and read their sessions: no
    /// request fails. Connections closed while idle are replaced before use; a change whose
    /// reply was lost is sent again with its write id and answered as it landed.
    @Test func clientKillUnderLoadCostsNoRequest() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let server = try TesseraServer(arguments: ["--store", redis.url, "--workers", "2"])
        defer { _ = server.stop() }
        let statuses = Mutex<[Int: Int]>([:])
        let versions = Mutex<[String: (answered: Int, updates: Int)]>([:])
        let stop = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        let port = server.port
        for _ in 0..<4 {
            Thread {
                defer { done.signal() }
                guard let c = try? LoopbackHTTPClient(port: port),
                    let created = try? c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)),
                    let id = (try? json(created))?["id"] as? String
                else { return }
                var k = 0
                while !stop.load(ordering: .relaxed) {
                    let update = (try? c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(k)))
                    statuses.withLock { $0[update?.status ?? -1, default: 0] += 1 }
                    if update?.status == 200 { k += 1 }
                    let read = (try? c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100"))?.status ?? -1
                    statuses.withLock { $0[read, default: 0] += 1 }
                }
                let version = ((try? c.request("GET", "/v1/sessions/\(id)")).flatMap { try? json($0) })?["version"] as? Int ?? -1
                versions.withLock { $0[id] = (version, k) }
            }.start()
        }
        var killed = 0
        for _ in 0..<20 {
            usleep(100_000)
            if let reply = LoopbackPort.redisCommand(redis.port, "CLIENT KILL TYPE normal"), reply.hasPrefix(":") {
                killed += Int(reply.dropFirst().prefix { $0.isNumber }) ?? 0
            }
        }
        stop.store(true, ordering: .relaxed)
        for _ in 0..<4 { done.wait() }
        #expect(killed > 20) // the kills met connections
        let seen = statuses.withLock { $0 }
        #expect(Set(seen.keys) == [200], "\(seen)")
        // Every acknowledged update is in its session, once: version 1 + updates.
        for (id, v) in versions.withLock({ $0 }) { #expect(v.answered == 1 + v.updates, "\(id): \(v)") }
    }

    /// A stalled Redis holds no event loop: with one loop, a session query that needs Redis
    /// (its read lease has run out) waits for the store on a worker, and the loop answers
    /// /healthz and /metrics meanwhile. Before, the query ran its store calls on the loop,
    /// and /healthz waited behind it for the command timeout and a retry (~2 s).
    @Test func aStalledRedisHoldsNoEventLoop() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let server = try TesseraServer(arguments: ["--store", redis.url], loops: 1)
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100").status == 200)
        kill(redis.pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(redis.pid, SIGCONT) } }
        usleep(1_100_000) // the read lease (1 s) is over: the query must ask Redis
        let stuck = try server.client()
        try stuck.send(Array("GET /v1/sessions/\(id)/elements?rect=0,0,100,100 HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        let other = try server.client()
        for path in ["/healthz", "/metrics"] {
            #expect(try other.request("GET", path).status == 200)
        }
        // The stalled query had not been answered when /healthz and /metrics were.
        #expect(!stuck.hasSomethingToRead)
        let answer = try stuck.readResponse()
        #expect(answer.status == 503)
        kill(redis.pid, SIGCONT)
        resumed = true
    }

    /// A Redis stalled past the command timeout (SIGSTOP, as a stalled or partitioned one
    /// looks). A change sent to it (the replica's read lease vouches for the version, so the
    /// change script itself goes out) answers 503 `store_outcome_unknown` within the
    /// timeout: it may land when Redis resumes, and here it does. A read answers 503
    /// `store_unavailable`; /readyz says not ready. After SIGCONT the session's version tells
    /// the client what happened. (It answered `store_unavailable`, "nothing changed", before.)
    @Test func aStalledRedisAnswersWithinTheTimeoutAndTellsWhatItKnows() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let server = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try c.request("GET", "/v1/sessions/\(id)").status == 200) // takes a read lease (1 s)
        kill(redis.pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(redis.pid, SIGCONT) } }
        // A delete reserves nothing first: the change script is the first store call.
        let delete = Array(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#.utf8)
        let change = try c.request("POST", "/v1/sessions/\(id)/updates", body: delete, headers: [("If-Match", "\"1\"")])
        #expect(change.status == 503)
        let code = try errorField(change).code
        #expect(code == "store_outcome_unknown", "\(change.text)")
        #expect(change.header("Retry-After") == nil)
        usleep(1_100_000) // past the lease: reads need Redis now
        let read = try c.request("GET", "/v1/sessions/\(id)")
        #expect(read.status == 503)
        #expect(try errorField(read).code == "store_unavailable")
        #expect(try c.request("GET", "/readyz").status == 503)
        kill(redis.pid, SIGCONT)
        resumed = true
        var version: Int?
        for _ in 0..<100 where version == nil {
            version = try json(c.request("GET", "/v1/sessions/\(id)"))["version"] as? Int
            if version == nil { usleep(50_000) }
        }
        // The stalled script ran when Redis resumed: the answer was right not to say "nothing changed".
        #expect(version == 2)
    }
}

/// Passwords come from files and never show (issue 19).
@Suite("Redis passwords", .serialized)
struct RedisPasswordHTTPTests {
    @Test func thePasswordFileOpensAProtectedRedisAndTheWrongOneIsNotShown() throws {
        let directory = try temporaryDirectory()
        let redis = try RedisServer(directory: directory, arguments: ["--requirepass", "s3cret-word"])
        defer { redis.stop() }
        try "s3cret-word\n".write(toFile: directory + "/password", atomically: true, encoding: .utf8)
        try "wrong-word\n".write(toFile: directory + "/wrong", atomically: true, encoding: .utf8)
        let server = try TesseraServer(arguments: ["--store", redis.url, "--store-password-file", directory + "/password"])
        defer { _ = server.stop() }
        let c = try server.client()
        #expect(try c.request("POST", "/v1/sessions", body: PersistenceHTTPTests.sessionBody(PersistenceHTTPTests.initialItems)).status == 201)
        #expect(try c.request("GET", "/readyz").status == 200)

        let refused = try TesseraServer(
            arguments: ["--store", redis.url],
            environment: ["TESSERA_STORE_PASSWORD_FILE": directory + "/wrong"])
        defer { _ = refused.stop() }
        let ready = try refused.client().request("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(ready.text.contains("refused the password"))
        #expect(!ready.text.contains("wrong-word"))
    }

    @Test func aMissingPasswordFileIsAUsageErrorNamingTheFlag() throws {
        let (status, output) = try TesseraServer.run(
            ["serve", "--store", "redis://127.0.0.1:1", "--store-password-file", "/nonexistent/pw"],
            readStandardError: true)
        #expect(status == 64)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("--store-password-file '/nonexistent/pw'"), "\(text)")
    }
}

/// A replica's copies of shared sessions are a bounded cache of the store (issue 19).
@Suite("Redis copies", .serialized)
struct RedisCopiesHTTPTests {
    typealias P = PersistenceHTTPTests

    static func body(items: Int) -> [UInt8] {
        Array(
            #"{"layout":{"type":"flow","itemSize":[10,10]},"dataSource":{"sections":[{"items":[\#(Array(repeating: #"{"size":[10,10]}"#, count: items).joined(separator: ","))]}]},"view":{"bounds":[320,480]}}"#
                .utf8)
    }

    static func sessionsHeld(_ server: TesseraServer) throws -> Int? {
        try json(server.client().request("GET", "/healthz"))["sessions"] as? Int
    }

    /// A session deleted through replica A leaves replica B at B's next sweep (1 s here),
    /// not when B's copy has gone unused for the idle expiry (15 min by default).
    @Test func aCopyOfADeletedSessionGoesAtTheNextSweep() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let a = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = a.stop() }
        let b = try TesseraServer(arguments: ["--store", redis.url, "--store-sweep-seconds", "1"])
        defer { _ = b.stop() }
        let id = try #require(try json(a.client().request("POST", "/v1/sessions", body: Self.body(items: 50)))["id"] as? String)
        #expect(try b.client().request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100").status == 200)
        #expect(try Self.sessionsHeld(b) == 1)
        #expect(try a.client().request("DELETE", "/v1/sessions/\(id)").status == 204)
        var held = try Self.sessionsHeld(b)
        for _ in 0..<50 where held != 0 {
            usleep(100_000)
            held = try Self.sessionsHeld(b)
        }
        #expect(held == 0)
    }

    /// Copies count against `--max-total-items` like the store's sessions: B, allowed 1,000
    /// items, keeps at most one copy of three 600-item sessions made through A, and still
    /// answers each (rebuilding the one it dropped).
    @Test func copiesAreBoundedByTheItemLimit() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let a = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = a.stop() }
        let b = try TesseraServer(arguments: ["--store", redis.url, "--max-total-items", "1000"])
        defer { _ = b.stop() }
        var ids: [String] = []
        for _ in 0..<3 {
            ids.append(try #require(try json(a.client().request("POST", "/v1/sessions", body: Self.body(items: 600)))["id"] as? String))
        }
        for round in 0..<2 {
            for id in ids {
                let reply = try b.client().request("GET", "/v1/sessions/\(id)")
                #expect(reply.status == 200, "round \(round): \(reply.text.prefix(200))")
                #expect(try json(reply)["itemCount"] as? Int == 600)
                #expect(try Self.sessionsHeld(b) == 1)
            }
        }
    }
}
