import Testing
import LayoutEngine
@testable import LayoutService

/// Invariants over many random layouts: rect queries equal a brute-force filter of all
/// elements; the arithmetic path equals the materialised one.
@Suite("Compositional: properties")
struct CompositionalPropertyTests {
    static let item =
        #"{"size":{"width":{"fractionalWidth":0.3},"height":{"absolute":40}},"supplementaryItems":[{"kind":"badge","size":{"width":{"absolute":11},"height":{"absolute":11}},"anchor":{"edges":["top","trailing"],"fractionalOffset":{"x":0.5,"y":-0.5}}}]}"#
    static let header =
        #"{"kind":"header","alignment":"top","pinToVisibleBounds":true,"size":{"width":{"fractionalWidth":1},"height":{"absolute":25}}}"#
    static let footer =
        #"{"kind":"footer","alignment":"bottom","pinToVisibleBounds":true,"size":{"width":{"fractionalWidth":1},"height":{"absolute":15}},"absoluteOffset":{"x":3,"y":-4}}"#

    /// Sections exercising every part: repeating, count, nested, custom, orthogonal, group
    /// accessories, decorations, flexible spacing.
    static let sections: [String] = [
        #"{"interGroupSpacing":6,"contentInsets":{"top":4,"leading":10,"bottom":7,"trailing":12},"boundarySupplementaryItems":[\#(header),\#(footer)],"decorationItems":[{"kind":"background","contentInsets":2}],"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"interItemSpacing":{"fixed":5.5},"subitems":[\#(item)]}}"#,
        #"{"interGroupSpacing":3,"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":90}},"supplementaryItems":[{"kind":"accessory","size":{"width":{"absolute":20},"height":{"absolute":20}},"anchor":{"edges":["bottom","leading"],"absoluteOffset":{"x":-3,"y":4}}}],"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}},{"axis":"vertical","size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}},"count":2,"interItemSpacing":{"flexible":3},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"absolute":30}},"contentInsets":2}]}]}}"#,
        #"{"orthogonalScrollingBehavior":"groupPaging","interGroupSpacing":9,"contentInsets":{"leading":14,"trailing":14},"boundarySupplementaryItems":[\#(header)],"group":{"axis":"vertical","size":{"width":{"fractionalWidth":0.7},"height":{"absolute":130}},"count":3,"interItemSpacing":{"fixed":2},"subitems":[\#(item)]}}"#,
        #"{"interGroupSpacing":1,"decorationItems":[{"kind":"background"}],"group":{"axis":"custom","size":{"width":{"fractionalWidth":1},"height":{"absolute":70}},"frames":[[0,0,50,50],[60.3,10,40,60],[200,5,100,30]]}}"#,
        #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":33}},"interItemSpacing":{"flexible":2},"subitems":[{"size":{"width":{"absolute":57},"height":{"absolute":20}},"edgeSpacing":{"top":{"flexible":0},"bottom":{"flexible":0}}}]}}"#
    ]

