import TesseraSupport
import Foundation
import Testing
import LayoutService

/// Where a change's animation plan looks (docs/api.md, "Batch updates"): without `rect`, what
/// is on screen (the view's bounds at its offset), as UIKit animates; `"rect": null`, every
/// element; a rect, that rect (and, after an anchored change, where the view shows it then).
@Suite("Plan areas")
struct PlanAreaTests {
    let service = makeService()

    /// The grid of AnchoredChangeTests: item i at x = 110 · (i mod 3), y = 110 · (i div 3).
    static let grid = #"{"type":"flow","itemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#

    func planned(_ r: Reply) throws -> [[Int]] {
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let plan = try object(r)["plan"] as? [[String: Any]] ?? []
        return plan.compactMap { ($0["to"] as? [String: Any])?["indexPath"] as? [Int] }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func withoutRectThePlanIsWhatIsOnScreen() throws {
        // A 320 × 230 view at offset 110 spans 110–340: rows 1 (110–210), 2 (220–320) and 3
        // (330–430), items 3 to 11; row 0 ends at 100.
        let id = try createSession(
            service, #"{"layout":\#(Self.grid),"dataSource":{"sections":[{"itemCount":30}]},"view":{"bounds":[320,230],"contentOffset":[0,110]}}"#)
        let paths = try planned(service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"reloadItems","indexPaths":[[0,4]]}]}"#)))
        #expect(paths == (3..<12).map { [0, $0] })
        // null: every element, as before there was a default.
        let all = try planned(service.applyUpdates(id: id, body: body(#"{"updates":[],"rect":null}"#)))
        #expect(all.count == 30)
        let given = try planned(service.applyUpdates(id: id, body: body(#"{"updates":[],"rect":[0,0,320,100]}"#)))
        #expect(given == (0..<3).map { [0, $0] })
    }

    @Test func aMillionItemsWithoutRectPlanOnlyTheScreen() throws {
        // The plan of everything would pass the reply's element limit: refused with null, a
        // screenful without rect. The view (0–500) shows rows 0–4, items 0–14 before; after an
        // insert at 0, items 0–14 again, and old item 14 (now 15) leaves it: 16 entries.
        let id = try createSession(
            service, #"{"layout":\#(Self.grid),"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[320,500]}}"#)
        let screen = try planned(service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}]}"#)))
        #expect(screen == (0..<16).map { [0, $0] })
        let everything = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}],"rect":null}"#))
        #expect(everything.status == 400)
        #expect(try errorOf(everything).field == "rect")
    }

    @Test func aSnapshotWithoutRectPlansTheScreenToo() throws {
        // Six items, two rows of three in a 320 × 100 view: only row 0 is on screen.
        let id = try createSession(
            service,
            #"{"layout":\#(Self.grid),"dataSource":{"sections":[{"id":"s","itemIds":["a","b","c","d","e","f"]}]},"view":{"bounds":[320,100]}}"#)
        let paths = try planned(service.putSnapshot(id: id, body: body(#"{"sections":[{"id":"s","items":["a","b","c","d","f","e"]}]}"#)))
        #expect(paths == (0..<3).map { [0, $0] })
        let all = try planned(service.putSnapshot(id: id, body: body(#"{"sections":[{"id":"s","items":["f","e","d","c","b","a"]}],"rect":null}"#)))
        #expect(all.count == 6)
    }

    @Test func anAnchoredChangePlansWhereTheViewIsAfterIt() throws {
        // Offset 300 shows rows 2–7 (220–800). Three items prepended, anchored: the offset
        // moves to 410, so the plan's after side is 410–910 (rows 3–8: items 9–26), its
        // before side 300–800 (rows 2–7: items 6–23, now 9–26): the same 18 items, no item
        // that ends off screen.
        let id = try createSession(
            service, #"{"layout":\#(Self.grid),"dataSource":{"sections":[{"itemCount":30}]},"view":{"bounds":[320,500],"contentOffset":[0,300]}}"#)
        let paths = try planned(
            service.applyUpdates(
                id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0],[0,1],[0,2]]}],"anchor":"firstVisible"}"#)))
        #expect(paths == (9..<27).map { [0, $0] })
    }
}
