@testable import LayoutEngine
import Testing

/// The column choice of docs/layouts.md §2.4 against a literal reading of it: every column kept
/// in a table, the shortest found by scanning all of them, ties to the leftmost. The engine
/// stores only the columns items can reach and uses a heap past `ColumnHeights.scanLimit`
/// columns; frames and content heights must agree to the bit.
@Suite struct WaterfallColumnChoiceTests {
    /// §2.3–2.5 for one section, as written: O(items × columns).
    static func reference(
        _ heights: [Double], columns n: Int, direction: WaterfallLayout.ItemRenderDirection,
        itemWidth: Double, spacing: Double, interitem: Double, top: Double
    ) -> (ys: [Double], xs: [Double], tallest: Double) {
        var column = [Double](repeating: top, count: n)
        var ys: [Double] = [], xs: [Double] = []
        for (i, h) in heights.enumerated() {
            let c: Int
            switch direction {
            case .shortestFirst:
                var best = 0
                for k in 1..<max(1, n) where column[k] < column[best] { best = k }
                c = best
            case .leftToRight: c = i % n
            case .rightToLeft: c = n - 1 - i % n
            }
            ys.append(column[c])
            xs.append(0 + (itemWidth + spacing) * Double(c))
            column[c] = column[c] + h + interitem
        }
        var tallest = column[0]
        for k in 1..<n where column[k] > tallest { tallest = column[k] }
        return (ys, xs, tallest)
    }

    /// Heights from a few integers (many ties), zero heights, and a spacing that may be
    /// negative (so a column can shrink below its start); every column count around the
    /// scan limit and far past it, item counts below and above the column count.
    @Test(arguments: [WaterfallLayout.ItemRenderDirection.shortestFirst, .leftToRight, .rightToLeft])
    func matchesTheLiteralRule(direction: WaterfallLayout.ItemRenderDirection) throws {
        var random = SeededRandom(seed: 0x5EED_C0_1)
        for columns in [1, 2, 3, 8, 33, 64, 65, 100, 200] {
            for _ in 0..<12 {
                let itemCount = random.int(0...(3 * columns + 5))
                let interitem = [0.0, 10, -3, 2.5].randomElement(using: &random)!
                // Widths equal to the item width keep each height as drawn: h = 40·k / 40.
                let heights = (0..<itemCount).map { _ in Double(random.int(0...4)) }
                let parameters = WaterfallLayout.Parameters(
                    columnCount: columns, minimumColumnSpacing: 0,
                    minimumInteritemSpacing: interitem, itemRenderDirection: direction)
                let width = 40.0 * Double(columns)
                let section = SectionData(items: heights.map { SectionData.Item(size: Size(width: 40, height: $0)) })
                let view = ViewContext(bounds: Size(width: width, height: 500))
                let prepared = try WaterfallLayout(parameters).prepare(DataSource(sections: [section]), view: view)
                let cells = prepared.elements(in: nil, view: view).filter { $0.category == .cell }
                let expected = Self.reference(
                    heights, columns: columns, direction: direction, itemWidth: 40,
                    spacing: 0, interitem: interitem, top: 0)
                #expect(cells.map(\.frame.minY) == expected.ys, "columns \(columns), items \(itemCount)")
                #expect(cells.map(\.frame.minX) == expected.xs, "columns \(columns), items \(itemCount)")
                #expect(
                    prepared.contentSize.height == max(0, expected.tallest - interitem),
                    "columns \(columns), items \(itemCount)")
            }
        }
    }

    /// An empty section of the most columns allowed stores no column and still ends where
    /// §2.5 says: top − interitem spacing (+ the insets' bottom).
    @Test func emptySectionsStoreNoColumns() throws {
        let columns = ColumnHeights(direction: .shortestFirst, columnCount: LayoutCheck.maximumColumnCount, itemCount: 0, top: 7)
        #expect(columns.heights.isEmpty)
        #expect(columns.tallest == 7)
        let three = ColumnHeights(direction: .rightToLeft, columnCount: 10_000, itemCount: 3, top: 0)
        #expect(three.heights.count == 3)
        #expect((0..<3).map { three.column(ofSlot: three.slot(forItem: $0)) } == [9999, 9998, 9997])
        let parameters = WaterfallLayout.Parameters(columnCount: 10_000, minimumColumnSpacing: 0, minimumInteritemSpacing: 4)
        let sections = Array(repeating: SectionData(itemCount: 0), count: 1000)
        let prepared = try WaterfallLayout(parameters).prepare(
            DataSource(sections: sections), view: ViewContext(bounds: Size(width: 10_000, height: 1)))
        // Each empty section moves the next one up by the spacing it subtracts: 1000 × −4,
        // and the content height never goes below 0.
        #expect(prepared.contentSize.height == 0)
    }
}
