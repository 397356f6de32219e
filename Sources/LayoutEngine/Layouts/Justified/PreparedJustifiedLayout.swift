/// A prepared justified layout: the boxes of every section in item order, and the packed
/// R-tree over them. Cells only (no supplementary or decoration views).
public struct PreparedJustifiedLayout: PreparedLayout {
    /// One section's block, as the original reports it.
    public struct Section: Sendable {
        /// Where the section's boxes start in the layout's box list.
        let firstBox: Int
        /// Boxes laid out: a prefix of the section's items (the original drops only trailing
        /// items: those after `maxNumRows`, or hidden widows).
        public let boxCount: Int
        /// How far the block is moved down: the container heights of the sections before it.
        public let yOffset: Double
        /// The original's `containerHeight` for this section alone.
        public let containerHeight: Double
        /// The original's `widowCount` for this section.
        public let widowCount: Int
        let ratios: JustifiedItemRatios
    }

    public let contentSize: Size
    public let sections: [Section]
    /// The original's `containerHeight` (summed over sections: the content height) and
    /// `widowCount` (summed), in the order the original returns them.
    public let info: [(key: String, value: Double)]

    private let frames: [Rect]
    private let index: FrameIndex
    /// Whether the container width follows the view's bounds (no `containerWidth` given).
    private let followsBoundsWidth: Bool

    init(frames: [Rect], sections: [Section], contentSize: Size, widowCount: Int, followsBoundsWidth: Bool) {
        self.frames = frames
        self.sections = sections
        self.contentSize = contentSize
        self.info = [("containerHeight", contentSize.height), ("widowCount", Double(widowCount))]
        self.index = FrameIndex(frames: frames)
        self.followsBoundsWidth = followsBoundsWidth
    }

    /// Every cell whose box meets `rect` (closed rectangles: shared edges count, and a
    /// zero-area `rect` still meets the boxes it touches), in index-path order.
    /// - Complexity: O(log n + k) for k results.
    public func elements(in rect: Rect?, view: ViewContext) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        var s = 0
        func emit(_ box: Int) {
            while box >= sections[s].firstBox + sections[s].boxCount { s += 1 }
            out.append(attributes(section: s, item: box - sections[s].firstBox, box: box))
        }
        if let rect {
            index.forEachIntersecting(rect, emit)
        } else {
            out.reserveCapacity(frames.count)
            for box in frames.indices { emit(box) }
        }
        return out
    }

    /// The cell's attributes; nil for an index path out of range or an item left out.
    /// - Complexity: O(1).
    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
              indexPath.item < sections[indexPath.section].boxCount else { return nil }
        let section = sections[indexPath.section]
        return attributes(section: indexPath.section, item: indexPath.item, box: section.firstBox + indexPath.item)
    }

    public func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        nil
    }

    /// Only the container width can follow the view; offsets and insets change nothing.
    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        guard followsBoundsWidth else { return .none }
        let width = JustifiedLayout.boundsWidth(newView) ?? JustifiedLayout.Parameters.defaultContainerWidth
        return width == contentSize.width ? .none : .everything
    }

    /// The box, with the original's box fields that are not geometry as extras:
    /// `aspectRatio`, and `forcedAspectRatio` (1 for the original's `true`) when forced.
    private func attributes(section s: Int, item: Int, box: Int) -> LayoutAttributes {
        let ratios = sections[s].ratios
        var extras: [(key: String, value: AttributeExtra)] = [
            ("aspectRatio", .number(ratios.ratio(at: item) ?? .nan)),
        ]
        if ratios.forced != nil { extras.append(("forcedAspectRatio", .number(1))) }
        return LayoutAttributes(category: .cell, indexPath: IndexPath(s, item), frame: frames[box], extras: extras)
    }
}
