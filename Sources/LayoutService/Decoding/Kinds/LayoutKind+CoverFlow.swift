import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §3.
    static let coverFlow = LayoutKind(
        type: "coverFlow", needsBounds: true,
        parameterKeys: ["cellSize", "cellInterval", "reflection", "headerHeight"], sectionKeys: [:]
    ) { o throws(APIError) -> any CollectionLayout in
        var p = CoverFlowLayout.Parameters()
        if let v = try o.size("cellSize") { p.cellSize = v }
        if let v = try o.number("cellInterval") { p.cellInterval = v }
        if let v = try o.bool("reflection") { p.reflection = v }
        if let v = try o.nonNegativeNumber("headerHeight") { p.headerHeight = v }
        return CoverFlowLayout(p)
    }
}
