/// A waterfall section is laid out with the layout's parameters, the section's own `layout`
/// overrides applied (CHT's per-section delegate methods): there is no separate metrics type,
/// so a section's values carry the same names as the layout's. Keys: `columnCount`,
/// `minimumColumnSpacing`, `minimumInteritemSpacing`, `headerHeight`, `footerHeight`
/// (numbers) and `sectionInset`, `headerInset`, `footerInset` (insets);
/// `itemRenderDirection` and `minimumContentHeight` are layout-wide only.
extension WaterfallLayout.Parameters {
    /// Section `s`'s parameters: these, with each override the section gives. These are
    /// already valid; each override is checked as it is read, so an error names
    /// `dataSource.sections[s].layout.key`.
    func applying(_ overrides: SectionOverrides, section s: Int) throws(LayoutError) -> Self {
        guard !overrides.isEmpty else { return self }
        typealias Key = WaterfallLayout.SectionOverrideKey
        func number(_ key: Key) throws(LayoutError) -> Double? {
            try LayoutCheck.number(key.rawValue, in: overrides, section: s)
        }
        func insets(_ key: Key) throws(LayoutError) -> EdgeInsets? {
            try LayoutCheck.insets(key.rawValue, in: overrides, section: s)
        }
        func field(_ key: Key) -> String { LayoutCheck.parameterField(key.rawValue, section: s) }

        var section = self
        if let value = try number(.columnCount) {
            section.columnCount = try LayoutCheck.columnCount(value, field(.columnCount))
        }
        if let value = try number(.minimumColumnSpacing) { section.minimumColumnSpacing = value }
        if let value = try number(.minimumInteritemSpacing) { section.minimumInteritemSpacing = value }
        if let value = try number(.headerHeight) {
            try LayoutCheck.nonNegative(value, field(.headerHeight))
            section.headerHeight = value
        }
        if let value = try number(.footerHeight) {
            try LayoutCheck.nonNegative(value, field(.footerHeight))
            section.footerHeight = value
        }
        if let value = try insets(.sectionInset) { section.sectionInset = value }
        if let value = try insets(.headerInset) { section.headerInset = value }
        if let value = try insets(.footerInset) { section.footerInset = value }
        return section
    }
}
