import Foundation
import LoopbackHTTP
import Testing

/// A copy of a session built from the store never holds an event loop (issue 19): two
/// processes share one SQLite file; the second, with one loop, is asked for a 1M-photo
/// justified session it has never seen. Building the copy (decoding the session image, laying out
/// a million photos) runs on a worker, and the loop answers /healthz meanwhile. Before, the
/// query built it on the loop and /healthz waited behind it.
@Suite("copies built off the loops", .serialized)
struct LoopRebuildHTTPTests {
    @Test func aCopyIsBuiltOnAWorkerWhileTheLoopAnswers() throws {
        let database = try temporaryDirectory() + "/sessions.db"
        let a = try TesseraServer(arguments: ["--store", "sqlite:\(database)"])
        defer { _ = a.stop() }
        let b = try TesseraServer(arguments: ["--store", "sqlite:\(database)", "--workers", "1"], loops: 1)
        defer { _ = b.stop() }
        let ratios = (0..<1_000_000).map { ["1.5", "0.75", "1", "1.333"][$0 % 4] }.joined(separator: ",")
        let body =
            #"{"layout":{"type":"justified","containerWidth":1000},"dataSource":{"sections":[{"itemCount":1000000,"aspectRatios":[\#(ratios)]}]},"view":{"bounds":[1000,800]}}"#
        let created = try LoopbackHTTPClient(port: a.port, timeoutSeconds: 120).request("POST", "/v1/sessions", json: body)
        #expect(created.status == 201, "\(created.text.prefix(200))")
        let id = try #require(try json(created)["id"] as? String)

        let cold = try LoopbackHTTPClient(port: b.port, timeoutSeconds: 120)
        try cold.send(Array("GET /v1/sessions/\(id)/elements?rect=0,0,1000,800 HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        let other = try b.client()
        usleep(200_000) // the loop has taken the cold query up by now
        var answeredFirst = 0
        for _ in 0..<5 {
            #expect(try other.request("GET", "/healthz").status == 200)
            if !cold.hasSomethingToRead { answeredFirst += 1 }
        }
        // The loop answered /healthz while the copy was still being built (at least once:
        // the build of a million photos takes far longer than a /healthz round trip).
        #expect(answeredFirst > 0)
        #expect(try cold.readResponse().status == 200)
    }
}
