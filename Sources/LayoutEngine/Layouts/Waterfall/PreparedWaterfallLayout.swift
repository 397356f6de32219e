/// A prepared waterfall layout: cells, then headers, then footers.
///
/// Sections are kept in their own coordinates (`WaterfallSection`) with their tops, so an
/// update re-places only the sections it touches (`updated`).
struct PreparedWaterfallLayout: PreparedLayout {
    let contentSize: Size
    let sections: [WaterfallSection]
    /// Section tops (the running sum of the local heights before each) and cell bands.
    let bands: SectionBandIndex
    var tops: [Double] { bands.tops }
    let headers: SupplementaryIndex
    let footers: SupplementaryIndex
    /// What the layout was placed with, for updates.
    let placer: WaterfallPlacer
    let parameters: WaterfallLayout.Parameters

    /// Stacks placed sections: tops, bands, headers and footers, and the content size
    /// (bounds width, max(final top, minimumContentHeight)). `prepare` and `updated` both
    /// end here, so the same sections give the same answers to the bit.
    /// - Complexity: O(sections).
    init(sections: [WaterfallSection], placer: WaterfallPlacer, parameters: WaterfallLayout.Parameters) {
        var tops: [Double] = []
        tops.reserveCapacity(sections.count)
        var headerPaths: [IndexPath] = [], headerFrames: [Rect] = []
        var footerPaths: [IndexPath] = [], footerFrames: [Rect] = []
        var top = 0.0
        for (s, section) in sections.enumerated() {
            tops.append(top)
            if let h = section.header {
                headerPaths.append(IndexPath(s, 0))
                headerFrames.append(Rect(x: h.minX, y: top + h.minY, width: h.width, height: h.height))
            }
            if let f = section.footer {
                footerPaths.append(IndexPath(s, 0))
                footerFrames.append(Rect(x: f.minX, y: top + f.minY, width: f.width, height: f.height))
            }
            top = top + section.height
        }
        self.sections = sections
        self.bands = SectionBandIndex(tops: tops, bands: sections.map(\.band))
        self.headers = SupplementaryIndex(kind: "header", indexPaths: headerPaths, frames: headerFrames)
        self.footers = SupplementaryIndex(kind: "footer", indexPaths: footerPaths, frames: footerFrames)
        self.placer = placer
        self.parameters = parameters
        self.contentSize = Size(width: placer.width, height: max(top, parameters.minimumContentHeight))
    }

    /// Cells in index-path order, then headers, then footers, each in section order.
    /// - Complexity: O(log n + k).
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        if let rect {
            let tops = self.tops
            try bands.forEachSection(meeting: rect) { (s, local) throws(ElementLimitExceeded) in
                let section = sections[s], top = tops[s]
                try section.index.forEachIntersecting(local) { (i) throws(ElementLimitExceeded) in
                    let frame = section.frame(i, top: top)
                    if frame.intersects(rect) { try out.appendCell(IndexPath(s, i), frame) }
                }
            }
        } else {
            let tops = self.tops
            for (s, section) in sections.enumerated() {
                let top = tops[s]
                for i in 0..<section.itemCount { try out.appendCell(IndexPath(s, i), section.frame(i, top: top)) }
            }
        }
        try headers.collectAttributes(in: rect, into: &out)
        try footers.collectAttributes(in: rect, into: &out)
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        let s = indexPath.section, i = indexPath.item
        guard s >= 0, s < sections.count, i >= 0, i < sections[s].itemCount else { return nil }
        return .cell(indexPath, sections[s].frame(i, top: tops[s]))
    }

    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        switch kind {
        case headers.kind: headers.attributes(at: indexPath)
        case footers.kind: footers.attributes(at: indexPath)
        default: nil
        }
    }

    /// CHT's shouldInvalidateLayoutForBoundsChange: only a width change.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        oldView.bounds.width != newView.bounds.width ? .everything : .none
    }
}
