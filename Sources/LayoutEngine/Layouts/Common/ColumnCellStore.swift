/// Compact cell storage for layouts whose cells share one width per section and differ in
/// x, y and height (the column and waterfall layouts): per cell its index box (minX, minY,
/// maxX, maxY, shared with the `FrameIndex`) and its height, 40 bytes in all, and no
/// per-cell allocation. The frame is rebuilt exactly as the layout computed it: x and y are
/// the box's min corner, the width is the section's, and the height is stored because
/// `maxY − minY` would not always give back the same double.
struct ColumnCellStore: Sendable {
    let numbering: ItemNumbering
    /// The cell width of each section.
    let widths: [Double]
    private let boxes: [Double]
    private let heights: [Double]
    let index: FrameIndex

    /// Builds the store: `fill` must set every cell, calling `set` once per item number.
    /// - Complexity: O(n) plus `fill`.
    init(numbering: ItemNumbering, widths: [Double], fill: (inout Writer) -> Void) {
        precondition(widths.count == numbering.sectionCount)
        let total = numbering.total
        var heights: [Double] = []
        let boxes = [Double](unsafeUninitializedCapacity: 4 * total) { boxBuffer, boxCount in
            heights = [Double](unsafeUninitializedCapacity: total) { heightBuffer, heightCount in
                var writer = Writer(boxes: boxBuffer, heights: heightBuffer)
                fill(&writer)
                heightCount = total
            }
            boxCount = 4 * total
        }
        self.numbering = numbering
        self.widths = widths
        self.boxes = boxes
        self.heights = heights
        // The index keeps the same buffer (copy on write, never written again).
        self.index = FrameIndex(flatBoxes: boxes)
    }

    /// Writes cells straight into the store's uninitialised buffers.
    struct Writer {
        fileprivate let boxes: UnsafeMutableBufferPointer<Double>
        fileprivate let heights: UnsafeMutableBufferPointer<Double>

        /// Sets cell number `n`. `maxX` and `maxY` are computed as `Rect.maxX`/`maxY` do,
        /// so an index query agrees bit for bit with `Rect.intersects` on the frame.
        @inline(__always)
        func set(_ n: Int, x: Double, y: Double, width: Double, height: Double) {
            boxes[4 &* n] = x
            boxes[4 &* n &+ 1] = y
            boxes[4 &* n &+ 2] = x + width
            boxes[4 &* n &+ 3] = y + height
            heights[n] = height
        }
    }

    /// The frame of cell number `n`, in section `section`.
    @inline(__always)
    func frame(number n: Int, section: Int) -> Rect {
        Rect(x: boxes[4 * n], y: boxes[4 * n + 1], width: widths[section], height: heights[n])
    }

    /// The attributes of the cell at `indexPath`, nil when there is no such item.
    /// - Complexity: O(1).
    func attributes(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let n = numbering.number(of: indexPath) else { return nil }
        return .cell(indexPath, frame(number: n, section: indexPath.section))
    }

    /// Appends the cells intersecting `rect` (all cells for nil) in index-path order.
    /// - Complexity: O(log n + k).
    func collectAttributes(in rect: Rect?, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        try numbering.forEachItem(intersecting: rect, in: index) { (n, indexPath) throws(ElementLimitExceeded) in
            try out.appendCell(indexPath, frame(number: n, section: indexPath.section))
        }
    }
}
