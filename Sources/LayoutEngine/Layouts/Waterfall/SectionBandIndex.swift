/// Rect queries over sections stacked vertically whose cells are stored in the section's own
/// coordinates (y from the section's top), each with its own `FrameIndex` over local boxes:
/// the waterfall and justified layouts, whose incremental updates move an untouched section
/// by changing only its top.
///
/// A cell's reported frame is `(x, absolute(top, y), w, h)`, computed when asked, so a local
/// index cannot answer "does the reported frame meet the rect" exactly by itself: the local
/// query is widened by a margin far above the rounding of `top + y` and `y + h`, and every
/// candidate is then tested exactly on its reported frame (`Rect.intersects`, the same test a
/// `FrameIndex` over absolute boxes makes). The sections a rect can reach are found through a
/// small index over their bands (the bounding boxes of their cells, widened the same way).
///
/// - Complexity: build O(sections); query O(log sections + Σ log n_s + k) for the sections
///   the rect reaches.
struct SectionBandIndex: Sendable {
    /// A section's cells' bounding box in its own coordinates, and the largest magnitude of
    /// any local coordinate or size (for the margin).
    struct Band: Sendable {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var magnitude = 0.0

        /// Grows to hold the local box `(x0, y0)–(x1, y1)` of height `h`.
        @inline(__always)
        mutating func add(x0: Double, y0: Double, x1: Double, y1: Double, height h: Double) {
            minX = Swift.min(minX, x0)
            minY = Swift.min(minY, y0)
            maxX = Swift.max(maxX, x1)
            maxY = Swift.max(maxY, y1)
            magnitude = Swift.max(magnitude, Swift.max(Swift.max(abs(x0), abs(x1)), Swift.max(Swift.max(abs(y0), abs(y1)), h)))
        }

        var isEmpty: Bool { minY > maxY }
    }

    private let index: FrameIndex
    /// `tops[s]` is section s's top, `bands[s]` its cells' band (empty for no cells).
    let tops: [Double]
    private let bands: [Band]

    init(tops: [Double], bands: [Band]) {
        self.tops = tops
        self.bands = bands
        precondition(tops.count == bands.count)
        var flat = [Double](repeating: 0, count: 4 * bands.count)
        for (s, band) in bands.enumerated() {
            if band.isEmpty {
                // Meets no rectangle: min above max on both axes.
                flat[4 * s] = .infinity
                flat[4 * s + 1] = .infinity
                flat[4 * s + 2] = -.infinity
                flat[4 * s + 3] = -.infinity
                continue
            }
            let margin = Self.margin(abs(tops[s]) + band.magnitude)
            flat[4 * s] = band.minX - margin
            flat[4 * s + 1] = (tops[s] + band.minY) - margin
            flat[4 * s + 2] = band.maxX + margin
            flat[4 * s + 3] = (tops[s] + band.maxY) + margin
        }
        index = FrameIndex(flatBoxes: flat)
    }

    /// A margin well above the rounding error of a few additions of numbers up to `m`.
    @inline(__always)
    static func margin(_ m: Double) -> Double { m * 0x1p-44 + 0x1p-1000 }

    /// Calls `body` with every section whose band may meet `rect`, in ascending order, and
    /// the rect in that section's coordinates, widened so that its local index finds every
    /// cell whose reported frame meets `rect` (and maybe a few more: test them exactly).
    func forEachSection<Failure: Error>(meeting rect: Rect, _ body: (Int, Rect) throws(Failure) -> Void) throws(Failure) {
        try index.forEachIntersecting(rect) { (s) throws(Failure) in
            let top = tops[s]
            let qx0 = rect.minX, qx1 = rect.maxX, qy0 = rect.minY, qy1 = rect.maxY
            let margin = Self.margin(abs(top) + bands[s].magnitude + abs(qx0) + abs(qx1) + abs(qy0) + abs(qy1))
            let x0 = qx0 - margin, x1 = qx1 + 2 * margin
            let y0 = (qy0 - top) - margin, y1 = (qy1 - top) + 2 * margin
            try body(s, Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
    }
}
