import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §4: the flow layout's parameters (with the line layout's defaults) plus
    /// the zoom's activeDistance and zoomFactor.
    static let line = LayoutKind(
        type: "line", needsBounds: true, defaults: LineLayout(),
        parameters: flowParameters.map { $0.within(\.flow) } + [
            .read("activeDistance", .nonNegativeNumber, into: \.activeDistance), .read("zoomFactor", .number, into: \.zoomFactor)
        ],
        sectionKeys: flowSectionKeys)
}
