import LayoutEngine
import TesseraJSON

/// One `layout.type`: which parameters it takes, which of them a section may override and
/// with what type, and how to build the engine's layout from the parameters.
struct LayoutKind: Sendable {
    let type: String
    /// Layouts that read the bounds cannot work without a `view.bounds`.
    let needsBounds: Bool
    /// Layout-wide keys besides `type`.
    let parameterKeys: Set<String>
    /// Keys a section's own `layout` object may carry, with their JSON types.
    let sectionKeys: [String: OverrideType]
    /// Whether the layout reads an item's `children` (the tree); any other refuses them rather
    /// than storing lists nobody reads (they cost memory the item counts do not show).
    var readsChildren = false
    let make: @Sendable (ObjectReader) throws(APIError) -> any CollectionLayout
    /// A layout whose section `layout` object is one structured value rather than keys
    /// (the compositional layout's NSCollectionLayoutSection) decodes it whole.
    var decodeSection: (@Sendable (ObjectReader) throws(APIError) -> SectionOverrides)? = nil

    /// UIKit's direction properties, which every layout takes (docs/layout-direction.md).
    static let directionKeys: Set<String> = ["flipsHorizontallyInOppositeLayoutDirection", "developmentLayoutDirection"]

    func decodeLayout(_ o: ObjectReader) throws(APIError) -> any CollectionLayout {
        try o.rejectUnknownKeys(parameterKeys.union(["type"]).union(Self.directionKeys))
        let layout = try make(o)
        var development = LayoutDirection.leftToRight
        if let text = try o.string("developmentLayoutDirection") {
            guard let known = LayoutDirection(rawValue: text) else {
                throw .invalidRequest(
                    o.fieldPath("developmentLayoutDirection"), "must be leftToRight or rightToLeft (got \(ClientText.quoted(text)))")
            }
            development = known
        }
        return DirectedLayout(
            layout, class: Self.directionClass(of: layout),
            flipsHorizontallyInOppositeLayoutDirection: try o.bool("flipsHorizontallyInOppositeLayoutDirection") ?? false,
            developmentLayoutDirection: development)
    }

    /// The class UIKit's direction rules treat `layout` as: Apple's flow layout by its scroll
    /// direction, the compositional layout, or a custom layout (every other kind, the line
    /// layout too, which the table lists among them).
    static func directionClass(of layout: any CollectionLayout) -> DirectionRules.LayoutClass {
        if let flow = layout as? FlowLayout { return flow.parameters.scrollDirection == .vertical ? .verticalFlow : .horizontalFlow }
        if layout is CompositionalLayout { return .compositional }
        return .custom
    }
}

/// Every layout the service offers, by `layout.type`.
enum LayoutRegistry {
    static let kinds: [LayoutKind] = [flow, column, waterfall, coverFlow, line, circle, tree, stack, justified, compositional]

    static func kind(named type: String) -> LayoutKind? {
        kinds.first { $0.type == type }
    }

    static var typeNames: [String] { kinds.map(\.type) }
}
