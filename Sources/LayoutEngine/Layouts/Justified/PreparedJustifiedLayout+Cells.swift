/// The cells of a justified layout as plain values, for writers of big replies: every box
/// with its index path, frame and extras, without a `LayoutAttributes` (and its `extras`
/// array, an allocation and a free) per cell.
///
/// Why: a one-shot reply of all 100,000 boxes of the justified benchmark spent more on
/// building, and then releasing, 100,000 `LayoutAttributes` than on the engine's prepare
/// (docs/performance.md#justified-cells). `collectElements` and
/// `attributesForItem` build their attributes from the same `cellExtras`, so the two ways
/// of reading a cell cannot disagree (`JustifiedQueryTests.cellsMatchElements`).
extension PreparedJustifiedLayout {
    /// A cell's extras as values: `aspectRatio` (NaN when the item has no ratio the layout
    /// accepts), and `forcedAspectRatio` = 1 when the layout forces one.
    public struct CellExtras: Sendable, Equatable {
        public let aspectRatio: Double
        public let isForced: Bool

        public init(aspectRatio: Double, isForced: Bool) { (self.aspectRatio, self.isForced) = (aspectRatio, isForced) }

        /// The same extras as `LayoutAttributes.extras`, in the order replies list them.
        var list: [(key: String, value: AttributeExtra)] {
            var extras: [(key: String, value: AttributeExtra)] = [("aspectRatio", .number(aspectRatio))]
            if isForced { extras.append(("forcedAspectRatio", .number(1))) }
            return extras
        }

        public static func == (a: CellExtras, b: CellExtras) -> Bool {
            a.aspectRatio.bitPattern == b.aspectRatio.bitPattern && a.isForced == b.isForced
        }
    }

    /// How many cells `forEachCell` visits: every section's boxes.
    public var cellCount: Int {
        var n = 0
        for section in sections { n &+= section.boxCount }
        return n
    }

    /// Every cell, in index-path order: the elements `collectElements(in: nil, …)` lists,
    /// as values.
    /// - Complexity: O(n).
    @inline(__always)
    public func forEachCell(_ body: (_ indexPath: IndexPath, _ frame: Rect, _ extras: CellExtras) -> Void) {
        for s in sections.indices {
            let section = sections[s]
            for i in 0..<section.boxCount {
                body(IndexPath(s, i), section.frame(i), Self.cellExtras(section.ratios, item: i))
            }
        }
    }

    @inline(__always)
    static func cellExtras(_ ratios: JustifiedItemRatios, item: Int) -> CellExtras {
        CellExtras(aspectRatio: ratios.ratio(at: item) ?? .nan, isForced: ratios.forced != nil)
    }
}
