/// A prepared column layout: cells only, no supplementary or decoration views.
struct PreparedColumnLayout: PreparedLayout {
    let contentSize: Size
    let cells: ColumnCellStore

    /// - Complexity: O(log n + k).
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        try cells.collectAttributes(in: rect, into: &out)
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        cells.attributes(at: indexPath)
    }

    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        nil
    }

    /// The column width is the bounds width over numColumns: only a width change moves
    /// anything; heights and offsets do not.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        oldView.bounds.width != newView.bounds.width ? .everything : .none
    }
}
