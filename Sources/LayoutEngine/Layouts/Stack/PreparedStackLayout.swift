/// A prepared stack layout (docs/layouts.md §7). Nothing depends on the scroll position.
struct PreparedStackLayout: PreparedLayout {
    let parameters: StackLayout.Parameters
    let bounds: Size
    let numbering: ItemNumbering
    let cells: FrameIndex

    init(parameters: StackLayout.Parameters, numbering: ItemNumbering, bounds: Size) {
        self.parameters = parameters
        self.bounds = bounds
        self.numbering = numbering
        cells = FrameIndex(numbering) { s, i in
            Self.cellFrame(section: s, item: i, parameters: parameters, bounds: bounds)
        }
    }

    /// §7: page s spans x ∈ [s·W, (s+1)·W]; card i is centred at
    /// `(s·W + W/2 + i·offset.x, H/2 + i·offset.y)`.
    static func cellFrame(section s: Int, item i: Int, parameters p: StackLayout.Parameters, bounds: Size) -> Rect {
        let cx = Double(s) * bounds.width + bounds.width / 2 + Double(i) * p.offset.x
        let cy = bounds.height / 2 + Double(i) * p.offset.y
        return Rect(
            x: cx - p.itemSize.width / 2, y: cy - p.itemSize.height / 2,
            width: p.itemSize.width, height: p.itemSize.height)
    }

    /// One page per section, empty ones included: `(sections·W, H)`.
    var contentSize: Size {
        Size(width: Double(numbering.sectionCount) * bounds.width, height: bounds.height)
    }

    /// §7: rotated by `i·angleStep` degrees about z, computed as `i·angleStep·π/180`
    /// radians (a zero angle gives exactly the identity: cos 0 = 1, sin 0 = 0); zIndex
    /// `n − i` so item 0 is on top; hidden from `visibleCount` on.
    func cellAttributes(_ indexPath: IndexPath) -> LayoutAttributes {
        let i = indexPath.item, n = numbering.itemCount(inSection: indexPath.section)
        let degrees = Double(i) * parameters.angleStep
        return LayoutAttributes(
            category: .cell, indexPath: indexPath,
            frame: Self.cellFrame(section: indexPath.section, item: i, parameters: parameters, bounds: bounds),
            transform: .makeRotation(degrees * Double.pi / 180, 0, 0, 1),
            zIndex: n - i, isHidden: i >= parameters.visibleCount)
    }
}

extension PreparedStackLayout {
    /// Cells whose untransformed frames intersect `rect` as closed rectangles, hidden ones
    /// included (UIKit returns hidden attributes too; hiding is the view's business), in
    /// index-path order. No supplementary or decoration views.
    /// - Complexity: O(log n + k) for k results.
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        try numbering.forEachItem(intersecting: rect, in: cells) { (_, indexPath) throws(ElementLimitExceeded) in
            try out.append(cellAttributes(indexPath))
        }
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        numbering.number(of: indexPath) == nil ? nil : cellAttributes(indexPath)
    }

    /// The stack layout has no supplementary views.
    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        nil
    }

    /// Pages hang off the bounds size; the offset changes nothing.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        oldView.bounds == newView.bounds ? .none : .everything
    }
}
