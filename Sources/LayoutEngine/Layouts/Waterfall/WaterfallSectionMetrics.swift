/// One section's waterfall parameters: the section's own `layout` overrides over the
/// layout-wide values (CHT's per-section delegate methods). Keys: `columnCount`,
/// `minimumColumnSpacing`, `minimumInteritemSpacing`, `headerHeight`, `footerHeight`
/// (numbers) and `sectionInset`, `headerInset`, `footerInset` (insets).
struct WaterfallSectionMetrics: Hashable, Sendable {
    var columnCount: Int
    var columnSpacing, interitemSpacing: Double
    var sectionInset: EdgeInsets
    var headerHeight, footerHeight: Double
    var headerInset, footerInset: EdgeInsets

    typealias Key = WaterfallLayout.SectionOverrideKey

    /// The layout-wide values.
    init(_ parameters: WaterfallLayout.Parameters) {
        columnCount = parameters.columnCount
        columnSpacing = parameters.minimumColumnSpacing
        interitemSpacing = parameters.minimumInteritemSpacing
        sectionInset = parameters.sectionInset
        headerHeight = parameters.headerHeight
        footerHeight = parameters.footerHeight
        headerInset = parameters.headerInset
        footerInset = parameters.footerInset
    }

    /// Section `s`'s values. The layout-wide ones are already valid; each override is
    /// checked as it is read, so an error names `dataSource.sections[s].layout.key`.
    init(_ parameters: WaterfallLayout.Parameters, overrides: SectionOverrides, section s: Int) throws(LayoutError) {
        self.init(parameters)
        guard !overrides.isEmpty else { return }
        func number(_ key: Key) throws(LayoutError) -> Double? {
            try LayoutCheck.number(key.rawValue, in: overrides, section: s)
        }
        func insets(_ key: Key) throws(LayoutError) -> EdgeInsets? {
            try LayoutCheck.insets(key.rawValue, in: overrides, section: s)
        }
        func field(_ key: Key) -> String { LayoutCheck.parameterField(key.rawValue, section: s) }

        if let value = try number(.columnCount) {
            columnCount = try LayoutCheck.columnCount(value, field(.columnCount))
        }
        if let value = try number(.minimumColumnSpacing) { columnSpacing = value }
        if let value = try number(.minimumInteritemSpacing) { interitemSpacing = value }
        if let value = try number(.headerHeight) {
            try LayoutCheck.nonNegative(value, field(.headerHeight))
            headerHeight = value
        }
        if let value = try number(.footerHeight) {
            try LayoutCheck.nonNegative(value, field(.footerHeight))
            footerHeight = value
        }
        if let value = try insets(.sectionInset) { sectionInset = value }
        if let value = try insets(.headerInset) { headerInset = value }
        if let value = try insets(.footerInset) { footerInset = value }
    }

    /// Checks the values, naming the layout-wide field (section nil) or the section's.
    /// Heights must not be negative (docs/layouts.md: 0 means no such view; docs/flow.md R11 rejects
    /// negative header and footer sizes); spacings and insets only need to be finite.
    func validate(section: Int?) throws(LayoutError) {
        func field(_ key: Key) -> String { LayoutCheck.parameterField(key.rawValue, section: section) }
        try LayoutCheck.columnCount(columnCount, field(.columnCount))
        try LayoutCheck.finite(columnSpacing, field(.minimumColumnSpacing))
        try LayoutCheck.finite(interitemSpacing, field(.minimumInteritemSpacing))
        try LayoutCheck.nonNegative(headerHeight, field(.headerHeight))
        try LayoutCheck.nonNegative(footerHeight, field(.footerHeight))
        try LayoutCheck.finite(sectionInset, field(.sectionInset))
        try LayoutCheck.finite(headerInset, field(.headerInset))
        try LayoutCheck.finite(footerInset, field(.footerInset))
    }
}
