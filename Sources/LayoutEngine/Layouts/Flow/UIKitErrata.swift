/// UIKit's flow-layout behaviours that contradict its documentation (docs/flow.md R16), each
/// under its own name so a caller can keep some and drop others. The JSON's `uikitQuirks`
/// switches them all at once (`FlowLayout.Parameters.uikitQuirks`); the HTTP contract has no
/// finer switch.
public struct UIKitErrata: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Q1: a horizontal mixed section packs the items of a column with `minimumLineSpacing`
    /// and separates columns with `minimumInteritemSpacing` (the roles swapped).
    public static let swappedMixedSpacings = UIKitErrata(rawValue: 1 << 0)
    /// Q2: an oversize first item of a mixed section goes on a new line after an empty one
    /// (R6.1).
    public static let emptyLineBeforeOversizeItem = UIKitErrata(rawValue: 1 << 1)
    /// Q3: items of exactly 0 × 0 before the first non-zero size are skipped when deciding
    /// whether a section is uniform (R3).
    public static let leadingZeroSizeItemsSkipped = UIKitErrata(rawValue: 1 << 2)

    /// Everything UIKit does: the default.
    public static let all: UIKitErrata = [
        .swappedMixedSpacings, .emptyLineBeforeOversizeItem,
        .leadingZeroSizeItemsSkipped
    ]
}
