import LayoutEngine

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

    func decodeLayout(_ o: ObjectReader) throws(APIError) -> any CollectionLayout {
        try o.rejectUnknownKeys(parameterKeys.union(["type"]))
        return try make(o)
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
