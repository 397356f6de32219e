import TesseraSupport
import Foundation
import Testing
import LayoutService
import InMemoryStore

/// Issue 8, items 1–3: what a small request can make the server do is bounded. Limits are
/// scaled down so each attack runs in milliseconds; the assertions are the bounds.
@Suite("Request cost limits")
struct RequestCostLimitTests {
    static func service(maxElements: Int = 100, onLoop: Int = 10, sectionsOnLoop: Int = 5) -> TesseraService {
        var limits = TesseraService.Limits()
        limits.maxElementsPerReply = maxElements
        limits.maxElementsOnEventLoop = onLoop
        limits.maxSectionsOnEventLoop = sectionsOnLoop
        return TesseraService(store: .inMemory(), limits: limits)
    }

    /// 1×1 cells, 100 to a row of a 100-point-wide view.
    static func grid(_ count: Int, sections: Int = 1) -> String {
        let list = Array(repeating: "{\"itemCount\":\(count)}", count: sections).joined(separator: ",")
        return #"{"layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":["#
            + list + #"]},"view":{"bounds":[100,100]}}"#
    }

    // MARK: Item 1

    /// The issue's body: one object of 80,000 keys. It is refused by its size, naming the
    /// object, before any key is compared with another.
    @Test func anObjectOverTheKeyCapIsRefusedWhole() throws {
        let service = Self.service()
        let id = try createSession(service, Self.grid(10))
        let keys = (0..<80_000).map { "\"k\($0)\":0" }.joined(separator: ",")
        let r = service.targetContentOffset(id: id, body: body("{\(keys)}"))
        #expect(r.status == 400)
        let e = try errorOf(r)
        #expect(e.field == nil)
        #expect(e.message == "the body has 80000 keys; an object takes at most 64")
        // Nested objects name their path.
        let nested = service.createSession(body: body(#"{"layout":{"type":"flow","# + (0..<65).map { "\"p\($0)\":1" }.joined(separator: ",") + "}}"))
        #expect(try errorOf(nested).field == "layout")
    }

    /// Duplicates are still found (now with a set), wherever they are.
    @Test func duplicateKeysAreFoundAnywhere() throws {
        let service = Self.service()
        let r = service.createSession(
            body: body(
                #"{"layout":{"type":"circle","itemSize":[1,1],"radiusFactor":0.3,"itemSize":[2,2]},"dataSource":{"sections":[]},"view":{"bounds":[1,1]}}"#
            ))
        #expect(r.status == 400)
        #expect(try errorOf(r).field == "layout.itemSize")
        #expect(try errorOf(r).message == "duplicate key 'itemSize'")
    }

    // MARK: Item 2

    /// The reply limit holds with a rect as without: 5,000 cells, a limit of 100, a rect
    /// meeting them all is refused naming `rect`; a rect of 100 (one row) is served.
    @Test func theElementLimitAppliesToEveryRect() throws {
        let service = Self.service()
        let id = try createSession(service, Self.grid(5000))
        for query in ["rect=0,0,1000,100000", nil] {
            let r = service.elements(id: id, query: query)
            #expect(r.status == 400)
            #expect(try errorOf(r).field == "rect")
        }
        // y 0…0.5 meets row 0 only: exactly the limit.
        let row = service.elements(id: id, query: "rect=0,0,100,0.5")
        #expect(row.status == 200)
        #expect((try object(row)["elements"] as? [Any])?.count == 100)
        // One-shot layouts too.
        let oneShot = service.oneShotLayout(body: body(String(Self.grid(5000).dropLast()) + #","rect":[0,0,100,100]}"#))
        #expect(oneShot.status == 400)
        #expect(try errorOf(oneShot).field == "rect")
    }

    /// Plans are limited with a rect too, and a refused plan refuses its change: the
    /// session keeps its version.
    @Test func planLimitsRefuseTheChange() throws {
        let service = Self.service()
        let id = try createSession(service, Self.grid(5000))
        let all = #""rect":[0,0,1000,100000]"#
        let requests: [(String, Reply)] = [
            ("updates", service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}],"# + all + "}"))),
            ("layout", service.switchLayout(id: id, body: body(#"{"layout":{"type":"flow","itemSize":[2,2]},"# + all + "}")))
        ]
        for (name, r) in requests {
            #expect(r.status == 400, "\(name)")
            #expect(try errorOf(r).field == "rect", "\(name)")
        }
        #expect(try object(service.getSession(id: id))["version"] as? Int == 1)
        // Within a small rect the same change is planned.
        let small = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}],"rect":[0,0,10,0.5]}"#))
        #expect(small.status == 200)
    }

    /// A movement's listed elements are limited too, and refuse the step they belong to.
    @Test func movementListingsAreLimited() throws {
        let service = Self.service()
        let id = try createSession(service, Self.grid(5000))
        let begin = service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0],"rect":[0,0,1000,100000]}"#))
        #expect(begin.status == 400)
        #expect(try errorOf(begin).field == "rect")
        #expect(try object(service.getSession(id: id))["version"] as? Int == 1)
    }

