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

    static let waterfallParameters: [LayoutParameter<WaterfallLayout.Parameters>] = [
        .read("columnCount", .integer(min: 1), into: \.columnCount),
        .read("minimumColumnSpacing", .number, into: \.minimumColumnSpacing),
        .read("minimumInteritemSpacing", .number, into: \.minimumInteritemSpacing),
        .read("sectionInset", .insets, into: \.sectionInset),
        .read("headerHeight", .nonNegativeNumber, into: \.headerHeight),
        .read("footerHeight", .nonNegativeNumber, into: \.footerHeight),
        .read("headerInset", .insets, into: \.headerInset),
        .read("footerInset", .insets, into: \.footerInset),
        .read("itemRenderDirection", .itemRenderDirection, into: \.itemRenderDirection),
        .read("minimumContentHeight", .nonNegativeNumber, into: \.minimumContentHeight)
    ]

    static let waterfall = LayoutKind(
        type: "waterfall", needsBounds: true, defaults: WaterfallLayout(), parameters: waterfallParameters, sectionKeys: waterfallSectionKeys)
}

extension ParameterReader where Value == WaterfallLayout.ItemRenderDirection {
    static var itemRenderDirection: Self { .oneOf("shortestFirst, leftToRight or rightToLeft") }
}
