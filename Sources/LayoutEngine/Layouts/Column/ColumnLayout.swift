/// The column layout of docs/layouts.md §1 (seed 001, "積み木"): items of their own heights
/// stacked like building blocks in `numColumns` equal columns, dealt round-robin.
///
/// Item data: each item's `height`. An item that gives no height but a `size` uses the
/// size's height (the seed's delegate answers one height per item, and a size is the other
/// way the API carries one); an item with neither is rejected, naming
/// `dataSource.sections[s].items[i].height`, because the original has no default height.
///
/// The original does no pixel rounding, so `view.scale` is not read.
public struct ColumnLayout: ParameterizedLayout {
    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// - Complexity: O(n) for n items.
    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try parameters.validate()
        try LayoutCheck.view(view)
        try Self.checkHeights(dataSource)
        return place(dataSource, contentWidth: view.bounds.width)
    }

    /// The height an item gives: its `height`, else its size's height.
    @inline(__always)
    static func height(of section: SectionData, item i: Int) -> Double? {
        section.height(at: i) ?? section.size(at: i)?.height
    }

    /// Item data: every item needs a finite, non-negative height.
    static func checkHeights(_ dataSource: DataSource) throws(LayoutError) {
        for (s, section) in dataSource.sections.enumerated() {
            for i in 0..<section.itemCount {
                guard let height = height(of: section, item: i) else {
                    throw LayoutError(
                        field: LayoutCheck.itemField(section: s, item: i, "height"),
                        message: "is required: the column layout stacks items by their height")
                }
                try LayoutCheck.nonNegative(
                    height,
                    LayoutCheck.itemField(
                        section: s, item: i, section.height(at: i) != nil ? "height" : "size.height"))
            }
        }
    }

    /// §1: column width `cw = contentWidth / numColumns`; item g (counted across all
    /// sections) goes to column `g mod numColumns`, its outer frame
    /// `(column·cw, columnBottom, cw, height + 2·padding)` and its cell that frame inset by
    /// `padding` (CGRectInset arithmetic: origin + padding, size − 2·padding).
    private func place(_ dataSource: DataSource, contentWidth: Double) -> PreparedColumnLayout {
        let columns = parameters.numColumns
        let padding = parameters.padding
        let columnWidth = contentWidth / Double(columns)
        // When the column is narrower than both paddings, CGRectInset would give CGRectNull,
        // which no reply can carry: the cell becomes a zero-width line at the column's centre.
        let insetWidth = columnWidth - 2 * padding
        let (cellWidth, cellDX) = insetWidth >= 0 ? (insetWidth, padding) : (0, columnWidth / 2)

        let numbering = ItemNumbering(dataSource)
        var bottoms = [Double](repeating: 0, count: columns)
        let cells = ColumnCellStore(
            numbering: numbering,
            widths: [Double](repeating: cellWidth, count: numbering.sectionCount)
        ) { writer in
            var column = 0
            var n = 0
            for section in dataSource.sections {
                for i in 0..<section.itemCount {
                    let outerHeight = Self.height(of: section, item: i)! + 2 * padding
                    let top = bottoms[column]
                    writer.set(
                        n, x: columnWidth * Double(column) + cellDX, y: top + padding,
                        width: cellWidth, height: outerHeight - 2 * padding)
                    bottoms[column] = top + outerHeight
                    column = column == columns - 1 ? 0 : column + 1
                    n += 1
                }
            }
        }
        // Content size: (contentWidth, tallest column bottom).
        let contentHeight = bottoms.max() ?? 0
        return PreparedColumnLayout(contentSize: Size(width: contentWidth, height: contentHeight), cells: cells)
    }
}
