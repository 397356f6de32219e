import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §7.
    static let stack = LayoutKind(
        type: "stack", needsBounds: true,
        parameterKeys: ["itemSize", "offset", "angleStep", "visibleCount"], sectionKeys: [:]
    ) { o throws(APIError) -> any CollectionLayout in
        var p = StackLayout.Parameters()
        if let v = try o.size("itemSize") { p.itemSize = v }
        if let v = try o.point("offset") { p.offset = v }
        if let v = try o.number("angleStep") { p.angleStep = v }
        if let v = try o.integer("visibleCount", min: 0) { p.visibleCount = v }
        return StackLayout(p)
    }
}
