extension PreparedFlowLayout {
    /// R8 and R12: the header's rounded frame for the visible rectangle `visible`, nil when
    /// the section has none.
    @inline(__always)
    func headerFrame(_ s: FlowSection, visible: Rect) -> Rect? {
        guard s.headerLength > 0 else { return nil }
        let p = pinsHeaders ? s.pinnedHeaderStart(top: axes.alongMin(visible)) : s.start
        return boundaryFrame(along: p, length: s.headerLength)
    }

    /// R8 and R12: the footer's rounded frame, nil when the section has none.
    @inline(__always)
    func footerFrame(_ s: FlowSection, visible: Rect) -> Rect? {
        guard s.footerLength > 0 else { return nil }
        let p = pinsFooters ? s.pinnedFooterStart(bottom: axes.alongMax(visible)) : s.footerStart
        return boundaryFrame(along: p, length: s.footerLength)
    }

    /// R8: a header's or footer's rounded frame at along position `p`, `length` long and as
    /// wide as the reference dimension.
    @inline(__always)
    private func boundaryFrame(along p: Double, length: Double) -> Rect {
        axes.rect(along: snap(p), cross: snap(0), size: axes.size(along: length, cross: referenceDimension))
    }

    /// shouldInvalidateLayoutForBoundsChange.
    ///
    /// The layout itself must be prepared again when anything it read from the view changes:
    /// D (cross bounds or cross insets, R4), whether a bounds dimension is 0 (R4: cells come
    /// and go), the scale (R13), or a view prepare would now reject (R11). Otherwise only
    /// pinned headers and footers depend on the view; those whose frame differs between the
    /// two views are listed, looking only at sections whose band meets the old or the new
    /// visible rectangle, so a scroll costs O(log s + visible sections).
    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        guard FlowValidation.isValid(newView), FlowViewGeometry(newView, axes) == geometry else {
            return .everything
        }
        guard pinsHeaders || pinsFooters, !sections.isEmpty else { return .none }
        let oldVisible = oldView.visibleRect, newVisible = newView.visibleRect
        if axes.alongMin(oldVisible) == axes.alongMin(newVisible)
            && axes.alongMax(oldVisible) == axes.alongMax(newVisible)
        {
            return .none
        }
        func range(_ v: Rect) -> Range<Int> {
            let along = widened(axes.alongMin(v), axes.alongMax(v))
            return sectionSearch.candidates(
                count: sections.count, lo: along.lowerBound, hi: along.upperBound,
                start: { bandStart[$0] }, end: { bandEnd[$0] })
        }
        let a = range(oldVisible), b = range(newVisible)
        // The union of two index ranges, ascending, each index once.
        let runs =
            a.overlaps(b) || a.upperBound == b.lowerBound || b.upperBound == a.lowerBound
            ? [min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)]
            : [a, b].sorted { $0.lowerBound < $1.lowerBound }

        var headers: [ElementKey] = [], footers: [ElementKey] = []
        for run in runs {
            for s in run {
                let section = sections[s], path = IndexPath(section: s, item: 0)
                if pinsHeaders, headerFrame(section, visible: oldVisible) != headerFrame(section, visible: newVisible) {
                    headers.append(ElementKey(category: .supplementary, kind: FlowLayout.headerKind, indexPath: path))
                }
                if pinsFooters, footerFrame(section, visible: oldVisible) != footerFrame(section, visible: newVisible) {
                    footers.append(ElementKey(category: .supplementary, kind: FlowLayout.footerKind, indexPath: path))
                }
            }
        }
        return InvalidationContext(invalidatedElements: headers + footers)
    }
}
