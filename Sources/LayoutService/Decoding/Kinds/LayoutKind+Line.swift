import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §4: the flow layout's parameters (with the line layout's defaults) plus
    /// the zoom's activeDistance and zoomFactor.
    static let line = LayoutKind(
        type: "line", needsBounds: true,
        parameterKeys: flowParameterKeys.union(["activeDistance", "zoomFactor"]), sectionKeys: flowSectionKeys
    ) { o throws(APIError) -> any CollectionLayout in
        var p = LineLayout.Parameters()
        p.flow = try flowParameters(o, defaults: LineLayout.Parameters.lineDefaults)
        if let v = try o.nonNegativeNumber("activeDistance") { p.activeDistance = v }
        if let v = try o.number("zoomFactor") { p.zoomFactor = v }
        return LineLayout(p)
    }
}