    static func randomBody(_ r: inout UpdateInvariantTests.Random, scale: Double) -> String {
        let count = 1 + r.below(4)
        let counts = (0..<count).map { _ in r.below(40) }
        var own: [Int: String] = [:]
        for s in 0..<count where r.below(2) == 0 { own[s] = sections[r.below(sections.count)] }
        let horizontal = r.below(4) == 0
        let extra =
            #","interSectionSpacing":\#(r.below(12)),"scrollDirection":"\#(horizontal ? "horizontal" : "vertical")","boundarySupplementaryItems":[{"kind":"top","alignment":"top","pinToVisibleBounds":true,"size":{"width":{"fractionalWidth":1},"height":{"absolute":20}}}]"#
        let offsets = (0..<count).map { "\"\($0)\":\(r.below(300))" }.joined(separator: ",")
        return Comp.body(
            section: sections[r.below(sections.count)], counts: counts, width: Double(300 + r.below(200)),
            height: Double(400 + r.below(400)), scale: scale, extra: extra, sectionLayouts: own,
            view: #","contentOffset":[\#(r.below(50)),\#(r.below(900))],"orthogonalOffsets":{\#(offsets)}"#)
    }

    static func randomRect(_ r: inout UpdateInvariantTests.Random, _ size: Size) -> Rect {
        Rect(
            x: Double(r.below(Int(size.width) + 100)) - 50 + 0.5 * Double(r.below(2)),
            y: Double(r.below(Int(size.height) + 100)) - 50,
            width: Double(r.below(400)), height: Double(r.below(500)))
    }

    @Test(arguments: [0.0, 3.0])
    func rectQueryEqualsBruteForce(scale: Double) throws {
        var r = UpdateInvariantTests.Random(state: 42 + UInt64(scale))
        for round in 0..<60 {
            let json = Self.randomBody(&r, scale: scale)
            let (p, view) = try Comp.prepare(json)
            let all = p.elements(in: nil, view: view)
            for _ in 0..<8 {
                let rect = Self.randomRect(&r, p.contentSize)
                let fast = p.elements(in: rect, view: view)
                let brute = all.filter { $0.frame.intersects(rect) }
                #expect(fast == brute, "round \(round) rect \(rect): \(fast.count) vs \(brute.count)\n\(json)")
                if fast != brute { return }
            }
            // Single-element lookups answer what the full list holds.
            for a in all.prefix(200) {
                let one: LayoutAttributes?
                switch a.category {
                case .cell: one = p.attributesForItem(at: a.indexPath, view: view)
                case .supplementary: one = p.attributesForSupplementaryView(kind: a.kind, at: a.indexPath, view: view)
                case .decoration: one = p.attributesForDecorationView(kind: a.kind, at: a.indexPath, view: view)
                }
                #expect(one == a, "round \(round): \(a.key)")
            }
        }
    }

    @Test(arguments: [0.0, 3.0])
    func arithmeticEqualsMaterialised(scale: Double) throws {
        var r = UpdateInvariantTests.Random(state: 7 + UInt64(scale))
        for round in 0..<60 {
            let json = Self.randomBody(&r, scale: scale)
            let request = try LayoutRequest.decode(Array(json.utf8), maxItems: 1_000_000, allowRect: false)
            var layout = try #require((request.layout as? DirectedLayout)?.base as? CompositionalLayout)
            let arithmetic = try layout.prepare(request.dataSource, view: request.view)
            layout.forceMaterialised = true
            let materialised = try layout.prepare(request.dataSource, view: request.view)
            #expect(arithmetic.contentSize == materialised.contentSize)
            #expect(
                arithmetic.elements(in: nil, view: request.view) == materialised.elements(in: nil, view: request.view),
                "round \(round)\n\(json)")
            for _ in 0..<5 {
                let rect = Self.randomRect(&r, arithmetic.contentSize)
                #expect(arithmetic.elements(in: rect, view: request.view) == materialised.elements(in: rect, view: request.view))
            }
        }
    }

    /// A million items in one section: prepared by arithmetic (nothing per item), answered
    /// by index path and by rect anywhere, equal to the materialised answers.
    @Test func aMillionItemsByArithmetic() throws {
        let json = Comp.body(section: Self.sections[1], counts: [1_000_000], scale: 3)
        let request = try LayoutRequest.decode(Array(json.utf8), maxItems: 1_000_000, allowRect: false)
        var layout = try #require((request.layout as? DirectedLayout)?.base as? CompositionalLayout)
        let p = try layout.prepareCompositional(request.dataSource, view: request.view)
        #expect(p.materialisedSectionCount == 0)
        // k = 3 (a half-width item and a two-item column): 333,334 instances, 93 apart.
        #expect(p.contentSize.height == 333_334 * 93 - 3)
        layout.forceMaterialised = true
        let m = try layout.prepareCompositional(request.dataSource, view: request.view)
        let rect = Rect(x: 0, y: p.contentSize.height / 2, width: 390, height: 844)
        #expect(p.elements(in: rect, view: request.view) == m.elements(in: rect, view: request.view))
        #expect(
            p.attributesForItem(at: IndexPath(section: 0, item: 999_999), view: request.view)
                == m.attributesForItem(at: IndexPath(section: 0, item: 999_999), view: request.view))
    }
}