    // MARK: Item 3

    /// On an event loop a query over the loop's budget asks for a worker; on the worker it
    /// runs within the reply limit. Small queries stay on the loop.
    @Test func bigQueriesMoveOffTheLoop() throws {
        let service = Self.service(maxElements: 1000)
        let id = try createSession(service, Self.grid(5000))
        #expect(service.elements(id: id, query: "rect=0,0,100,3", on: .eventLoop).needsWorker)
        let onWorker = try #require(service.elements(id: id, query: "rect=0,0,100,3", on: .worker).reply)
        #expect(onWorker.status == 200)
        #expect((try object(onWorker)["elements"] as? [Any])?.count == 400)
        // The loop's look did not count as a sighting (the worker's did): not kept yet.
        #expect(service.elements(id: id, query: "rect=0,0,100,3", on: .eventLoop).needsWorker)
        #expect(service.elements(id: id, query: "rect=0,0,100,3", on: .worker).reply?.status == 200)
        // Asked twice, kept: the loop answers it without a query.
        #expect(service.elements(id: id, query: "rect=0,0,100,3", on: .eventLoop).reply?.status == 200)
        #expect(service.elements(id: id, query: "rect=0,0,5,0.5", on: .eventLoop).reply?.status == 200)
        // More sections than the loop lists.
        let sections = try createSession(service, Self.grid(1, sections: 6))
        #expect(service.getSession(id: sections, on: .eventLoop).needsWorker)
        #expect(service.getSession(id: sections, on: .worker).reply?.status == 200)
        #expect(service.getSession(id: id, on: .eventLoop).reply?.status == 200)
    }

    /// A line layout's snapping with a bounds width that puts all 20,000 cells in the
    /// proposed rect looks at the cells near the centre only: it stays within a budget of
    /// 10 elements on the loop, and answers what the whole-rect scan answered.
    @Test func lineSnappingLooksNearTheCentreOnly() throws {
        let service = Self.service()
        let json = #"{"layout":{"type":"line"},"dataSource":{"sections":[{"itemCount":20000}]},"view":{"bounds":[1e9,600]}}"#
        let id = try createSession(service, json)
        let outcome = service.targetContentOffset(id: id, body: body(#"{"proposedContentOffset":{"x":12345,"y":0}}"#), on: .eventLoop)
        #expect(!outcome.needsWorker)
        let r = try #require(outcome.reply)
        #expect(r.status == 200)
        let offset = try #require(try object(r)["contentOffset"] as? [String: Double])
        // The whole-rect answer, worked out: the proposed centre is x = 12,345 + 1e9/2 =
        // 500,012,345; cell i spans [250 i, 200 + 250 i] (width 200, spacing 50) with its
        // centre at 100 + 250 i; the nearest is the last, i = 19,999, centre 4,999,850.
        #expect(offset["x"] == Double(12345 + (4_999_850 - 500_012_345)))
    }
}
