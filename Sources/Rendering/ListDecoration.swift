import LayoutEngine

/// How list sections' decoration views are drawn. The kind names are the engine's
/// documented ones (docs/compositional.md, §6, list sections); the playground
/// (`Sources/Playground/Assets/list.js`) and `<tessera-view>` (`clients/typescript/src/view/list.ts`)
/// keep the same names and draw them the same way.
enum ListDecoration {
    /// One per cell that shows it: a strip of 1/scale points along the cell's bottom (top)
    /// edge, inside the cell, inset from its leading and trailing edges.
    static let separatorBottomKind = "list-separator-bottom"
    static let separatorTopKind = "list-separator-top"
    /// One per `insetGrouped` section: the rect of its rows, drawn with rounded corners.
    static let backgroundKind = "list-background"
    /// UIKit's corner radius of an inset-grouped section, in points.
    static let cornerRadius = 10.0

    enum Shape {
        /// Filled, no outline and no label: a separator is thinner than any text, and an
        /// outline of one output pixel around a 1/3-point strip would draw it several
        /// times as thick as it is.
        case hairline
        /// Filled with rounded corners and no outline, as UIKit draws the group. A transformed
        /// one is drawn as its projected quadrilateral, as any element: a polygon has no
        /// corners to round.
        case roundedGroup
        /// Any other element: the box every element gets.
        case box
    }

    static func shape(_ a: LayoutAttributes) -> Shape {
        guard a.category == .decoration else { return .box }
        switch a.kind {
        case separatorBottomKind, separatorTopKind: return .hairline
        case backgroundKind: return .roundedGroup
        default: return .box
        }
    }

    /// The rect each inset group's rows and separators are clipped to, by section: the drawn
    /// frame of the section's first `list-background` (its visual frame when the axis is
    /// flipped), rounded by `cornerRadius` as the background is drawn. A transformed group is
    /// drawn as a polygon, which has no rounded rect to clip to: its section is not clipped.
    static func groupClips(_ drawn: [SVGRenderer.DrawnElement]) -> [Int: Rect] {
        var clips: [Int: Rect] = [:]
        for element in drawn where shape(element.attributes) == .roundedGroup && element.attributes.transform.isIdentity {
            let section = element.attributes.indexPath.section
            if clips[section] == nil { clips[section] = element.frame }
        }
        return clips
    }

    /// Whether `a` is drawn clipped to its section's group: a row (cell) or a separator,
    /// as UIKit clips an inset group's first and last cells to the group's rounded shape.
    /// Headers and footers sit outside the group and are not.
    static func isClippedToGroup(_ a: LayoutAttributes) -> Bool {
        a.category == .cell || shape(a) == .hairline
    }

    /// The id of section `section`'s `<clipPath>`.
    static func clipID(_ section: Int) -> String { "list-group-\(section)" }
}
