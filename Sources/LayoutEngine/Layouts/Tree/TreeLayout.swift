/// The tree layout of docs/layouts.md §6, the Collection View Programming Guide's worked example
/// (a class hierarchy): section s is depth s of a forest, every item a cell in slot column s,
/// and each item with children gets a `connector` view reaching to them.
///
/// Item data: `children`, item indexes in the next section (checked by `TreeStructure`).
/// Item sizes are not read: every cell is `itemSize`. The original never rounds, so
/// `view.scale` is not read either, nor anything else of the view.
///
/// Elements: cells in index-path order, each with the extra `children` (its children's
/// index paths in the order the item lists them, empty for a leaf), then the connectors in
/// index-path order. zIndex 0 throughout: cells and connectors never overlap (a connector
/// lies between slot columns, touching cells only along their edges).
public struct TreeLayout: ParameterizedLayout {
    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// - Complexity: O(n + c) for n items listing c children in all.
    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        // T1. Parameters; T2. the children form a forest whose rows can be stacked.
        try parameters.validate()
        let structure = try TreeStructure(dataSource)
        // T3. Rows; T4. frames, connectors and content size.
        let rows = structure.rows()
        return PreparedTreeLayout(
            structure: structure, rows: rows,
            geometry: TreeGeometry(parameters))
    }
}

/// Slot arithmetic (§6): a slot is `(itemW + left + right) × (itemH + top + bottom)`; the
/// cell of section s at row r is at `x = s·slotW + left`, `y = r·slotH + top`.
struct TreeGeometry: Sendable {
    let parameters: TreeLayout.Parameters
    let slotWidth: Double
    let slotHeight: Double

    init(_ parameters: TreeLayout.Parameters) {
        self.parameters = parameters
        let itemSize = parameters.itemSize, insets = parameters.insets
        slotWidth = itemSize.width + insets.left + insets.right
        slotHeight = itemSize.height + insets.top + insets.bottom
    }

    var itemSize: Size { parameters.itemSize }
    var insets: EdgeInsets { parameters.insets }

    @inline(__always)
    func cellFrame(section: Int, row: Int) -> Rect {
        Rect(
            x: Double(section) * slotWidth + insets.left, y: Double(row) * slotHeight + insets.top,
            width: itemSize.width, height: itemSize.height)
    }

    /// A parent's connector: across, from the parent cell's right edge (its maxX) for
    /// `right + left` insets, to where the next column's cells start; down, from the top of
    /// the parent's row slot to the bottom of its last child's row slot (the last child is
    /// the one stacked last, the highest index; its own subtree's further rows are not
    /// covered). One child, or children all on the parent's row: one slot tall.
    func connectorFrame(section: Int, parentRow: Int, lastChildRow: Int) -> Rect {
        let parentMaxX = cellFrame(section: section, row: parentRow).maxX
        return Rect(
            x: parentMaxX, y: Double(parentRow) * slotHeight,
            width: insets.right + insets.left,
            height: Double(lastChildRow - parentRow + 1) * slotHeight)
    }
}
