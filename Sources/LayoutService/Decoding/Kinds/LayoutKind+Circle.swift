import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §5.
    static let circle = LayoutKind(
        type: "circle", needsBounds: true,
        parameterKeys: ["itemSize", "radiusFactor", "background"], sectionKeys: [:]
    ) { o throws(APIError) -> any CollectionLayout in
        var p = CircleLayout.Parameters()
        if let v = try o.size("itemSize") { p.itemSize = v }
        if let v = try o.nonNegativeNumber("radiusFactor") { p.radiusFactor = v }
        if let v = try o.bool("background") { p.background = v }
        return CircleLayout(p)
    }
}
