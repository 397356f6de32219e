/// R5: a uniform section is a grid, answered by arithmetic: line index from the along
/// coordinate, column from the cross coordinate. Nothing is stored per item, so a million
/// items prepare in constant time. Along positions are relative: queries pass `base`, the
/// along start of the section's first line.
struct UniformGrid: Sendable {
    /// The common size (R3), which Q3's leading zero-size items take as well.
    let itemSize: Size
    let itemCount: Int
    /// Items per line actually used: min(k, n) (R5.1), or n when the capacity is unbounded.
    let columns: Int
    let lineCount: Int
    let firstColumnCross: Double
    /// Zero when every item shares one cross position (k = 1, or unbounded capacity).
    let columnPitch: Double
    /// a + L (R5.4).
    let linePitch: Double
    /// m·a + (m−1)·L, 0 with no items (R5.4).
    let bodyLength: Double

    init(
        itemSize: Size, itemCount n: Int, axes: FlowAxes, available A: Double, crossStart: Double,
        interitemSpacing g: Double, lineSpacing L: Double
    ) {
        let c = axes.cross(itemSize), a = axes.along(itemSize)
        self.itemSize = itemSize
        self.itemCount = n
        linePitch = a + L
        // R5.1 capacity, in exactly the spec's IEEE order: (g + A) / (g + c).
        let quotient = (g + A) / (g + c)
        if (g + c == 0 && g + A > 0) || quotient == .infinity {
            // Unbounded: one line, every item at the cross-start inset.
            columns = max(n, 1)
            firstColumnCross = crossStart
            columnPitch = 0
        } else if quotient.isNaN || quotient < 2 {
            // k = 1 (a zero, negative or NaN quotient too): centred, overflowing both
            // edges equally when c > A (R5.2).
            columns = 1
            firstColumnCross = crossStart + (A - c) / 2
            columnPitch = 0
        } else {
            // k ≥ 2: justified; the pitch comes from the true capacity k even when the
            // section has fewer items, so a short last line keeps the grid (R5.2, R5.3).
            let k = quotient.rounded(.down)
            columns = max(1, k >= Double(n) ? n : Int(k))
            firstColumnCross = crossStart
            columnPitch = c + (A - k * c) / (k - 1)
        }
        lineCount = n == 0 ? 0 : (n - 1) / columns + 1
        bodyLength = lineCount == 0 ? 0 : Double(lineCount) * a + Double(lineCount - 1) * L
    }

    /// Unrounded origin of item `i` (R5.2 cross, R5.4 along), the first line starting at `base`.
    @inline(__always)
    func origin(of i: Int, base: Double) -> (cross: Double, along: Double) {
        let (r, j) = i.quotientAndRemainder(dividingBy: columns)
        return origin(line: r, column: j, base: base)
    }

    /// Unrounded origin of the item on line `r`, column `j` (item `r·columns + j`).
    @inline(__always)
    func origin(line r: Int, column j: Int, base: Double) -> (cross: Double, along: Double) {
        (firstColumnCross + Double(j) * columnPitch, base + Double(r) * linePitch)
    }

    /// The along extent of all cells (for the section's search band), nil with no items.
    func alongExtent(base: Double, _ axes: FlowAxes) -> (lo: Double, hi: Double)? {
        guard lineCount > 0 else { return nil }
        let last = base + Double(lineCount - 1) * linePitch
        return (min(base, last), max(base, last) + axes.along(itemSize))
    }

    /// Calls `body` in ascending item order with every item whose unrounded frame can meet
    /// the given ranges, with its line and column; the caller tests each exactly.
    /// - Complexity: O(k) for k candidates.
    @inline(__always)
    func forEachCandidate(
        along: ClosedRange<Double>, cross: ClosedRange<Double>, base: Double,
        axes: FlowAxes, _ body: (_ item: Int, _ line: Int, _ column: Int) throws(ElementLimitExceeded) -> Void
    ) throws(ElementLimitExceeded) {
        let lines = arithmeticRange(
            count: lineCount, origin: base, pitch: linePitch,
            length: axes.along(itemSize), along)
        let cols = arithmeticRange(
            count: columns, origin: firstColumnCross, pitch: columnPitch,
            length: axes.cross(itemSize), cross)
        guard !lines.isEmpty, !cols.isEmpty else { return }
        for r in lines {
            let lineFirst = r * columns
            for j in cols {
                let i = lineFirst + j
                if i >= itemCount { break }
                try body(i, r, j)
            }
        }
    }
}

/// The indexes r in `0..<count` whose extent `[origin + r·pitch, … + length]` can meet
/// `range`, widened by one on each side so that rounding in the division never loses one.
func arithmeticRange(
    count: Int, origin: Double, pitch: Double, length: Double,
    _ range: ClosedRange<Double>
) -> Range<Int> {
    guard count > 0 else { return 0..<0 }
    if pitch == 0 {
        return origin <= range.upperBound && origin + length >= range.lowerBound ? 0..<count : 0..<0
    }
    // origin + r·pitch ≤ hi  and  origin + r·pitch + length ≥ lo
    var a = (range.lowerBound - length - origin) / pitch
    var b = (range.upperBound - origin) / pitch
    if pitch < 0 { swap(&a, &b) }
    guard !a.isNaN, !b.isNaN else { return 0..<count }
    let first = clampedIndex(a.rounded(.up) - 1, count)
    let end = clampedIndex(b.rounded(.down) + 2, count)
    return first < end ? first..<end : first..<first
}

/// `x` as an index in `0...upper`, saturating (a Double beyond Int's range must not trap).
@inline(__always)
func clampedIndex(_ x: Double, _ upper: Int) -> Int {
    if !(x > 0) { return 0 }
    return x >= Double(upper) ? upper : Int(x)
}
