/// Numbers the items of all sections 0, 1, 2 … in section order, and back.
///
/// Cover flow lays every section on one strip by this number (LAYOUTS.md §3, "global
/// index g"); circle and stack keep one spatial index over all items and use it to turn the
/// index's hits back into index paths. (Shared by the three layouts of this folder group;
/// it belongs in Layouts/Common/ once such a folder exists.)
struct GlobalItemNumbering: Sendable {
    /// `starts[s]` is the number of section s's first item; `starts.last` is the total.
    /// Empty sections repeat their successor's start.
    let starts: [Int]

    init(_ dataSource: DataSource) {
        var starts = [Int]()
        starts.reserveCapacity(dataSource.numberOfSections + 1)
        var total = 0
        for section in dataSource.sections {
            starts.append(total)
            total += section.itemCount
        }
        starts.append(total)
        self.starts = starts
    }

    var itemCount: Int { starts[starts.count - 1] }
    var sectionCount: Int { starts.count - 1 }

    func itemCount(inSection s: Int) -> Int { starts[s + 1] - starts[s] }

    /// The number of the item at `indexPath`, or nil when there is no such item.
    /// - Complexity: O(1).
    func number(of indexPath: IndexPath) -> Int? {
        guard indexPath.section >= 0, indexPath.section < sectionCount, indexPath.item >= 0,
              indexPath.item < itemCount(inSection: indexPath.section) else { return nil }
        return starts[indexPath.section] + indexPath.item
    }

    /// The index path of item number `g` (0 ≤ g < itemCount).
    /// - Complexity: O(log sections).
    func indexPath(of g: Int) -> IndexPath {
        // The last section whose start is ≤ g: empty sections share their start with the
        // next one, so taking the last such start skips them.
        var low = 0, high = sectionCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= g { low = mid } else { high = mid - 1 }
        }
        return IndexPath(section: low, item: g - starts[low])
    }

    /// Calls `body` with the index path of every item whose box in `index` (built in item
    /// number order) intersects `rect` as closed rectangles, or of every item when `rect`
    /// is nil; in index-path order either way.
    /// - Complexity: O(log n + k·log sections) for k hits; O(n) without a rectangle.
    func forEachItem(in rect: Rect?, of index: FrameIndex, _ body: (IndexPath) -> Void) {
        guard let rect else {
            for s in 0..<sectionCount {
                for i in 0..<itemCount(inSection: s) { body(IndexPath(section: s, item: i)) }
            }
            return
        }
        index.forEachIntersecting(rect) { body(indexPath(of: $0)) }
    }
}
