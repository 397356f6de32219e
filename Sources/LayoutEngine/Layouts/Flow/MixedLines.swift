/// R6: a mixed section's prepared storage. Per item only the cross origin is kept; the
/// along origin follows from the item's line (R7 centring), and sizes are read from the
/// data source's own column, which is shared, not copied.
///
/// Along positions are relative to the section's first line (`base` in the queries), so a
/// section that moves along the scroll axis keeps this storage as it is. Items and lines
/// are kept in chunks, so an update resumed after an unchanged prefix shares them up to it.
final class MixedLines: Sendable {
    let sizes: [Size]
    /// For items that gave no size (NaN width in the column).
    let defaultSize: Size
    let itemCross: ChunkedArray<Double>
    /// Per line (Q2's empty line included): along start relative to the first line's, and
    /// thickness.
    let lineStart: ChunkedArray<Double>
    let lineThickness: ChunkedArray<Double>
    /// Per line, its first item; one more entry holds the item count.
    let lineFirstItem: ChunkedArray<Int>
    let lineSearch: IntervalEnvelope
    /// The first line whose cross origins or ends decrease somewhere (only a negative P can
    /// do that); `lineCount` when none, and then a line's candidates are found by binary search.
    let firstUnsortedLine: Int
    /// The first line not holding exactly one item (R6.2 (a)); `lineCount` when none.
    let firstMultiItemLine: Int
    /// Σ thickness + (m−1)·gap (R6.5).
    let bodyLength: Double
    /// The along extent of the lines with items, relative to the first line.
    let alongExtent: (lo: Double, hi: Double)?
    let lineCount: Int

    init(
        sizes: [Size], defaultSize: Size, itemCross: ChunkedArray<Double>, lineStart: ChunkedArray<Double>,
        lineThickness: ChunkedArray<Double>, lineFirstItem: ChunkedArray<Int>, monotonePrefix: Int,
        firstUnsortedLine: Int, firstMultiItemLine: Int, bodyLength: Double
    ) {
        self.sizes = sizes
        self.defaultSize = defaultSize
        self.itemCross = itemCross
        self.lineStart = lineStart
        self.lineThickness = lineThickness
        self.lineFirstItem = lineFirstItem
        self.firstUnsortedLine = firstUnsortedLine
        self.firstMultiItemLine = firstMultiItemLine
        self.bodyLength = bodyLength
        let count = lineStart.count
        lineCount = count
        let search = IntervalEnvelope(
            count: count, monotonePrefix: monotonePrefix,
            start: { lineStart[$0] }, end: { lineStart[$0] + lineThickness[$0] })
        lineSearch = search
        // Only Q2's empty line 0 can be empty, and the last line always holds items.
        var lo = Double.infinity, hi = -Double.infinity
        if search.isMonotone && count > 0 {
            let first = count > 1 && lineFirstItem[0] == lineFirstItem[1] ? 1 : 0
            lo = lineStart[first]
            hi = lineStart[count - 1] + lineThickness[count - 1]
        } else {
            for l in 0..<count where lineFirstItem[l] < lineFirstItem[l + 1] {
                lo = min(lo, lineStart[l])
                hi = max(hi, lineStart[l] + lineThickness[l])
            }
        }
        alongExtent = lo <= hi ? (lo, hi) : nil
    }

    var itemCount: Int { itemCross.count }
    var crossSorted: Bool { firstUnsortedLine == lineCount }

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

    /// Unrounded origin of item `i` on line `l`, the first line starting at `base`; R7
    /// centres it in the line's thickness.
    @inline(__always)
    func origin(of i: Int, line l: Int, base: Double, axes: FlowAxes) -> (cross: Double, along: Double) {
        (itemCross[i], (base + lineStart[l]) + (lineThickness[l] - axes.along(size(of: i))) / 2)
    }

    /// Calls `body(item, line)` in ascending item order with every item whose unrounded
    /// frame can meet the given ranges; the caller tests each exactly.
    /// - Complexity: O(log n + k) when lines and items are sorted (non-negative gaps).
    @inline(__always)
    func forEachCandidate(
        along: ClosedRange<Double>, cross: ClosedRange<Double>, base: Double,
        axes: FlowAxes, _ body: (Int, Int) throws(ElementLimitExceeded) -> Void
    ) throws(ElementLimitExceeded) {
        // The search runs on relative positions; allow for the rounding of the translation.
        let slack = 4 * max(abs(base), abs(along.lowerBound), abs(along.upperBound)).ulp
        let lines = lineSearch.candidates(
            count: lineCount, lo: along.lowerBound - base - slack, hi: along.upperBound - base + slack,
            start: { lineStart[$0] }, end: { lineStart[$0] + lineThickness[$0] })
        let sorted = crossSorted
        for l in lines {
            let start = base + lineStart[l]
            guard start <= along.upperBound, start + lineThickness[l] >= along.lowerBound else { continue }
            var first = lineFirstItem[l], stop = lineFirstItem[l + 1]
            if sorted && stop - first > 4 {
                let lineBase = first, count = stop - first
                first =
                    lineBase
                    + partitionPoint(count) {
                        itemCross[lineBase + $0] + axes.cross(size(of: lineBase + $0)) >= cross.lowerBound
                    }
                stop = lineBase + partitionPoint(count) { itemCross[lineBase + $0] > cross.upperBound }
            }
            var i = first
            while i < stop {
                try body(i, l)
                i += 1
            }
        }
    }

    /// Prepared bytes this section holds beyond the data source's own size column.
    var storageBytes: Int {
        itemCross.storageBytes + lineStart.storageBytes + lineThickness.storageBytes
            + lineFirstItem.storageBytes + lineSearch.storageBytes + 192 // the object itself, about
    }
}
