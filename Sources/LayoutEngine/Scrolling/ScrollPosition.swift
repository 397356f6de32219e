/// UICollectionView.ScrollPosition: at most one vertical and one horizontal placement. An axis
/// without one is scrolled the least that makes the element visible on it (docs/api.md,
/// "Scrolling to an item").
public struct ScrollPosition: Hashable, Sendable {
    public enum Placement: Hashable, Sendable {
        /// The element's leading edge (top, left) at the visible area's leading edge.
        case leading
        /// The element's centre at the visible area's centre.
        case centered
        /// The element's trailing edge (bottom, right) at the visible area's trailing edge.
        case trailing
    }

    public var vertical: Placement?
    public var horizontal: Placement?

    public init(vertical: Placement? = nil, horizontal: Placement? = nil) {
        self.vertical = vertical
        self.horizontal = horizontal
    }

    /// `[]`: no placement on either axis, the least scrolling that shows the element.
    public static let none = ScrollPosition()

    /// UIKit's names, in the order its documentation lists them.
    public static let names: [String] = ["top", "centeredVertically", "bottom", "left", "centeredHorizontally", "right"]

    /// The placement a name sets, and on which axis (true: vertical); nil for an unknown name.
    public static func placement(named name: String) -> (vertical: Bool, Placement)? {
        switch name {
        case "top": (true, .leading)
        case "centeredVertically": (true, .centered)
        case "bottom": (true, .trailing)
        case "left": (false, .leading)
        case "centeredHorizontally": (false, .centered)
        case "right": (false, .trailing)
        default: nil
        }
    }
}
