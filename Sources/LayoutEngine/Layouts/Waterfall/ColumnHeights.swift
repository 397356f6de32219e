import HeapModule

/// The running column heights of one waterfall section (docs/layouts.md §2.3–2.4) and the
/// choice of each item's column.
///
/// Only the columns an item can reach are stored, `min(columnCount, itemCount)` of them:
/// item i goes to column `i mod n` (leftToRight), `n − 1 − (i mod n)` (rightToLeft), or the
/// leftmost shortest column, which is never right of column i, since every column right of
/// the leftmost untouched one is as short and further right. So an empty section of ten
/// thousand columns stores nothing, and the other columns are known to stand at `top`.
///
/// shortestFirst finds its column in O(log columns) with a min-max heap of (height,
/// column), ordered so that its minimum is the leftmost of the shortest (§2.4's tie rule);
/// up to `scanLimit` columns a scan is cheaper and gives the same column.
struct ColumnHeights {
    /// A column's height, ordered by height and then by column: the minimum is the
    /// leftmost shortest column.
    struct Entry: Comparable {
        var height: Double
        var column: Int

        static func < (a: Entry, b: Entry) -> Bool {
            a.height < b.height || (a.height == b.height && a.column < b.column)
        }
    }

    /// Columns up to which shortestFirst scans instead of keeping a heap (measured: figure 12,
    /// docs/performance.md#column-scan).
    static let scanLimit = 64

    let direction: WaterfallLayout.ItemRenderDirection
    let columnCount: Int
    /// Where every column starts, and where the columns no item reaches stay.
    let top: Double
    /// Slot k's height; slot k is column k, or column `columnCount − 1 − k` for rightToLeft.
    private(set) var heights: [Double]
    private var heap: Heap<Entry>?

    init(direction: WaterfallLayout.ItemRenderDirection, columnCount: Int, itemCount: Int, top: Double) {
        self.direction = direction
        self.columnCount = columnCount
        self.top = top
        let slots = min(columnCount, itemCount)
        heights = [Double](repeating: top, count: slots)
        if direction == .shortestFirst && slots > Self.scanLimit {
            heap = Heap((0..<slots).map { Entry(height: top, column: $0) })
        }
    }

    /// The slot item `item` goes to (§2.4), and the column's height before it.
    @inline(__always)
    func slot(forItem item: Int) -> Int {
        switch direction {
        case .leftToRight, .rightToLeft:
            return item % columnCount
        case .shortestFirst:
            if let heap { return heap.min!.column }
            var shortest = 0
            var shortestHeight = heights[0]
            var k = 1
            while k < heights.count {
                if heights[k] < shortestHeight {
                    shortest = k
                    shortestHeight = heights[k]
                }
                k += 1
            }
            return shortest
        }
    }

    /// The column a slot stands for.
    @inline(__always)
    func column(ofSlot slot: Int) -> Int {
        direction == .rightToLeft ? columnCount - 1 - slot : slot
    }

    /// The column of `slot` has grown to `height` (after the item just placed there).
    @inline(__always)
    mutating func setHeight(_ height: Double, slot: Int) {
        heights[slot] = height
        if heap != nil {
            // The item went to the minimum; it is replaced by the same column, taller.
            _ = heap!.replaceMin(with: Entry(height: height, column: slot))
        }
    }

    /// §2.5's tallest column, compared in column order as a scan over every column would
    /// (so that of two equal heights the first is kept, zero's sign included). The columns
    /// no item reached all stand at `top`, so their block counts once: first for
    /// rightToLeft (its slots run down from the last column), last for the others.
    var tallest: Double {
        var tallest: Double?
        func consider(_ height: Double) {
            if let current = tallest, !(height > current) { return }
            tallest = height
        }
        let reachesEveryColumn = heights.count == columnCount
        if direction == .rightToLeft {
            if !reachesEveryColumn { consider(top) }
            for k in heights.indices.reversed() { consider(heights[k]) }
        } else {
            for height in heights { consider(height) }
            if !reachesEveryColumn { consider(top) }
        }
        return tallest ?? top
    }
}
