import LayoutEngine

extension LayoutRegistry {
    /// docs/flow.md R2: layout-wide flow parameters; the per-section ones may be overridden by a
    /// section's own `layout` object (UIKit's per-section delegate methods).
    static let flowSectionKeys: [String: OverrideType] = [
        FlowLayout.SectionKey.itemSize: .size,
        FlowLayout.SectionKey.minimumLineSpacing: .number,
        FlowLayout.SectionKey.minimumInteritemSpacing: .number,
        FlowLayout.SectionKey.sectionInset: .insets,
        FlowLayout.SectionKey.headerReferenceSize: .size,
        FlowLayout.SectionKey.footerReferenceSize: .size
    ]

    static let flowParameterKeys: Set<String> = Set(flowSectionKeys.keys).union([
        "scrollDirection", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
        "uikitQuirks", "estimatedItemSize"
    ])

    static let flow = LayoutKind(
        type: "flow", needsBounds: true, parameterKeys: flowParameterKeys, sectionKeys: flowSectionKeys
    ) { o throws(APIError) -> any CollectionLayout in
        FlowLayout(try flowParameters(o, defaults: FlowLayout.Parameters()))
    }

    /// Reads flow parameters over `defaults` (the line layout starts from its own).
    static func flowParameters(_ o: ObjectReader, defaults: FlowLayout.Parameters) throws(APIError) -> FlowLayout.Parameters {
        var p = defaults
        if let v = try o.string("scrollDirection") {
            guard let direction = ScrollDirection(rawValue: v) else {
                throw .invalidRequest(o.fieldPath("scrollDirection"), "must be 'vertical' or 'horizontal' (got \(ClientText.quoted(v)))")
            }
            p.scrollDirection = direction
        }
        if let v = try o.size("itemSize") { p.itemSize = v }
        if let v = try o.number("minimumLineSpacing") { p.minimumLineSpacing = v }
        if let v = try o.number("minimumInteritemSpacing") { p.minimumInteritemSpacing = v }
        if let v = try o.insets("sectionInset") { p.sectionInset = v }
        if let v = try o.size("headerReferenceSize") { p.headerReferenceSize = v }
        if let v = try o.size("footerReferenceSize") { p.footerReferenceSize = v }
        if let v = try o.bool("sectionHeadersPinToVisibleBounds") { p.sectionHeadersPinToVisibleBounds = v }
        if let v = try o.bool("sectionFootersPinToVisibleBounds") { p.sectionFootersPinToVisibleBounds = v }
        if let v = try o.bool("uikitQuirks") { p.uikitQuirks = v }
        if let v = try o.size("estimatedItemSize") { p.estimatedItemSize = v }
        return p
    }
}
