import Foundation
import LoopbackHTTP
import Testing

/// The body budget cannot be held by trickles (issue 20), through `tessera serve` and its
/// flags: four connections declare the largest body and send a byte now and then; they fill
/// `--max-body-bytes-in-flight`, so other uploads are refused, until the bodies fall behind
/// `--min-body-bytes-per-second` past the grace: then each is answered 408 and closed, and
/// a session can be created again.
@Suite("trickled bodies over HTTP", .serialized)
struct TrickledBodyHTTPTests {
    @Test func trickledBodiesLoseTheBudgetTheyHeld() throws {
        // Every connection comes from 127.0.0.1: the per-client share is set to the whole
        // budget, so only the rate frees it.
        let server = try TesseraServer(arguments: [
            "--max-body-bytes", "100000", "--max-body-bytes-in-flight", "400000",
            "--max-body-bytes-per-client", "400000",
            "--min-body-bytes-per-second", "1000", "--body-rate-grace-seconds", "1"
        ])
        defer { _ = server.stop() }
        var tricklers: [LoopbackHTTPClient] = []
        for _ in 0..<4 {
            let c = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 60)
            try c.send(Array("POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{".utf8))
            tricklers.append(c)
        }
        let body = #"{"layout":{"type":"flow","itemSize":[10,10]},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[100,100]}}"#
        // Every head read (and its body reserved) before any other upload can take room; the
        // grace (1 s) is not over yet.
        usleep(300_000)
        // The budget is full as soon as the four heads are read.
        var refused = false
        for _ in 0..<100 where !refused {
            let reply = try server.client().request("POST", "/v1/sessions", json: body)
            refused = reply.status == 503
            if reply.status == 503 { #expect(try errorField(reply).code == "server_busy") } else { usleep(20_000) }
        }
        #expect(refused)
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
            created = try server.client().request("POST", "/v1/sessions", json: body).status
            if created != 201 { usleep(20_000) }
        }
        #expect(created == 201)
    }
}
