import TesseraSupport
import Foundation
import Testing
import LayoutService

/// The update invariant (issue: "after any sequence of updates a session's layout is exactly
/// what a new session of the updated data source gives"), for every layout, through the
/// service: random single-operation batches applied to a session and to a plain model of the
/// data source, then the session's elements compared with a one-shot layout of the model.
@Suite("Update invariant, every layout")
struct UpdateInvariantTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    static let layouts: [(String, String)] = [
        ("flow", #"{"type":"flow","itemSize":[40,30],"headerReferenceSize":[0,12],"footerReferenceSize":[0,7]}"#),
        ("flow-horizontal", #"{"type":"flow","scrollDirection":"horizontal","minimumInteritemSpacing":3}"#),
        ("line", #"{"type":"line","itemSize":[60,60]}"#),
        ("waterfall", #"{"type":"waterfall","columnCount":3,"headerHeight":20}"#),
        ("justified", #"{"type":"justified","targetRowHeight":80}"#),
        ("column", #"{"type":"column","numColumns":3}"#),
        ("coverFlow", #"{"type":"coverFlow","reflection":true,"headerHeight":10}"#),
        ("circle", #"{"type":"circle","background":true}"#),
        ("stack", #"{"type":"stack"}"#),
        (
            "compositional",
            #"{"type":"compositional","interSectionSpacing":4,"section":{"interGroupSpacing":3,"boundarySupplementaryItems":[{"kind":"header","alignment":"top","size":{"width":{"fractionalWidth":1},"height":{"absolute":12}}}],"decorationItems":[{"kind":"background"}],"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":60}},"subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}},{"axis":"vertical","size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}},"count":2,"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"absolute":20}}}]}]}}}"#
        ),
        (
            "compositional-estimated",
            #"{"type":"compositional","section":{"interGroupSpacing":2,"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":40}},"subitems":[{"size":{"width":{"estimated":90},"height":{"estimated":40}}}]}}}"#
        ),
        (
            "compositional-orthogonal",
            #"{"type":"compositional","scrollDirection":"horizontal","section":{"orthogonalScrollingBehavior":"groupPaging","group":{"axis":"vertical","size":{"width":{"absolute":70},"height":{"fractionalHeight":0.6}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":50}}}]}}}"#
        )
    ]

    /// Sizes per section: the model the updates are also applied to.
    static func sessionJSON(_ layout: String, _ model: [[[Int]]]) -> String {
        let sections = model.map { items in
            "{\"items\":[" + items.map { "{\"size\":[\($0[0]),\($0[1])]}" }.joined(separator: ",") + "]}"
        }
        return "{\"layout\":\(layout),\"dataSource\":{\"sections\":[\(sections.joined(separator: ","))]},\"view\":{\"bounds\":[320,480]}}"
    }

    static func randomItem(_ r: inout Random) -> [Int] { [10 + r.below(120), 10 + r.below(120)] }

    /// One random valid operation: its JSON, applied to `model`.
    static func step(_ model: inout [[[Int]]], _ r: inout Random) -> String {
        func items(_ n: Int) -> [[Int]] { (0..<n).map { _ in randomItem(&r) } }
        func json(_ items: [[Int]]) -> String { "[" + items.map { "{\"size\":[\($0[0]),\($0[1])]}" }.joined(separator: ",") + "]" }
        let nonEmpty = model.indices.filter { !model[$0].isEmpty }
        switch r.below(7) {
        case 0 where !model.isEmpty:
            let s = r.below(model.count), i = r.below(model[s].count + 1), new = items(1)
            model[s].insert(new[0], at: i)
            return "{\"op\":\"insertItems\",\"indexPaths\":[[\(s),\(i)]],\"items\":\(json(new))}"
        case 1 where !nonEmpty.isEmpty:
            let s = nonEmpty[r.below(nonEmpty.count)], i = r.below(model[s].count)
            model[s].remove(at: i)
            return "{\"op\":\"deleteItems\",\"indexPaths\":[[\(s),\(i)]]}"
        case 2 where !nonEmpty.isEmpty:
            let s = nonEmpty[r.below(nonEmpty.count)], i = r.below(model[s].count)
            let item = model[s].remove(at: i)
            let t = r.below(model.count), j = r.below(model[t].count + 1)
            model[t].insert(item, at: j)
            return "{\"op\":\"moveItem\",\"from\":[\(s),\(i)],\"to\":[\(t),\(j)]}"
        case 3 where !nonEmpty.isEmpty:
            let s = nonEmpty[r.below(nonEmpty.count)], i = r.below(model[s].count), new = items(1)
            model[s][i] = new[0]
            return "{\"op\":\"reloadItems\",\"indexPaths\":[[\(s),\(i)]],\"items\":\(json(new))}"
        case 4 where model.count > 1:
            let s = r.below(model.count)
            model.remove(at: s)
            return "{\"op\":\"deleteSections\",\"sections\":[\(s)]}"
        case 5 where model.count > 1:
            let s = r.below(model.count)
            let section = model.remove(at: s)
            let t = r.below(model.count + 1)
            model.insert(section, at: t)
            return "{\"op\":\"moveSection\",\"from\":\(s),\"to\":\(t)}"
        default:
            let s = r.below(model.count + 1), new = items(r.below(5))
            model.insert(new, at: s)
            return "{\"op\":\"insertSections\",\"sections\":[\(s)],\"data\":[{\"items\":\(json(new))}]}"
        }
    }

    static func elements(_ r: Reply) throws -> NSArray {
        (try object(r)["elements"] as? NSArray) ?? []
    }

    @Test(arguments: layouts)
    func sessionAfterUpdatesEqualsAFreshLayout(_ layout: (String, String)) throws {
        let service = makeService()
        var random = Random(state: UInt64(layout.0.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        var model: [[[Int]]] = (0..<3).map { _ in (0..<random.below(12)).map { _ in Self.randomItem(&random) } }
        let id = try createSession(service, Self.sessionJSON(layout.1, model))
        for step in 0..<40 {
            let op = Self.step(&model, &random)
            let r = service.applyUpdates(id: id, body: body("{\"updates\":[\(op)]}"))
            #expect(r.status == 200, "\(layout.0) step \(step) \(op): \(String(decoding: r.body, as: UTF8.self))")
            let plan = try object(r)["plan"] as? [[String: Any]] ?? []
            #expect(plan.allSatisfy { $0["from"] != nil && $0["to"] != nil })
            let session = try Self.elements(service.elements(id: id, query: nil))
            let fresh = try Self.elements(service.oneShotLayout(body: body(Self.sessionJSON(layout.1, model))))
            #expect(session == fresh, "\(layout.0) after step \(step): \(op)")
            if session != fresh { return }
        }
    }

    @Test func invalidBatchIs422AndChangesNothing() throws {
        let service = makeService()
        let id = try createSession(service, Self.sessionJSON(#"{"type":"flow"}"#, [[[10, 10], [20, 20]]]))
        let before = service.getSession(id: id).body
        let r = service.applyUpdates(
            id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,1]]},{"op":"deleteItems","indexPaths":[[0,1]]}]}"#))
        #expect(r.status == 422)
        let e = try errorOf(r)
        #expect(e.code == "invalid_update")
        #expect(e.field == "updates[1].indexPaths[0]")
        #expect(service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,5]]}]}"#)).status == 422)
        #expect(service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"explode"}]}"#)).status == 400)
        #expect(service.getSession(id: id).body == before)
    }

    @Test func planShowsInsertsDeletesAndMoves() throws {
        // Flow, 100×100 items in 320 wide: k = 2 (floor(330/110) = 3? (10 + 320)/(10 + 100) =
        // 3.0 → 3 per line). Deleting item 0 moves item 1 into its place; inserting at 0 of the
        // new state appears there.
        let service = makeService()
        let id = try createSession(
            service, #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[320,480]}}"#)
        let r = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#), ifMatch: "1")
        let plan = try #require(try object(r)["plan"] as? [[String: Any]])
        let byChange = Dictionary(grouping: plan) { $0["change"] as? String ?? "" }
        #expect(byChange["delete"]?.count == 1)
        #expect(byChange["move"]?.count == 2)
        let deleted = try #require(byChange["delete"]?.first)
        let to = try #require((deleted["to"] as? [String: Any])?["attributes"] as? [String: Any])
        #expect(to["alpha"] as? Double == 0) // UIKit's default final attributes
        #expect(try object(r)["version"] as? Int == 2)
        #expect(service.applyUpdates(id: id, body: body(#"{"updates":[]}"#), ifMatch: "1").status == 412)
    }
}
