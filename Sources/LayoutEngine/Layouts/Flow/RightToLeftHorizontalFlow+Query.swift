extension RightToLeftHorizontalFlow {
    /// L3.2 and R12 mirrored: the header stands at its section's right end and, pinned, keeps
    /// to the visible rectangle's right edge, pushed off by the section's left end (never over
    /// its own footer). Nil when the section has none.
    func headerFrame(_ s: Int, visible: Rect) -> Rect? {
        let section = base.sections[s]
        let length = section.headerLength, footer = section.footerLength
        guard length > 0 else { return nil }
        let (lo, hi) = span(of: s)
        var p = hi - length
        if base.pinsHeaders {
            if visible.maxX < p + length { p = visible.maxX - length }
            if p - footer < lo { p = lo + footer }
        }
        return boundaryFrame(x: p, length: length)
    }

    /// L3.2 and R12 mirrored: the footer stands at its section's left end and, pinned, keeps to
    /// the visible rectangle's left edge, never over its own header.
    func footerFrame(_ s: Int, visible: Rect) -> Rect? {
        let section = base.sections[s]
        let length = section.footerLength, header = section.headerLength
        guard length > 0 else { return nil }
        let (lo, hi) = span(of: s)
        var p = lo
        if base.pinsFooters {
            if visible.minX > p { p = visible.minX }
            if p + length + header > hi { p = hi - header - length }
        }
        return boundaryFrame(x: p, length: length)
    }

    /// R8: a header or footer spans D, so the cross mirror (L3.1) leaves it where it is.
    private func boundaryFrame(x: Double, length: Double) -> Rect {
        let grid = PixelGrid(scale: base.scale)
        return Rect(x: grid.snap(x), y: grid.snap(0), width: length, height: base.referenceDimension)
    }

    /// R14 and R15 in this space: cells (section, then item order), headers, footers. The
    /// left-to-right layout is asked, section by section, for the cells of the rect mapped
    /// back (widened by a pixel, as the mapping rounds again), and each answer is tested
    /// against the rect after mapping.
    /// - Complexity: O(log s + log n + k), as the left-to-right query.
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        let visible = view.visibleRect
        guard let rect else {
            if base.geometry.showsCells {
                for s in base.sections.indices {
                    try base.forEachCell(ofSection: s, along: nil, cross: nil) { (i, frame) throws(ElementLimitExceeded) in
                        try out.appendCell(IndexPath(section: s, item: i), cellFrame(frame, section: s))
                    }
                }
            }
            try collectBoundaries(base.sections.indices, rect: nil, visible: visible, into: &out)
            return
        }
        guard !base.sections.isEmpty, rect.width >= 0, rect.height >= 0,
            rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
        else { return }
        let along = base.widened(rect.minX, rect.maxX)
        let sections = self.sections(meeting: along)
        if base.geometry.showsCells && !rect.isEmptyArea {
            // L3.1: the cross range mirrors across D.
            let D = base.referenceDimension
            let cross = base.widened(D - rect.maxY, D - rect.minY)
            for s in sections {
                let shift = cellShift[s]
                let slack = base.widened(along.lowerBound - shift, along.upperBound - shift)
                try base.forEachCell(ofSection: s, along: slack, cross: cross) { (i, frame) throws(ElementLimitExceeded) in
                    let mapped = cellFrame(frame, section: s)
                    if mapped.intersects(rect) { try out.appendCell(IndexPath(section: s, item: i), mapped) }
                }
            }
        }
        try collectBoundaries(sections, rect: rect, visible: visible, into: &out)
    }

    /// The sections, in index order, whose bands may meet the along range `along` (the
    /// positions found run backwards when whole sections mirror, L3.3).
    func sections(meeting along: ClosedRange<Double>) -> Range<Int> {
        let positions = bandSearch.candidates(
            count: bandStart.count, lo: along.lowerBound, hi: along.upperBound,
            start: { bandStart[$0] }, end: { bandEnd[$0] })
        guard let first = positions.first, let last = positions.last else { return 0..<0 }
        let (x, y) = (section(at: first), section(at: last))
        return min(x, y)..<(max(x, y) + 1)
    }

    /// The headers, then the footers, of `sections` that meet `rect` (all when nil).
    private func collectBoundaries(
        _ sections: Range<Int>, rect: Rect?, visible: Rect, into out: inout ElementCollector
    ) throws(ElementLimitExceeded) {
        for s in sections {
            if let frame = headerFrame(s, visible: visible), rect.map(frame.intersects) ?? true {
                try out.append(base.supplementaryAttributes(kind: FlowLayout.headerKind, section: s, frame: frame))
            }
        }
        for s in sections {
            if let frame = footerFrame(s, visible: visible), rect.map(frame.intersects) ?? true {
                try out.append(base.supplementaryAttributes(kind: FlowLayout.footerKind, section: s, frame: frame))
            }
        }
    }

    /// shouldInvalidateLayoutForBoundsChange: what the left-to-right layout says about the
    /// layout itself; the pinned headers and footers that move are this layout's own.
    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        let context = base.invalidation(from: oldView, to: newView)
        guard !context.invalidatesLayout, base.pinsHeaders || base.pinsFooters else { return context }
        let old = oldView.visibleRect, new = newView.visibleRect
        guard old.minX != new.minX || old.maxX != new.maxX else { return .none }
        // Only sections whose band meets either visible rectangle can hold a pinned element
        // that moved: O(log s + visible sections) a scroll, as left to right.
        let a = sections(meeting: base.widened(old.minX, old.maxX))
        let b = sections(meeting: base.widened(new.minX, new.maxX))
        let runs =
            a.overlaps(b) || a.upperBound == b.lowerBound || b.upperBound == a.lowerBound
            ? [min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)]
            : [a, b].sorted { $0.lowerBound < $1.lowerBound }
        var headers: [ElementKey] = [], footers: [ElementKey] = []
        for s in runs.joined() {
            let path = IndexPath(section: s, item: 0)
            if base.pinsHeaders, headerFrame(s, visible: old) != headerFrame(s, visible: new) {
                headers.append(ElementKey(category: .supplementary, kind: FlowLayout.headerKind, indexPath: path))
            }
            if base.pinsFooters, footerFrame(s, visible: old) != footerFrame(s, visible: new) {
                footers.append(ElementKey(category: .supplementary, kind: FlowLayout.footerKind, indexPath: path))
            }
        }
        return InvalidationContext(invalidatedElements: headers + footers)
    }
}
