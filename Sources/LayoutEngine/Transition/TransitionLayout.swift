/// UICollectionViewTransitionLayout: a layout between two prepared layouts of the same data,
/// at `progress` from 0 (the current layout) to 1 (the next one).
///
/// An element present in both is interpolated; one present only in the current layout fades
/// towards its final attributes, one present only in the next layout from its initial ones.
public struct TransitionLayout: PreparedLayout {
    public let current: any PreparedLayout
    public let currentView: ViewContext
    public let next: any PreparedLayout
    public let nextView: ViewContext
    public let progress: Double

    public init(
        from current: any PreparedLayout, view currentView: ViewContext,
        to next: any PreparedLayout, view nextView: ViewContext, progress: Double
    ) {
        self.current = current
        self.currentView = currentView
        self.next = next
        self.nextView = nextView
        self.progress = progress
    }

    public var contentSize: Size {
        let a = current.contentSize, b = next.contentSize
        return Size(width: a.width + (b.width - a.width) * progress, height: a.height + (b.height - a.height) * progress)
    }

    /// Candidates are the elements either layout places in `rect`; an element is returned when
    /// its interpolated frame intersects `rect`. (One that crosses `rect` while lying outside
    /// it at both ends is not found; UIKit's transition layout has the same blind spot.)
    /// Each end's query is held to the collector's remaining room as well, so the work stays
    /// bounded: a rect where either end meets more elements than the limit is refused,
    /// even if fewer of them, interpolated, end up in it.
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        var seen = Set<ElementKey>()
        var blended: [LayoutAttributes] = []
        for a in try current.elements(in: rect, view: currentView, limit: out.remaining) {
            seen.insert(a.key)
            let b = lookup(next, a.key, nextView) ?? next.finalAttributes(forDisappearing: a, view: nextView)
            blended.append(a.interpolated(to: b, progress: progress))
        }
        for b in try next.elements(in: rect, view: nextView, limit: out.remaining) where !seen.contains(b.key) {
            let a = lookup(current, b.key, currentView) ?? current.initialAttributes(forAppearing: b, view: currentView)
            blended.append(a.interpolated(to: b, progress: progress))
        }
        if let rect { blended.removeAll { !$0.frame.intersects(rect) } }
        blended.sort { $0.key < $1.key }
        for element in blended { try out.append(element) }
    }

    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        blend(ElementKey(category: .cell, indexPath: indexPath))
    }

    public func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        blend(ElementKey(category: .supplementary, kind: kind, indexPath: indexPath))
    }

    public func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        blend(ElementKey(category: .decoration, kind: kind, indexPath: indexPath))
    }

    private func blend(_ key: ElementKey) -> LayoutAttributes? {
        ends(of: key).map { $0.from.interpolated(to: $0.to, progress: progress) }
    }

    /// An element's two ends, as `collectElements` finds them: its attributes in each layout,
    /// or, where one layout has none, the ones it appears from or disappears to.
    func ends(of key: ElementKey) -> TransitionEnds? {
        switch (lookup(current, key, currentView), lookup(next, key, nextView)) {
        case let (a?, b?):
            TransitionEnds(from: a, to: b, fromSpace: .current, toSpace: .next)
        case let (a?, nil):
            TransitionEnds(from: a, to: next.finalAttributes(forDisappearing: a, view: nextView), fromSpace: .current, toSpace: .current)
        case let (nil, b?):
            TransitionEnds(from: current.initialAttributes(forAppearing: b, view: currentView), to: b, fromSpace: .next, toSpace: .next)
        case (nil, nil):
            nil
        }
    }

    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        .everything
    }
}

/// Looks an element up by key in a prepared layout.
public func lookup(_ layout: any PreparedLayout, _ key: ElementKey, _ view: ViewContext) -> LayoutAttributes? {
    switch key.category {
    case .cell: layout.attributesForItem(at: key.indexPath, view: view)
    case .supplementary: layout.attributesForSupplementaryView(kind: key.kind, at: key.indexPath, view: view)
    case .decoration: layout.attributesForDecorationView(kind: key.kind, at: key.indexPath, view: view)
    }
}
