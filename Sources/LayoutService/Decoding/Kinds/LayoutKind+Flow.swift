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

    /// Flow parameters, also the line layout's (over its own defaults).
    static let flowParameters: [LayoutParameter<FlowLayout.Parameters>] = [
        .read("scrollDirection", .custom(readScrollDirection), into: \.scrollDirection),
        .read("itemSize", .size, into: \.itemSize),
        .read("minimumLineSpacing", .number, into: \.minimumLineSpacing),
        .read("minimumInteritemSpacing", .number, into: \.minimumInteritemSpacing),
        .read("sectionInset", .insets, into: \.sectionInset),
        .read("headerReferenceSize", .size, into: \.headerReferenceSize),
        .read("footerReferenceSize", .size, into: \.footerReferenceSize),
        .read("sectionHeadersPinToVisibleBounds", .bool, into: \.sectionHeadersPinToVisibleBounds),
        .read("sectionFootersPinToVisibleBounds", .bool, into: \.sectionFootersPinToVisibleBounds),
        .read("uikitQuirks", .bool, into: \.uikitQuirks),
        .read("estimatedItemSize", .size, into: \.estimatedItemSize)
    ]

    static let flow = LayoutKind(
        type: "flow", needsBounds: true, defaults: FlowLayout.Parameters(), parameters: flowParameters, sectionKeys: flowSectionKeys
    ) { FlowLayout($0) }

    /// `vertical` or `horizontal` (the flow, line and compositional layouts').
    static func readScrollDirection(_ o: ObjectReader, _ key: String) throws(APIError) -> ScrollDirection? {
        guard let v = try o.string(key) else { return nil }
        guard let direction = ScrollDirection(rawValue: v) else {
            throw .invalidRequest(o.fieldPath(key), "must be 'vertical' or 'horizontal' (got \(ClientText.quoted(v)))")
        }
        return direction
    }
}
