import LayoutEngine
import Testing

// Shared by ColumnLayoutTests, WaterfallLayoutTests and TreeLayoutTests.

enum LayoutsAChecks {
    /// Prepares, failing the test with the error's field and message if it throws.
    static func prepare(
        _ layout: some CollectionLayout, _ dataSource: DataSource,
        view: ViewContext = ViewContext()
    ) throws -> any PreparedLayout {
        do {
            return try layout.prepare(dataSource, view: view)
        } catch {
            Issue.record("prepare threw \(error.field): \(error.message)")
            throw error
        }
    }

    /// The error `prepare` throws, nil when it succeeds.
    static func error(
        _ layout: some CollectionLayout, _ dataSource: DataSource,
        view: ViewContext = ViewContext()
    ) -> LayoutError? {
        do {
            _ = try layout.prepare(dataSource, view: view)
            return nil
        } catch {
            return error
        }
    }

    /// The contract every prepared layout keeps (docs/layouts.md §0):
    /// - the full list holds cells, then supplementary views, then decorations, cells in
    ///   index-path order, no element twice, no negative size;
    /// - every element's single lookup returns exactly it, and absent ones return nil;
    /// - a rect query returns exactly the full list filtered by closed intersection, in the
    ///   same order, for `rects` and for rects built on element edges.
    static func checkQueries(
        _ prepared: any PreparedLayout, view: ViewContext, rects: [Rect],
        random: inout SeededRandom, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let all = prepared.elements(in: nil, view: view)
        let rank: [ElementCategory: Int] = [.cell: 0, .supplementary: 1, .decoration: 2]
        for (a, b) in zip(all, all.dropFirst()) {
            #expect(rank[a.category]! <= rank[b.category]!, "categories out of order", sourceLocation: sourceLocation)
            if a.category == .cell && b.category == .cell {
                #expect(a.indexPath < b.indexPath, "cells out of order", sourceLocation: sourceLocation)
            }
        }
        #expect(Set(all.map(\.key)).count == all.count, "an element appears twice", sourceLocation: sourceLocation)
        for element in all {
            #expect(element.frame.width >= 0 && element.frame.height >= 0, sourceLocation: sourceLocation)
            let agrees = lookup(prepared, element.key, view) == element
            #expect(agrees, "lookup of \(element.key) disagrees", sourceLocation: sourceLocation)
        }
        // Absent elements.
        let cellKeys = Set(all.filter { $0.category == .cell }.map(\.indexPath))
        for probe in [IndexPath(-1, 0), IndexPath(0, -1), IndexPath(0, 1_000_000), IndexPath(1_000_000, 0)]
        where !cellKeys.contains(probe) {
            #expect(prepared.attributesForItem(at: probe, view: view) == nil, sourceLocation: sourceLocation)
        }
        #expect(
            prepared.attributesForSupplementaryView(kind: "no-such-kind", at: IndexPath(0, 0), view: view) == nil,
            sourceLocation: sourceLocation)

        var queries = rects
        // Rects that share exactly one edge with an element: closed intersection includes it.
        for _ in 0..<min(all.count, 12) {
            let f = all[random.int(all.count)].frame
            queries.append(Rect(x: f.minX - 5, y: f.maxY, width: 5, height: 7)) // touches bottom-left corner
            queries.append(Rect(x: f.maxX, y: f.minY, width: 3, height: 0)) // zero height on the right edge
            queries.append(Rect(x: f.minX, y: f.minY - 2, width: f.width, height: 2)) // sits on the top edge
        }
        QueryChecks.rectQueriesEqualBruteForce(
            prepared, all: all, view: view, rects: queries,
            sourceLocation: sourceLocation)
    }

    /// Random query rectangles over (and a little beyond) `content`, some of them empty.
    static func randomRects(_ count: Int, over content: Size, random: inout SeededRandom) -> [Rect] {
        let w = max(content.width, 1), h = max(content.height, 1)
        var rects = [Rect(x: -10, y: -10, width: w + 20, height: h + 20)]
        for _ in 0..<count {
            let x = random.double(in: -0.1 * w...1.05 * w), y = random.double(in: -0.1 * h...1.05 * h)
            let width = random.chance(0.1) ? 0 : random.double(in: 0...0.5 * w)
            let height = random.chance(0.1) ? 0 : random.double(in: 0...0.3 * h)
            rects.append(Rect(x: x, y: y, width: width, height: height))
        }
        return rects
    }
}
