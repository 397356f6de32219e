/// UIUserInterfaceLayoutDirection: a collection view's effective direction, or the direction
/// a layout was developed for (`developmentLayoutDirection`).
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// What UIKit does with a layout in a collection view's effective direction
/// (docs/layout-direction.md, L1–L4): whether the layout mirrors its own frames, and whether
/// the collection view flips its horizontal axis (every subview drawn mirrored). The two are
/// independent: a vertical flow layout in right-to-left mirrors its frames and the axis stays;
/// a compositional layout keeps its frames and the axis flips.
public enum DirectionRules {
    /// The classes UIKit treats differently.
    public enum LayoutClass: Hashable, Sendable {
        case verticalFlow
        case horizontalFlow
        case compositional
        /// Every layout that subclasses UICollectionViewLayout directly (column, waterfall,
        /// justified, cover flow, line, circle, tree, stack).
        case custom
    }

    /// How a layout's own frames answer in the effective direction.
    public enum OwnMirror: Hashable, Sendable {
        case none
        /// Each element `x' = D − x − w`, D the view's width inside its content insets (L2).
        case verticalFlow
        /// The horizontal flow layout's quirk (L3).
        case horizontalFlow
    }

    public struct Outcome: Hashable, Sendable {
        public var ownMirror: OwnMirror
        public var axisFlipped: Bool

        public init(ownMirror: OwnMirror, axisFlipped: Bool) {
            self.ownMirror = ownMirror
            self.axisFlipped = axisFlipped
        }
    }

    /// - Parameter flips: the layout's `flipsHorizontallyInOppositeLayoutDirection`.
    public static func resolve(
        _ layout: LayoutClass, effective: LayoutDirection, development: LayoutDirection, flips: Bool
    ) -> Outcome {
        // L1: the collection view flips its axis when the effective direction differs from the
        // layout's development direction and the layout asks for it.
        var axisFlipped = effective != development && flips
        var ownMirror = OwnMirror.none
        switch layout {
        case .compositional:
            // L4: the compositional layout developed left-to-right has its axis flipped in
            // right-to-left even with the flag false (its frames stay leading-based). Developed
            // right-to-left and shown right-to-left it is not flipped (KeyboardKit's table,
            // iOS 14.3).
            if development == .leftToRight && effective == .rightToLeft { axisFlipped = true }
        case .verticalFlow, .horizontalFlow:
            // L2, L3: without the flag, the flow layout mirrors its own frames in
            // right-to-left (whatever its development direction: a choice, as the rule is
            // stated for the default, left-to-right).
            if effective == .rightToLeft && !flips {
                ownMirror = layout == .verticalFlow ? .verticalFlow : .horizontalFlow
            }
        case .custom:
            break
        }
        return Outcome(ownMirror: ownMirror, axisFlipped: axisFlipped)
    }
}
