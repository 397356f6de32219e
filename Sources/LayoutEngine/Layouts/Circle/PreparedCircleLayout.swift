/// A prepared circle layout (docs/layouts.md §5). Nothing depends on the scroll position.
struct PreparedCircleLayout: PreparedLayout {
    static let backgroundKind = "background"

    let geometry: CircleGeometry
    let background: Bool
    let numbering: ItemNumbering
    let cells: FrameIndex

    init(parameters p: CircleLayout.Parameters, numbering: ItemNumbering, bounds: Size) {
        let geometry = CircleGeometry(p, bounds: bounds)
        self.geometry = geometry
        background = p.background
        self.numbering = numbering
        cells = FrameIndex(numbering) { s, i in
            geometry.cellFrame(section: s, item: i, count: numbering.itemCount(inSection: s))
        }
    }

    func cellFrame(_ indexPath: IndexPath) -> Rect {
        geometry.cellFrame(
            section: indexPath.section, item: indexPath.item,
            count: numbering.itemCount(inSection: indexPath.section))
    }

    /// Content size = bounds size: the circle never scrolls.
    var contentSize: Size { geometry.bounds }

    func cellAttributes(_ indexPath: IndexPath) -> LayoutAttributes {
        .cell(indexPath, cellFrame(indexPath))
    }

    /// §5 background: covers the content, behind the cells (zIndex −1). The spec gives no
    /// index path; [0, 0] is the one decoration view's, with or without items.
    var backgroundAttributes: LayoutAttributes {
        LayoutAttributes(
            category: .decoration, kind: Self.backgroundKind, indexPath: IndexPath(section: 0, item: 0),
            frame: Rect(origin: .zero, size: contentSize), zIndex: -1)
    }
}
