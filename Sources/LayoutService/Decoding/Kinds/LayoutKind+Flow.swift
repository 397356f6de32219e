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
        .read("scrollDirection", .scrollDirection, into: \.scrollDirection),
        .read(FlowLayout.SectionKey.itemSize, .size, into: \.itemSize),
        .read(FlowLayout.SectionKey.minimumLineSpacing, .number, into: \.minimumLineSpacing),
        .read(FlowLayout.SectionKey.minimumInteritemSpacing, .number, into: \.minimumInteritemSpacing),
        .read(FlowLayout.SectionKey.sectionInset, .insets, into: \.sectionInset),
        .read(FlowLayout.SectionKey.headerReferenceSize, .size, into: \.headerReferenceSize),
        .read(FlowLayout.SectionKey.footerReferenceSize, .size, into: \.footerReferenceSize),
        .read("sectionHeadersPinToVisibleBounds", .bool, into: \.sectionHeadersPinToVisibleBounds),
        .read("sectionFootersPinToVisibleBounds", .bool, into: \.sectionFootersPinToVisibleBounds),
        .read("uikitQuirks", .bool, into: \.uikitQuirks),
        .read("estimatedItemSize", .size, into: \.estimatedItemSize)
    ]

    static let flow = LayoutKind(type: "flow", needsBounds: true, defaults: FlowLayout(), parameters: flowParameters, sectionKeys: flowSectionKeys)
}

extension ParameterReader where Value == ScrollDirection {
    /// `vertical` or `horizontal` (the flow, line and compositional layouts').
    static var scrollDirection: Self { .oneOf("'vertical' or 'horizontal'") }
}
