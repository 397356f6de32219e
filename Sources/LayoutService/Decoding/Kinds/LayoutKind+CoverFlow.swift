import LayoutEngine

extension LayoutRegistry {
    static let coverFlowParameters: [LayoutParameter<CoverFlowLayout.Parameters>] = [
        .read("cellSize", .size, into: \.cellSize),
        .read("cellInterval", .number, into: \.cellInterval),
        .read("reflection", .bool, into: \.reflection),
        .read("headerHeight", .nonNegativeNumber, into: \.headerHeight)
    ]

    /// docs/layouts.md §3.
    static let coverFlow = LayoutKind(type: "coverFlow", needsBounds: true, defaults: CoverFlowLayout(), parameters: coverFlowParameters)
}
