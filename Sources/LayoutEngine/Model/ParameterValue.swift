/// A typed layout parameter, as a section's own `layout` object carries it. The service
/// validates types per layout before a value gets here; layouts read the keys they know.
public enum ParameterValue: Hashable, Sendable {
    case number(Double)
    case size(Size)
    case insets(EdgeInsets)
    case bool(Bool)
    case string(String)
    /// A compositional section's own NSCollectionLayoutSection (docs/compositional.md §1).
    case compositionalSection(CompositionalLayout.Section)
}

/// Per-section overrides of layout parameters (UIKit's per-section delegate methods).
/// They belong to the section and move with it through updates.
public struct SectionOverrides: Hashable, Sendable {
    public var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    public var isEmpty: Bool { values.isEmpty }

    public func number(_ key: String) -> Double? { if case .number(let v)? = values[key] { v } else { nil } }
    public func size(_ key: String) -> Size? { if case .size(let v)? = values[key] { v } else { nil } }
    public func insets(_ key: String) -> EdgeInsets? { if case .insets(let v)? = values[key] { v } else { nil } }
    public func bool(_ key: String) -> Bool? { if case .bool(let v)? = values[key] { v } else { nil } }
}
