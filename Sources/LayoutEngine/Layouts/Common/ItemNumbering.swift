/// Numbers every item of a data source in section order (item `[s, i]` is number
/// `starts[s] + i`), so that per-item storage can be one flat array and a rect query's
/// results, which come out of `FrameIndex` by number, map back to index paths. Cover flow
/// also lays every section on one strip by this number (docs/layouts.md §3, "global index g").
struct ItemNumbering: Sendable {
    /// `starts[s]` is the number of item 0 of section `s`; the last entry is the item total.
    /// Empty sections repeat their successor's start.
    let starts: [Int]

    init(_ dataSource: DataSource) {
        var starts: [Int] = []
        starts.reserveCapacity(dataSource.sections.count + 1)
        var total = 0
        for section in dataSource.sections {
            starts.append(total)
            total += section.itemCount
        }
        starts.append(total)
        self.starts = starts
    }

    var sectionCount: Int { starts.count - 1 }
    var total: Int { starts[starts.count - 1] }

    func itemCount(inSection s: Int) -> Int { starts[s + 1] - starts[s] }

    /// The number of the item at `indexPath`, nil when there is no such item.
    /// - Complexity: O(1).
    func number(of indexPath: IndexPath) -> Int? {
        let s = indexPath.section, i = indexPath.item
        guard s >= 0, s < sectionCount, i >= 0, i < itemCount(inSection: s) else { return nil }
        return starts[s] + i
    }

    /// The section holding item number `n` (0 ≤ n < total), searching sections from
    /// `lowest` on: the last section whose start is ≤ n (an empty section shares its start
    /// with the next one, so the last such section is the one that really holds n).
    /// - Complexity: O(log sections).
    func section(containing n: Int, from lowest: Int = 0) -> Int {
        var low = lowest, high = sectionCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= n { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index path of item number `n` (0 ≤ n < total).
    /// - Complexity: O(log sections).
    func indexPath(of n: Int) -> IndexPath {
        let s = section(containing: n)
        return IndexPath(section: s, item: n - starts[s])
    }

    /// Calls `body` with the number and index path of every item whose frame in `index`
    /// intersects `rect` (every item when `rect` is nil), in ascending order. Intersection
    /// is closed, even for a rect of zero width or height: the originals of the layouts
    /// using this test with CGRectIntersectsRect, which keeps touching rectangles (the flow
    /// layout's empty-rect rule, docs/flow.md R14, is UICollectionViewFlowLayout's own).
    /// - Complexity: O(log n + k) through the index, plus O(log sections) for each section
    ///   the results enter; O(n) for nil.
    func forEachItem<Failure: Error>(
        intersecting rect: Rect?, in index: FrameIndex,
        _ body: (Int, IndexPath) throws(Failure) -> Void
    ) throws(Failure) {
        var section = 0
        func visit(_ n: Int) throws(Failure) {
            // Results ascend, so the section only moves forward; searching rather than
            // stepping keeps a query near the end of 100,000 sections from walking them all.
            if starts[section + 1] <= n { section = self.section(containing: n, from: section + 1) }
            try body(n, IndexPath(section, n - starts[section]))
        }
        if let rect {
            try index.forEachIntersecting(rect) { (n) throws(Failure) in try visit(n) }
        } else {
            for n in 0..<total { try visit(n) }
        }
    }
}
