import Foundation
import LayoutEngine
import Testing
@testable import LayoutService

/// Issue 8, item 5: what a session may hold beyond its items. Sections are limited (an
/// empty one still costs memory), `children` are for the tree layout only, and encoded
/// replies of every session share one byte budget.
@Suite("Session size limits")
struct SessionSizeLimitTests {
    static func flow(sections: Int) -> String {
        #"{"layout":{"type":"flow"},"dataSource":{"sections":["# + Array(repeating: #"{"itemCount":0}"#, count: sections).joined(separator: ",")
            + #"]},"view":{"bounds":[390,844]}}"#
    }

    @Test func sectionsPerSessionAreLimitedAtCreateAndUpdate() throws {
        let service = makeService { $0.maxSectionsPerSession = 5 }
        let over = service.createSession(body: body(Self.flow(sections: 6)))
        #expect(over.status == 400)
        #expect(try errorOf(over).field == "dataSource.sections")
        #expect(service.oneShotLayout(body: body(Self.flow(sections: 6))).status == 400)
        let id = try createSession(service, Self.flow(sections: 5))
        // Inserting one more section would leave six: refused, nothing changed.
        let update = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertSections","sections":[0],"data":[{"itemCount":1}]}]}"#))
        #expect(update.status == 422)
        #expect(try errorOf(update).field == "updates")
        #expect((try object(service.getSession(id: id))["sections"] as? [Any])?.count == 5)
        // A batch's own `data` is held to the limit while it is read.
        let data = "[" + Array(repeating: #"{"itemCount":0}"#, count: 6).joined(separator: ",") + "]"
        let big = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertSections","sections":[0,1,2,3,4,5],"data":"# + data + "}]}"))
        #expect(big.status == 400)
        #expect(try errorOf(big).field == "updates[0].data")
        // Deleting one and inserting one keeps five: fine.
        let swap = service.applyUpdates(
            id: id,
            body: body(#"{"updates":[{"op":"deleteSections","sections":[0]},{"op":"insertSections","sections":[0],"data":[{"itemCount":2}]}]}"#))
        #expect(swap.status == 200)
    }

    @Test func childrenAreForTheTreeLayoutOnly() throws {
        let service = makeService()
        let flow = service.createSession(
            body: body(
                #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"items":[{"size":[10,10],"children":[0,1]}]}]},"view":{"bounds":[390,844]}}"#))
        #expect(flow.status == 400)
        #expect(try errorOf(flow).field == "dataSource.sections[0].items[0].children")
        let tree = service.createSession(
            body: body(#"{"layout":{"type":"tree"},"dataSource":{"sections":[{"items":[{"children":[0,1]}]},{"itemCount":2}]}}"#))
        #expect(tree.status == 201)
        // Nor through an update of another layout.
        let id = try createSession(service, #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":2}]},"view":{"bounds":[390,844]}}"#)
        let update = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]],"items":[{"children":[3]}]}]}"#))
        #expect(update.status == 400)
        #expect(try errorOf(update).field == "updates[0].items[0].children")
        #expect(try object(service.getSession(id: id))["version"] as? Int == 1)
    }

    /// Fifty sessions each caching replies (each rect asked twice: the second is kept): the
    /// cache never holds more than its budget, the least recently used go first, and a
    /// session's entries go with its change or deletion.
    @Test func theReplyCacheHasOneBudgetForAllSessions() throws {
        let service = makeService { $0.replyCacheBytes = 256 << 10 }
        let cache = service.store.replies
        var ids: [String] = []
        for _ in 0..<50 {
            let id = try createSession(
                service, #"{"layout":{"type":"flow","itemSize":[10,10]},"dataSource":{"sections":[{"itemCount":400}]},"view":{"bounds":[390,844]}}"#)
            ids.append(id)
            for y in stride(from: 0, to: 400, by: 100) {
                for _ in 0..<2 { #expect(service.elements(id: id, query: "rect=0,\(y),390,100").status == 200) }
                #expect(cache.bytesInUse <= 256 << 10)
            }
        }
        #expect(cache.count > 0)
        func cached(_ id: String, _ y: Int) throws -> Bool {
            let s = try service.session(id)
            let key = s.replyKey(.elements(rect: Rect(x: 0, y: Double(y), width: 390, height: 100), progress: nil), version: 1)
            if case .hit = s.cachedReply(key) { return true }
            return false
        }
        // The newest session's replies are cached; the oldest's were evicted.
        let newest = try #require(ids.last), oldest = try #require(ids.first)
        #expect(try cached(newest, 300))
        #expect(try !cached(oldest, 0))
        // A change drops that session's entries; a deletion too.
        let before = cache.count
        #expect(service.patchView(id: newest, body: body(#"{"bounds":[300,844]}"#)).status == 200)
        #expect(cache.count < before)
        for _ in 0..<2 { #expect(service.elements(id: ids[48], query: "rect=0,300,390,100").status == 200) }
        let cached48 = cache.count
        #expect(service.deleteSession(id: ids[48]).status == 204)
        #expect(cache.count < cached48)
    }
}
