import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §2: every section parameter may also come from the section's own object.
    static let waterfallSectionKeys: [String: OverrideType] = Dictionary(
        uniqueKeysWithValues: WaterfallLayout.SectionOverrideKey.allCases.map { key in
            switch key {
            case .columnCount: (key.rawValue, OverrideType.integer(min: 1))
            case .headerHeight, .footerHeight: (key.rawValue, .nonNegativeNumber)
            case .sectionInset, .headerInset, .footerInset: (key.rawValue, .insets)
            case .minimumColumnSpacing, .minimumInteritemSpacing: (key.rawValue, .number)
            }
        })

    static let waterfall = LayoutKind(
        type: "waterfall", needsBounds: true,
        parameterKeys: Set(waterfallSectionKeys.keys).union(["itemRenderDirection", "minimumContentHeight"]),
        sectionKeys: waterfallSectionKeys
    ) { o throws(APIError) -> any CollectionLayout in
        var p = WaterfallLayout.Parameters()
        if let v = try o.integer("columnCount", min: 1) { p.columnCount = v }
        if let v = try o.number("minimumColumnSpacing") { p.minimumColumnSpacing = v }
        if let v = try o.number("minimumInteritemSpacing") { p.minimumInteritemSpacing = v }
        if let v = try o.insets("sectionInset") { p.sectionInset = v }
        if let v = try o.nonNegativeNumber("headerHeight") { p.headerHeight = v }
        if let v = try o.nonNegativeNumber("footerHeight") { p.footerHeight = v }
        if let v = try o.insets("headerInset") { p.headerInset = v }
        if let v = try o.insets("footerInset") { p.footerInset = v }
        if let v = try o.string("itemRenderDirection") {
            guard let direction = WaterfallLayout.ItemRenderDirection(rawValue: v) else {
                throw .invalidRequest(
                    o.fieldPath("itemRenderDirection"),
                    "must be shortestFirst, leftToRight or rightToLeft (got \(ClientText.quoted(v)))")
            }
            p.itemRenderDirection = direction
        }
        if let v = try o.nonNegativeNumber("minimumContentHeight") { p.minimumContentHeight = v }
        return WaterfallLayout(p)
    }
}
