import Foundation
import LoopbackHTTP
import Testing

/// Trickled bodies through `tessera serve` and its flags (issues 20 and 34): a body holds the
/// budget only with the bytes it has sent, so connections that declare the largest body and
/// send a byte now and then do not keep other uploads out; they lose their connections once
/// they fall behind `--min-body-bytes-per-second` past the grace.
@Suite("trickled bodies over HTTP", .serialized)
struct TrickledBodyHTTPTests {
    static let createBody =
        #"{"layout":{"type":"flow","itemSize":[10,10]},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[100,100]}}"#

    /// An upload of `POST /v1/sessions` whose head declares `declared` bytes and whose body
    /// has sent `sent` of them so far.
    static func openUpload(port: Int, declared: Int, sent: Int, headers: String = "") throws -> LoopbackHTTPClient {
        let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 60)
        let head = "POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\(headers)Content-Length: \(declared)\r\n\r\n"
        try client.send(Array(head.utf8) + Array(repeating: UInt8(ascii: " "), count: sent))
        return client
    }

    /// Waits until a create (from the client `headers` name, if they do) would be refused for
    /// room: the uploads' bytes have arrived. A create sent meanwhile would race them (its
    /// bytes, held for a moment, could make an upload's last bytes the ones refused), so
    /// this asks with `Expect: 100-continue`, which is answered 503 at once when the body
    /// would not fit, or 100 Continue; the body is never sent, and nothing is held either way.
    static func waitUntilACreateWouldNotFit(port: Int, headers: String = "") throws -> Bool {
        let head =
            "POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n\(headers)"
            + "Content-Length: \(createBody.utf8.count)\r\n\r\n"
        for _ in 0..<500 {
            let probe = try LoopbackHTTPClient(port: port, timeoutSeconds: 30)
            try probe.send(Array(head.utf8))
            if try probe.readResponse().status == 503 { return true }
            usleep(20_000)
        }
        return false
    }

    /// Four tricklers from one address (every test client is 127.0.0.1), each declaring the
    /// largest body, used to spend that address's share (a quarter of the bodies in flight,
    /// here 100,000 bytes) and, with it, every create from it; they hold four bytes now, and a
    /// create from the same address is not refused.
    @Test func tricklersDoNotKeepTheirAddressFromCreating() throws {
        let server = try TesseraServer(arguments: ["--max-body-bytes", "100000", "--max-body-bytes-in-flight", "400000"])
        defer { _ = server.stop() }
        let tricklers = try (0..<4).map { _ in try Self.openUpload(port: server.port, declared: 100_000, sent: 1) }
        // Every head read before the creates, which the retries below would otherwise race.
        usleep(300_000)
        for _ in 0..<5 {
            let reply = try server.client().request("POST", "/v1/sessions", json: Self.createBody)
            #expect(reply.status == 201, "\(reply.text)")
        }
        // None of the tricklers was refused: the server still waits for their bodies.
        for trickler in tricklers { #expect(!trickler.hasSomethingToRead) }
    }

    /// The bytes that are sent fill the budget, and then refuse a create; the tricklers lose
    /// their connections to the rate (408, counted as route `rejected`), and creates pass again.
    @Test func trickledBodiesLoseTheBudgetTheirBytesHeld() throws {
        // Every connection comes from 127.0.0.1: the per-client share is set to the whole
        // budget, so that the budget is what refuses.
        let server = try TesseraServer(arguments: [
            "--max-body-bytes", "100000", "--max-body-bytes-in-flight", "400000",
            "--max-body-bytes-per-client", "400000",
            "--min-body-bytes-per-second", "1000", "--body-rate-grace-seconds", "1"
        ])
        defer { _ = server.stop() }
        // 399,960 bytes held: 40 left, fewer than a create's body.
        let tricklers = try (0..<4).map { _ in try Self.openUpload(port: server.port, declared: 100_000, sent: 99_990) }
        #expect(try Self.waitUntilACreateWouldNotFit(port: server.port))
        let refused = try server.client().request("POST", "/v1/sessions", json: Self.createBody)
        #expect(refused.status == 503)
        #expect(try errorField(refused).code == "server_busy")
        for c in tricklers { try? c.send(Array(" ".utf8)) }
        for c in tricklers {
            let reply = try c.readResponse()
            #expect(reply.status == 408)
            #expect(try errorField(reply).code == "request_timeout")
        }
        // Each refusal is counted like the server's other refusals (route `rejected`).
        let metrics = try server.client().request("GET", "/metrics").text
        #expect(metrics.contains(#"tessera_http_requests_total{method="POST",route="rejected",status="408"} 4"#), "\(metrics.prefix(2000))")
        var created = 0
        for _ in 0..<200 where created != 201 {
            created = try server.client().request("POST", "/v1/sessions", json: Self.createBody).status
            if created != 201 { usleep(20_000) }
        }
        #expect(created == 201)
    }
}
