/// A prepared justified layout: each section's boxes in its own coordinates with a packed
/// R-tree over them, the sections' offsets, and an index over the sections' bands. Cells
/// only (no supplementary or decoration views).
public struct PreparedJustifiedLayout: PreparedLayout {
    /// One section's block, as the original reports it.
    public struct Section: Sendable {
        /// Boxes laid out: a prefix of the section's items (the original drops only trailing
        /// items: those after `maxNumRows`, or hidden widows).
        public var boxCount: Int { frames.count }
        /// How far the block is moved down: the container heights of the sections before it.
        public let yOffset: Double
        /// The original's `containerHeight` for this section alone.
        public let containerHeight: Double
        /// The original's `widowCount` for this section.
        public let widowCount: Int
        let ratios: JustifiedItemRatios
        /// The boxes with y relative to the block's top (the original's with no offset).
        let frames: [Rect]
        let index: FrameIndex
        let band: SectionBandIndex.Band
        /// The lowest and highest row top with boxes, in the block (∓∞ for none).
        let minRowTop: Double
        let maxRowTop: Double

        init(
            yOffset: Double, containerHeight: Double, widowCount: Int, ratios: JustifiedItemRatios,
            frames: [Rect], index: FrameIndex, band: SectionBandIndex.Band, minRowTop: Double, maxRowTop: Double
        ) {
            self.yOffset = yOffset
            self.containerHeight = containerHeight
            self.widowCount = widowCount
            self.ratios = ratios
            self.frames = frames
            self.index = index
            self.band = band
            self.minRowTop = minRowTop
            self.maxRowTop = maxRowTop
        }

        /// The same block at another offset, when the original would lay it out there: every
        /// row's `yOffset + top` finite (rounding is monotone, so the extreme rows decide).
        func moved(to offset: Double) -> Section? {
            if offset != 0 && boxCount > 0 {
                guard (offset + minRowTop).isFinite, (offset + maxRowTop).isFinite else { return nil }
            }
            return Section(
                yOffset: offset, containerHeight: containerHeight, widowCount: widowCount,
                ratios: ratios, frames: frames, index: index, band: band,
                minRowTop: minRowTop, maxRowTop: maxRowTop)
        }

        /// Box `i` as the original reports it: its row's top moved down by the offset.
        @inline(__always)
        func frame(_ i: Int) -> Rect {
            let f = frames[i]
            return Rect(x: f.minX, y: yOffset == 0 ? f.minY : yOffset + f.minY, width: f.width, height: f.height)
        }
    }

    public let contentSize: Size
    public let sections: [Section]
    /// The original's `containerHeight` (summed over sections: the content height) and
    /// `widowCount` (summed), in the order the original returns them.
    public let info: [(key: String, value: Double)]

    private let bands: SectionBandIndex
    /// Whether the container width follows the view's bounds (no `containerWidth` given).
    private let followsBoundsWidth: Bool
    /// The layout's parameters, for updates.
    let parameters: JustifiedLayout.Parameters

    init(sections: [Section], contentSize: Size, widowCount: Int, parameters: JustifiedLayout.Parameters) {
        self.sections = sections
        self.contentSize = contentSize
        self.info = [("containerHeight", contentSize.height), ("widowCount", Double(widowCount))]
        self.bands = SectionBandIndex(tops: sections.map(\.yOffset), bands: sections.map(\.band))
        self.followsBoundsWidth = parameters.containerWidth == nil
        self.parameters = parameters
    }

    /// Every cell whose box meets `rect` (closed rectangles: shared edges count, and a
    /// zero-area `rect` still meets the boxes it touches), in index-path order.
    /// - Complexity: O(log n + k) for k results.
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        if let rect {
            try bands.forEachSection(meeting: rect) { (s, local) throws(ElementLimitExceeded) in
                let section = sections[s]
                try section.index.forEachIntersecting(local) { (i) throws(ElementLimitExceeded) in
                    let frame = section.frame(i)
                    if frame.intersects(rect) { try out.append(attributes(section: s, item: i, frame: frame)) }
                }
            }
        } else {
            for (s, section) in sections.enumerated() {
                for i in 0..<section.boxCount { try out.append(attributes(section: s, item: i, frame: section.frame(i))) }
            }
        }
    }

    /// The cell's attributes; nil for an index path out of range or an item left out.
    /// - Complexity: O(1).
    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
            indexPath.item < sections[indexPath.section].boxCount
        else { return nil }
        return attributes(
            section: indexPath.section, item: indexPath.item,
            frame: sections[indexPath.section].frame(indexPath.item))
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
    private func attributes(section s: Int, item: Int, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(
            category: .cell, indexPath: IndexPath(s, item), frame: frame,
            extras: Self.cellExtras(sections[s].ratios, item: item).list)
    }
}
