/// A prepared waterfall layout: cells, then headers, then footers.
struct WaterfallLayoutPrepared: PreparedLayout {
    let contentSize: Size
    let cells: ColumnCellStore
    let headers: SupplementaryIndex
    let footers: SupplementaryIndex

    /// Cells in index-path order, then headers, then footers, each in section order.
    /// - Complexity: O(log n + k).
    func elements(in rect: Rect?, view: ViewContext) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        cells.appendAttributes(in: rect, to: &out)
        headers.appendAttributes(in: rect, to: &out)
        footers.appendAttributes(in: rect, to: &out)
        return out
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        cells.attributes(at: indexPath)
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
