/// A prepared tree layout. Cell frames are recomputed from each item's row (8 bytes per
/// item) with the same arithmetic that built the index, so they agree bit for bit.
struct PreparedTreeLayout: PreparedLayout {
    let contentSize: Size
    private let geometry: TreeGeometry
    private let numbering: ItemNumbering
    private let rows: [Int]
    private let childLists: [[[Int]]?]
    private let cellIndex: FrameIndex
    private let connectors: SupplementaryIndex

    /// T4. Frames, connectors and the content size `(sections·slotW, rows·slotH)`.
    init(
        structure: TreeStructure, rows: (rows: [Int], total: Int),
        geometry: TreeGeometry
    ) {
        let numbering = structure.numbering
        var boxes = [Double](repeating: 0, count: 4 * numbering.total)
        var connectorPaths: [IndexPath] = [], connectorFrames: [Rect] = []
        for s in 0..<numbering.sectionCount {
            let first = numbering.starts[s]
            for i in 0..<numbering.itemCount(inSection: s) {
                let n = first + i
                let frame = geometry.cellFrame(section: s, row: rows.rows[n])
                boxes[4 * n] = frame.minX
                boxes[4 * n + 1] = frame.minY
                boxes[4 * n + 2] = frame.maxX
                boxes[4 * n + 3] = frame.maxY
                if let children = structure.childLists[s]?[i], let lastChild = children.max() {
                    let lastChildRow = rows.rows[numbering.starts[s + 1] + lastChild]
                    connectorPaths.append(IndexPath(s, i))
                    connectorFrames.append(
                        geometry.connectorFrame(
                            section: s, parentRow: rows.rows[n],
                            lastChildRow: lastChildRow))
                }
            }
        }
        self.contentSize = Size(
            width: Double(numbering.sectionCount) * geometry.slotWidth,
            height: Double(rows.total) * geometry.slotHeight)
        self.geometry = geometry
        self.numbering = numbering
        self.rows = rows.rows
        self.childLists = structure.childLists
        self.cellIndex = FrameIndex(flatBoxes: boxes)
        self.connectors = SupplementaryIndex(kind: "connector", indexPaths: connectorPaths, frames: connectorFrames)
    }

    private func cellAttributes(number n: Int, _ indexPath: IndexPath) -> LayoutAttributes {
        let s = indexPath.section
        let children = childLists[s]?[indexPath.item] ?? []
        return LayoutAttributes(
            category: .cell, indexPath: indexPath, frame: geometry.cellFrame(section: s, row: rows[n]),
            extras: [(key: "children", value: .indexPaths(children.map { IndexPath(s + 1, $0) }))])
    }

    /// Cells in index-path order, then connectors in index-path order.
    /// - Complexity: O(log n + k) (a section is one column strip, stacked in item order).
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        try numbering.forEachItem(intersecting: rect, in: cellIndex) { (n, indexPath) throws(ElementLimitExceeded) in
            try out.append(cellAttributes(number: n, indexPath))
        }
        try connectors.collectAttributes(in: rect, into: &out)
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        numbering.number(of: indexPath).map { cellAttributes(number: $0, indexPath) }
    }

    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        kind == connectors.kind ? connectors.attributes(at: indexPath) : nil
    }

    /// Nothing in the tree depends on the view: no bounds or offset change invalidates it.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        .none
    }
}
