import Testing
import LayoutEngine

/// Checks shared by the cover-flow, circle and stack property tests.
enum LayoutsBChecks {
    /// Up to `maxSections` sections of 0…`maxItems` items each; empty sections are common.
    static func randomDataSource(_ g: inout SeededRandom, maxSections: Int = 5, maxItems: Int = 30) -> DataSource {
        DataSource(
            sections: (0..<g.int(0...maxSections)).map { _ in
                SectionData(itemCount: g.bool() ? g.int(0...3) : g.int(0...maxItems))
            })
    }

    /// Query rectangles: random ones over the content and beyond, zero-width and
    /// zero-height ones, and ones that only touch an element's edge, where closed
    /// intersection decides.
    static func randomRects(_ g: inout SeededRandom, content: Size, elements: [LayoutAttributes], count: Int) -> [Rect] {
        var rects = [Rect]()
        let spanX = max(content.width, 1), spanY = max(content.height, 1)
        for k in 0..<count {
            let x = g.double(-0.2 * spanX, 1.1 * spanX), y = g.double(-0.2 * spanY, 1.1 * spanY)
            var w = g.double(0, 0.5 * spanX), h = g.double(0, 0.5 * spanY)
            if k % 5 == 1 { w = 0 }
            if k % 5 == 2 { h = 0 }
            rects.append(Rect(x: x, y: y, width: w, height: h))
            if k % 3 == 0, !elements.isEmpty {
                let f = elements[g.int(0...(elements.count - 1))].frame
                switch g.int(0...3) {
                case 0: rects.append(Rect(x: f.maxX, y: f.minY, width: g.double(0, 50), height: f.height))
                case 1: rects.append(Rect(x: f.minX - 7, y: f.minY, width: 7, height: 1))
                case 2: rects.append(Rect(x: f.minX, y: f.maxY, width: 1, height: 0))
                default: rects.append(Rect(x: f.minX, y: f.minY - 3, width: 0, height: 3))
                }
            }
        }
        return rects
    }

    /// A rect query equals the brute-force filter of the full list (which is in the
    /// cells → supplementary → decorations order), and every element's single lookup
    /// returns exactly it.
    static func checkQueries(_ layout: any PreparedLayout, view: ViewContext, rects: [Rect]) {
        let all = layout.elements(in: nil, view: view)
        let ranks = all.map { ElementKey(category: $0.category, indexPath: IndexPath(0, 0)) }
        #expect(ranks == ranks.sorted(), "cells, then supplementary views, then decorations")
        guard
            QueryChecks.rectQueriesEqualBruteForce(
                layout, all: all, view: view, rects: rects,
                stopAtFirstMismatch: true)
        else { return }
        for element in all {
            let single = lookup(layout, element.key, view)
            #expect(single == element)
            if single != element { return }
        }
    }

    /// Index paths that name no cell give nil.
    static func checkAbsentItems(_ layout: any PreparedLayout, dataSource: DataSource, view: ViewContext) {
        let sections = dataSource.numberOfSections
        var probes = [IndexPath(-1, 0), IndexPath(0, -1), IndexPath(sections, 0)]
        for s in 0..<sections { probes.append(IndexPath(s, dataSource.numberOfItems(inSection: s))) }
        for p in probes { #expect(layout.attributesForItem(at: p, view: view) == nil, "\(p)") }
    }

    /// The `field` of the LayoutError `prepare` throws, or nil when it succeeds.
    static func errorField(_ prepare: () throws(LayoutError) -> Void) -> String? {
        do {
            try prepare()
            return nil
        } catch { return error.field }
    }
}
