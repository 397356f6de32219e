import Foundation
import LoopbackHTTP
import Testing

/// A compositional create costs what its items need (issue 20): before, every section
/// planned its group again, so 50 sections of 10 items with a count group of 100,000 slots
/// (a 1.2 KB body) kept ~900 MB, and the 2,000 sections a session may hold ~36 GB.
@Suite("compositional cost over HTTP", .serialized)
struct CompositionalCostHTTPTests {
    static func body(sections: Int) -> String {
        let group =
            #"{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"count":100000,"subitems":[{"size":{"width":{"absolute":1},"height":{"fractionalHeight":1}}}]}"#
        let list = Array(repeating: #"{"itemCount":10}"#, count: sections).joined(separator: ",")
        return #"{"layout":{"type":"compositional","section":{"group":\#(group)}},"dataSource":{"sections":[\#(list)]},"view":{"bounds":[390,844]}}"#
    }

    @Test func sectionsOfAHugeCountGroupCostTheirItems() throws {
        let server = try TesseraServer(arguments: [])
        defer { _ = server.stop() }
        let c = try server.client()
        #expect(try c.request("GET", "/healthz").status == 200)
        let before = try #require(ProcessMemory.peakResident(server.pid))
        for sections in [50, 2000] {
            let created = try c.request("POST", "/v1/sessions", json: Self.body(sections: sections))
            #expect(created.status == 201, "\(created.text.prefix(300))")
            // The last section's item 9: slot 9 of 390 / 100,000 (C4), 40 × 2,000 sections down.
            let id = try #require(try json(created)["id"] as? String)
            let item = try json(try c.request("GET", "/v1/sessions/\(id)/items/\(sections - 1)/9"))
            let frame = try #require(item["frame"] as? [String: Double])
            #expect(abs(frame["x"]! - 9 * 0.0039) < 1e-9 && frame["y"] == Double(40 * (sections - 1)))
        }
        let grown = try #require(ProcessMemory.peakResident(server.pid)) - before
        // Before: +900 MB for the 50 sections alone. Now a few MB; 200 MB leaves room for the
        // allocator's own habits without letting one plan per section through.
        #expect(grown < 200 << 20, "peak resident memory grew by \(grown >> 20) MB")
    }
}
