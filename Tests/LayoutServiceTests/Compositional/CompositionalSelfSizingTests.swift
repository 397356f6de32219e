import Foundation
import Testing
import LayoutEngine
import LayoutService

/// C15: estimated dimensions lay out at the estimates; `preferred-sizes` gives items their
/// measured sizes on estimated axes only; a group estimated on an axis grows to its largest
/// child, and later groups and sections move by the difference.
@Suite("Compositional: estimated sizes (C15)")
struct CompositionalSelfSizingTests {
    /// Rows: a full-width item with an estimated height of 44 in a group estimated at 44.
    static let rows =
        #"{"interGroupSpacing":2,"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}}"#

    static func frame(_ service: TesseraService, _ id: String, _ s: Int, _ i: Int) throws -> [Double] {
        let a = try object(service.item(id: id, section: "\(s)", item: "\(i)"))
        let f = a["frame"] as? [String: Double] ?? [:]
        return [f["x"] ?? .nan, f["y"] ?? .nan, f["width"] ?? .nan, f["height"] ?? .nan]
    }

    @Test(arguments: [0.0, 3.0])
    func measuredHeightsMoveLaterGroupsAndSections(scale: Double) throws {
        let service = makeService()
        let id = try createSession(
            service,
            Comp.body(
                section: Self.rows, counts: [3, 1], scale: scale,
                extra: #","interSectionSpacing":10"#))
        // At the estimates: rows at 0, 46, 92; section 1 at 3·44 + 2·2 + 10 = 146.
        #expect(try Self.frame(service, id, 0, 1) == [0, 46, 390, 44])
        #expect(try Self.frame(service, id, 1, 0) == [0, 146, 390, 44])
        // Item 1 measures 390.2 × 80.2: the width axis is fractional (not estimated) and keeps
        // 390; the height becomes 80.2 (scale 3: 241/3), and everything after moves by the
        // difference.
        let r = service.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,1],"size":[390.2,80.2]}]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let h = scale == 3 ? 241.0 / 3 : 80.2
        let moved = try Self.frame(service, id, 0, 2)
        #expect(Swift.abs(moved[1] - (46 + h + 2)) < 1e-9)
        let item1 = try Self.frame(service, id, 0, 1)
        #expect(item1[2] == 390 && Swift.abs(item1[3] - h) < 1e-9)
        let next = try Self.frame(service, id, 1, 0)
        #expect(Swift.abs(next[1] - (146 + h - 44)) < 1e-9)
    }

    /// A group estimated across grows to its largest child: two 100-wide items side by side,
    /// one measured 120 high; the group (estimated 50) becomes 120, and the next row starts at
    /// 120. An item with fractionalHeight in the estimated group keeps the estimate (50).
    @Test func groupsGrowToTheirLargestChild() throws {
        let section =
            #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":50}},"subitems":[{"size":{"width":{"absolute":100},"height":{"estimated":50}}},{"size":{"width":{"absolute":100},"height":{"fractionalHeight":1}}}]}}"#
        let service = makeService()
        let id = try createSession(service, Comp.body(section: section, counts: [4]))
        // k: 100 + 100 + 100 ≤ 390, 400 > 390: three per group, items alternate kinds.
        #expect(try Self.frame(service, id, 0, 3) == [0, 50, 100, 50])
        let r = service.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,0],"size":[100,120]},{"indexPath":[0,1],"size":[100,200]}]}"#))
        #expect(r.status == 200)
        #expect(try Self.frame(service, id, 0, 0) == [0, 0, 100, 120])
        #expect(try Self.frame(service, id, 0, 1) == [100, 0, 100, 50]) // fractional: not measured
        #expect(try Self.frame(service, id, 0, 3) == [0, 120, 100, 50])
    }

    /// Without an estimated dimension the layout does not self-size: 409 as for flow.
    @Test func layoutsWithoutEstimatesRefusePreferredSizes() throws {
        let service = makeService()
        let section =
            #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"absolute":50}}}]}}"#
        let id = try createSession(service, Comp.body(section: section, counts: [2]))
        let r = service.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,0],"size":[10,10]}]}"#))
        #expect(r.status == 409)
    }
}
