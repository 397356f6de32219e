/// R6: a mixed section's prepared storage. Per item only the cross origin is kept; the
/// along origin follows from the item's line (R7 centring), and sizes are read from the
/// data source's own column, which is shared, not copied.
struct MixedLines: Sendable {
    let sizes: [Size]
    /// For items that gave no size (NaN width in the column).
    let defaultSize: Size
    let itemCross: [Double]
    /// Per line (Q2's empty line included): absolute along start and thickness.
    let lineStart: [Double]
    let lineThickness: [Double]
    /// Per line, its first item; one more entry holds the item count.
    let lineFirstItem: [Int]
    let lineSearch: IntervalEnvelope
    /// Within every line, cross origins and cross ends never decrease (any P ≥ 0 ensures
    /// it), so a line's candidates are found by binary search.
    let crossSorted: Bool
    /// Σ thickness + (m−1)·gap (R6.5).
    let bodyLength: Double
    let alongExtent: (lo: Double, hi: Double)?

    var lineCount: Int { lineStart.count }

    @inline(__always)
    func size(of i: Int) -> Size {
        let s = sizes[i]
        return s.width.isNaN ? defaultSize : s
    }

    /// The line holding item `i`: the last line starting at or before it, which skips Q2's
    /// empty line.
    /// - Complexity: O(log lines).
    func line(of i: Int) -> Int {
        partitionPoint(lineCount) { lineFirstItem[$0] > i } - 1
    }

    /// Unrounded origin of item `i` on line `l`; R7 centres it in the line's thickness.
    @inline(__always)
    func origin(of i: Int, line l: Int, axes: FlowAxes) -> (cross: Double, along: Double) {
        (itemCross[i], lineStart[l] + (lineThickness[l] - axes.along(size(of: i))) / 2)
    }

    /// Calls `body(item, line)` in ascending item order with every item whose unrounded
    /// frame can meet the given ranges; the caller tests each exactly.
    /// - Complexity: O(log n + k) when lines and items are sorted (non-negative gaps).
    @inline(__always)
    func forEachCandidate(along: ClosedRange<Double>, cross: ClosedRange<Double>, axes: FlowAxes,
                          _ body: (Int, Int) -> Void) {
        let lines = lineSearch.candidates(
            count: lineCount, lo: along.lowerBound, hi: along.upperBound,
            start: { lineStart[$0] }, end: { lineStart[$0] + lineThickness[$0] })
        for l in lines {
            let start = lineStart[l]
            guard start <= along.upperBound, start + lineThickness[l] >= along.lowerBound else { continue }
            var first = lineFirstItem[l], stop = lineFirstItem[l + 1]
            if crossSorted && stop - first > 4 {
                let base = first, count = stop - first
                first = base + partitionPoint(count) {
                    itemCross[base + $0] + axes.cross(size(of: base + $0)) >= cross.lowerBound
                }
                stop = base + partitionPoint(count) { itemCross[base + $0] > cross.upperBound }
            }
            var i = first
            while i < stop {
                body(i, l)
                i += 1
            }
        }
    }

    /// Prepared bytes this section holds beyond the data source's own size column.
    var storageBytes: Int {
        8 * (itemCross.capacity + lineStart.capacity + lineThickness.capacity + lineFirstItem.capacity)
            + lineSearch.storageBytes
    }
}
