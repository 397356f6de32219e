import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §1.
    static let column = LayoutKind(
        type: "column", needsBounds: true, defaults: ColumnLayout.Parameters(),
        parameters: [.read("numColumns", .integer(min: 1), into: \.numColumns), .read("padding", .number, into: \.padding)]
    ) { ColumnLayout($0) }
}
