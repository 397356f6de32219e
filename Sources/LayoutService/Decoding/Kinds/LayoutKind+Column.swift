import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §1.
    static let column = LayoutKind(
        type: "column", needsBounds: true, parameterKeys: ["numColumns", "padding"], sectionKeys: [:]
    ) { o throws(APIError) -> any CollectionLayout in
        var p = ColumnLayout.Parameters()
        if let v = try o.integer("numColumns", min: 1) { p.numColumns = v }
        if let v = try o.number("padding") { p.padding = v }
        return ColumnLayout(p)
    }
}
