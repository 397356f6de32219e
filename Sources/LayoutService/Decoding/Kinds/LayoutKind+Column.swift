import LayoutEngine

extension LayoutRegistry {
    static let columnParameters: [LayoutParameter<ColumnLayout.Parameters>] = [
        .read("numColumns", .integer(min: 1), into: \.numColumns),
        .read("padding", .number, into: \.padding)
    ]

    /// docs/layouts.md §1.
    static let column = LayoutKind(type: "column", needsBounds: true, defaults: ColumnLayout(), parameters: columnParameters)
}
