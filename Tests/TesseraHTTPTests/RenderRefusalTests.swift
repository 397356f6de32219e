import Foundation
import LoopbackHTTP
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// A picture of more elements than one reply carries is refused the way `elements` is: the
/// query stops at the limit. Render used to list every element first and only then compare:
/// for five million cells the peak memory rose by over 1 GB for each refused request (by
/// some 60 MB now).
@Suite("render refuses before it builds", .serialized)
struct RenderRefusalTests {
    /// Five million 1×1 cells (the most a session holds), 1,000 to a row: twenty times the
    /// 250,000 elements a reply carries. A uniform flow keeps no per-item state, so the
    /// session itself costs next to nothing.
    static let layout =
        #""layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":5000000}]},"view":{"bounds":[1000,800]}"#

    /// The most resident memory the process has had, in kB (`ProcessMemory`).
    static func peakResidentKB(_ pid: pid_t) throws -> Int {
        try #require(ProcessMemory.peakResident(pid)) / 1024
    }

    /// The refusal names `rect` and the picture; a client's other connection is answered.
    static func expectRefused(_ reply: LoopbackHTTPClient.Response, server: TesseraServer) throws {
        #expect(reply.status == 400)
        #expect(try errorField(reply).field == "rect")
        #expect(reply.text.contains("the picture would list more than 250000 elements"))
        let health = try server.client().request("GET", "/healthz")
        #expect(health.status == 200)
    }

    /// POST /v1/render with no rect and with a rect over all of it: each refusal costs at
    /// most the 250,000 elements the query stops at (~60 MB of attributes), far below the
    /// 1.9 GB the old code's two refusals raised the peak by. The bound is memory, not time.
    @Test func aOneShotPictureOfFiveMillionCellsIsRefusedCheaply() throws {
        let server = try TesseraServer(arguments: ["--workers", "1"])
        defer { _ = server.stop() }
        let idle = try Self.peakResidentKB(server.pid)
        // Left unread while /healthz is asked on another connection: the render runs on a
        // worker and the loop keeps answering.
        let reader = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 120)
        let body = "{\(Self.layout)}"
        try reader.send(
            Array("POST /v1/render HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        #expect(try server.client().request("GET", "/healthz").status == 200)
        try Self.expectRefused(reader.readResponse(), server: server)
        try Self.expectRefused(
            server.client().request("POST", "/v1/render", json: "{\(Self.layout),\"rect\":[-1e9,-1e9,2e9,2e9]}"),
            server: server)
        let grown = try Self.peakResidentKB(server.pid) - idle
        #expect(grown < 400_000, "peak RSS grew by \(grown) kB")
    }

    /// A session's render.svg the same way, on a server of its own (the peak never falls),
    /// measured from after the session is made.
    @Test func aSessionPictureOfFiveMillionCellsIsRefusedCheaply() throws {
        let server = try TesseraServer(arguments: ["--workers", "1"])
        defer { _ = server.stop() }
        let c = try server.client()
        let created = try c.request("POST", "/v1/sessions", json: "{\(Self.layout)}")
        let id = try #require(try json(created)["id"] as? String)
        let withSession = try Self.peakResidentKB(server.pid)
        try Self.expectRefused(c.request("GET", "/v1/sessions/\(id)/render.svg"), server: server)
        try Self.expectRefused(c.request("GET", "/v1/sessions/\(id)/render.svg?rect=-1e9,-1e9,2e9,2e9"), server: server)
        let grown = try Self.peakResidentKB(server.pid) - withSession
        #expect(grown < 400_000, "peak RSS grew by \(grown) kB")
    }
}
