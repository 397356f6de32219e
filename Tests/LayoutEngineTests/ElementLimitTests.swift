import LayoutEngine
import Testing

/// Issue 8, item 2: a rect query stops as soon as it passes its limit. For every layout and
/// many rects, a limited query either returns exactly what the unlimited one returns (when
/// that fits) or refuses (when it does not): the limit changes whether, never what.
@Suite struct ElementLimitTests {
    static let view = ViewContext(bounds: Size(width: 390, height: 844), contentOffset: Point(x: 0, y: 40), scale: 2)

    /// One prepared layout of every kind, each with a few hundred elements.
    static func everyLayout() throws -> [(String, any PreparedLayout)] {
        var random = SeededRandom(seed: 0xE1E)
        let sized = (0..<240).map { _ in
            SectionData.Item(
                size: Size(width: random.double(20, 200), height: random.double(20, 200)),
                height: random.double(10, 90), aspectRatio: random.double(0.4, 2.5))
        }
        let data = DataSource(sections: [SectionData(items: Array(sized[..<150])), SectionData(items: Array(sized[150...]))])
        var flow = FlowLayout.Parameters()
        flow.headerReferenceSize = Size(width: 0, height: 30)
        flow.footerReferenceSize = Size(width: 0, height: 20)
        let tree = DataSource(sections: [
            SectionData(items: (0..<20).map { SectionData.Item(children: [2 * $0, 2 * $0 + 1]) }),
            SectionData(itemCount: 40)
        ])
        let layouts: [(String, any CollectionLayout, DataSource)] = [
            ("flow", FlowLayout(flow), data), ("line", LineLayout(), data), ("column", ColumnLayout(), data),
            ("waterfall", WaterfallLayout(WaterfallLayout.Parameters(headerHeight: 25, footerHeight: 15)), data),
            ("coverFlow", CoverFlowLayout(CoverFlowLayout.Parameters(reflection: true, headerHeight: 10)), data),
            ("circle", CircleLayout(CircleLayout.Parameters(background: true)), data), ("tree", TreeLayout(), tree),
            ("stack", StackLayout(), data), ("justified", JustifiedLayout(), data)
        ]
        var out = try layouts.map { ($0.0, try $0.1.prepare($0.2, view: view)) }
        out.append(("transition", TransitionLayout(from: out[0].1, view: view, to: out[3].1, view: view, progress: 0.4)))
        return out
    }

    @Test func aLimitedQueryIsTheQueryOrARefusal() throws {
        var random = SeededRandom(seed: 0x1_1A1)
        for (name, layout) in try Self.everyLayout() {
            let size = layout.contentSize
            let rects: [Rect?] =
                [nil]
                + (0..<40).map { _ in
                    Rect(
                        x: random.double(-100, size.width + 100), y: random.double(-100, size.height + 100),
                        width: random.double(0, size.width + 200), height: random.double(0, size.height / 2 + 200))
                }
            for rect in rects {
                let all = layout.elements(in: rect, view: Self.view)
                for limit in [0, 1, all.count - 1, all.count, all.count + 1, 7].filter({ $0 >= 0 }) {
                    do {
                        let limited = try layout.elements(in: rect, view: Self.view, limit: limit)
                        #expect(all.count <= limit && limited == all, "\(name): \(limited.count) of \(all.count) at limit \(limit)")
                    } catch {
                        // A transition counts each end's candidates (documented there): it
                        // may refuse when one end meets more than the limit in the rect.
                        let candidates =
                            (layout as? TransitionLayout).map { t in
                                max(t.current.elements(in: rect, view: Self.view).count, t.next.elements(in: rect, view: Self.view).count)
                            } ?? all.count
                        #expect(candidates > limit, "\(name): refused \(all.count) at limit \(limit)")
                        #expect(error.limit == limit)
                    }
                }
            }
        }
    }

    /// A collector refuses the element past its limit and keeps the ones before it.
    @Test func theCollectorStopsAtItsLimit() throws {
        var collector = ElementCollector(limit: 2)
        let cell = LayoutAttributes(category: .cell, indexPath: IndexPath(0, 0), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        try collector.append(cell)
        try collector.append(cell)
        #expect(throws: ElementLimitExceeded(limit: 2)) { try collector.append(cell) }
        #expect(collector.elements.count == 2)
    }
}
