import TesseraSupport
import Foundation
import Testing
import LayoutService

/// Changes that keep what the reader sees in place (docs/api.md, "Anchored updates"), and the
/// offset kept and clamped without an anchor, for every endpoint that takes `anchor`.
///
/// The grid of ScrollToItemTests: 100 × 100 items, three to a 320-wide row, item i at
/// x = 110 · (i mod 3), y = 110 · (i div 3); the view 500 tall at offset 300, so the visible
/// span is [300, 800] and the first visible cell is item 6 (row 2, 220–320).
@Suite("Anchored changes")
struct AnchoredChangeTests {
    let service = makeService()

    static let grid = #"{"type":"flow","itemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#
    static let view = #"{"bounds":[320,500],"contentOffset":[0,300]}"#

    func session(_ dataSource: String = #"{"sections":[{"itemCount":30}]}"#, layout: String = grid) throws -> String {
        try createSession(service, #"{"layout":\#(layout),"dataSource":\#(dataSource),"view":\#(Self.view)}"#)
    }

    struct Settled: Equatable {
        var offset: [Double]
        var adjustment: [Double]
        var anchor: [Int]?
    }

    /// The answer's offset, adjustment and anchor cell; checks the view stored the offset.
    func settled(_ r: Reply, _ id: String) throws -> Settled {
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let o = try object(r)
        func point(_ key: String) -> [Double] {
            let p = o[key] as? [String: Double] ?? [:]
            return [p["x"] ?? .nan, p["y"] ?? .nan]
        }
        let anchor = (o["anchor"] as? [String: Any])?["indexPath"] as? [Int]
        let stored = try #require(try object(service.getSession(id: id))["view"] as? [String: Any])["contentOffset"] as? [String: Double]
        #expect(stored == ["x": point("contentOffset")[0], "y": point("contentOffset")[1]])
        return Settled(offset: point("contentOffset"), adjustment: point("contentOffsetAdjustment"), anchor: anchor)
    }

    func updates(_ id: String, _ json: String) throws -> Settled {
        try settled(service.applyUpdates(id: id, body: body(json)), id)
    }

    @Test func aPrependKeepsTheFirstVisibleItemWhereItWas() throws {
        let id = try session()
        // Three items before item 0: item 6 becomes item 9, row 3 (y 330), 110 further down.
        let s = try updates(id, #"{"updates":[{"op":"insertItems","indexPaths":[[0,0],[0,1],[0,2]]}],"anchor":"firstVisible"}"#)
        #expect(s == Settled(offset: [0, 410], adjustment: [0, 110], anchor: [0, 9]))
        // Where it was on screen: 220 − 300 before, 330 − 410 after.
        let items = try object(service.elements(id: id, query: "rect=0,410,320,500"))["elements"] as? [[String: Any]] ?? []
        let nine = try #require(items.first { $0["indexPath"] as? [Int] == [0, 9] })
        #expect((nine["frame"] as? [String: Double])?["y"] == 330)
    }

    @Test func withoutAnAnchorTheOffsetStays() throws {
        let id = try session()
        let s = try updates(id, #"{"updates":[{"op":"insertItems","indexPaths":[[0,0],[0,1],[0,2]]}]}"#)
        #expect(s == Settled(offset: [0, 300], adjustment: [0, 0], anchor: nil))
        #expect(try object(service.applyUpdates(id: id, body: body(#"{"updates":[]}"#)))["anchor"] == nil)
    }

    @Test func withoutAnAnchorTheOffsetIsClampedToWhatIsLeft() throws {
        let id = try createSession(
            service, #"{"layout":\#(Self.grid),"dataSource":{"sections":[{"itemCount":30}]},"view":{"bounds":[320,500],"contentOffset":[0,590]}}"#)
        // 15 items left: 5 rows, 540 tall, so the offset can go to 40 at most.
        let paths = (0..<15).map { "[0,\($0)]" }.joined(separator: ",")
        let s = try updates(id, #"{"updates":[{"op":"deleteItems","indexPaths":[\#(paths)]}]}"#)
        #expect(s == Settled(offset: [0, 40], adjustment: [0, -550], anchor: nil))
    }

    @Test func deletionsAboveMoveTheOffsetUp() throws {
        let id = try session()
        // Rows 0 and 1 deleted: item 6 becomes item 0 at y 0, 220 higher.
        let s = try updates(id, #"{"updates":[{"op":"deleteItems","indexPaths":[[0,0],[0,1],[0,2],[0,3],[0,4],[0,5]]}],"anchor":"firstVisible"}"#)
        #expect(s == Settled(offset: [0, 80], adjustment: [0, -220], anchor: [0, 0]))
    }

    @Test func aDeletedFirstVisibleItemPassesTheAnchorOn() throws {
        let id = try session()
        // Item 6 deleted: item 7 (row 2, x 110) becomes item 6 (row 2, x 0). Its move across
        // would scroll sideways, which the content (as wide as the view) clamps away.
        let s = try updates(id, #"{"updates":[{"op":"deleteItems","indexPaths":[[0,6]]}],"anchor":"firstVisible"}"#)
        #expect(s == Settled(offset: [0, 300], adjustment: [0, 0], anchor: [0, 6]))
    }

    @Test func aNamedAnchorFollowsItsItemOrIsNullWhenDeleted() throws {
        let id = try session()
        // Item 12 (row 4) after two prepended items is item 14 (row 4, x 220): no vertical
        // move, and the horizontal one clamps away.
        var s = try updates(id, #"{"updates":[{"op":"insertItems","indexPaths":[[0,0],[0,1]]}],"anchor":{"indexPath":[0,12]}}"#)
        #expect(s == Settled(offset: [0, 300], adjustment: [0, 0], anchor: [0, 14]))
        // One more prepended: item 14 becomes 15, row 5, 110 down.
        s = try updates(id, #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}],"anchor":{"indexPath":[0,14]}}"#)
        #expect(s == Settled(offset: [0, 410], adjustment: [0, 110], anchor: [0, 15]))
        let r = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,15]]}],"anchor":{"indexPath":[0,15]}}"#))
        #expect(try object(r).keys.contains("anchor") && (try object(r)["anchor"] is NSNull))
        #expect(try settled(r, id).offset == [0, 410])
    }

    @Test func aBadAnchorIsRefusedAndChangesNothing() throws {
        let id = try session()
        let before = service.getSession(id: id).body
        for (json, field) in [
            (#"{"updates":[],"anchor":"lastVisible"}"#, "anchor"),
            (#"{"updates":[],"anchor":5}"#, "anchor"),
            (#"{"updates":[],"anchor":{"indexPath":[0,30]}}"#, "anchor.indexPath"),
            (#"{"updates":[],"anchor":{"item":[0,3]}}"#, "anchor.item")
        ] {
            let r = service.applyUpdates(id: id, body: body(json))
            #expect(r.status == 400, "\(json)")
            #expect(try errorOf(r).field == field, "\(json)")
        }
        #expect(service.getSession(id: id).body == before)
    }

    @Test func aLayoutSwitchKeepsTheFirstVisibleItem() throws {
        let id = try session(#"{"sections":[{"itemCount":60}]}"#)
        // Rows of 100 × 50 items, 60 apart: item 6 (row 2) moves from 220 to 120; the 20 rows
        // are 1,190 tall, so the offset may go to 690.
        let r = service.switchLayout(
            id: id,
            body: body(
                #"{"layout":{"type":"flow","itemSize":[100,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"anchor":"firstVisible"}"#))
        #expect(try settled(r, id) == Settled(offset: [0, 200], adjustment: [0, -100], anchor: [0, 6]))
    }

    @Test func measuredSizesAboveTheViewDoNotMoveWhatIsOnScreen() throws {
        // Estimated 100 × 100; rows 0 and 1 measure 50 tall, so row 2 moves up by 100.
        let id = try session(layout: #"{"type":"flow","estimatedItemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#)
        let sizes = (0..<6).map { #"{"indexPath":[0,\#($0)],"size":[100,50]}"# }.joined(separator: ",")
        let r = service.preferredSizes(id: id, body: body(#"{"items":[\#(sizes)],"anchor":"firstVisible"}"#))
        #expect(try settled(r, id) == Settled(offset: [0, 200], adjustment: [0, -100], anchor: [0, 6]))
    }

    @Test func aSnapshotThatPrependsKeepsTheFirstVisibleItem() throws {
        let ids = (0..<30).map { "\"i\($0)\"" }.joined(separator: ",")
        let id = try session(#"{"sections":[{"id":"feed","itemCount":30,"itemIds":[\#(ids)]}]}"#)
        // Through the PUT's scanner (the common form) and through its generic reader (an
        // escaped identifier is not the common form).
        let r = service.putSnapshot(id: id, body: body(#"{"sections":[{"id":"feed","items":["n0","n1","n2",\#(ids)]}],"anchor":"firstVisible"}"#))
        #expect(try settled(r, id) == Settled(offset: [0, 410], adjustment: [0, 110], anchor: [0, 9]))
        let generic = service.putSnapshot(
            id: id, body: body(#"{"sections":[{"id":"feed","items":["m\u0030","m1","m2","n0","n1","n2",\#(ids)]}],"anchor":{"indexPath":[0,9]}}"#))
        #expect(try settled(generic, id) == Settled(offset: [0, 520], adjustment: [0, 110], anchor: [0, 12]))
        // Operations: three more at the start.
        let ops = service.applySnapshotOperations(
            id: id, body: body(#"{"operations":[{"op":"insertItems","items":["k0","k1","k2"],"beforeItem":"m0"}],"anchor":"firstVisible"}"#))
        #expect(try settled(ops, id) == Settled(offset: [0, 630], adjustment: [0, 110], anchor: [0, 15]))
        // The same snapshot again changes nothing and still names the anchor.
        let same = try object(
            service.putSnapshot(
                id: id,
                body: body(#"{"sections":[{"id":"feed","items":["k0","k1","k2","m0","m1","m2","n0","n1","n2",\#(ids)]}],"anchor":"firstVisible"}"#)))
        #expect(same["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 0])
        #expect((same["anchor"] as? [String: Any])?["indexPath"] as? [Int] == [0, 15])
    }
}
