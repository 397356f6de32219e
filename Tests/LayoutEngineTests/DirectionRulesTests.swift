import LayoutEngine
import Testing

/// The truth table of issue 37 (docs/layout-direction.md L1–L4), row by row: for each layout
/// class, effective direction, development direction and flag, whether the layout mirrors its
/// own frames and whether the collection view flips its axis.
@Suite struct DirectionRulesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let layout: DirectionRules.LayoutClass
        let effective: LayoutDirection
        let development: LayoutDirection
        let flips: Bool
        let ownMirror: DirectionRules.OwnMirror
        let axisFlipped: Bool
        var testDescription: String { "\(layout) \(effective) dev \(development) flips \(flips)" }
    }

    static let rows: [Row] = [
        // Left-to-right, the flag false: nothing happens, for every class.
        Row(layout: .verticalFlow, effective: .leftToRight, development: .leftToRight, flips: false, ownMirror: .none, axisFlipped: false),
        Row(layout: .horizontalFlow, effective: .leftToRight, development: .leftToRight, flips: false, ownMirror: .none, axisFlipped: false),
        Row(layout: .compositional, effective: .leftToRight, development: .leftToRight, flips: false, ownMirror: .none, axisFlipped: false),
        Row(layout: .custom, effective: .leftToRight, development: .leftToRight, flips: false, ownMirror: .none, axisFlipped: false),
        // Right-to-left, the flag false (UIKit's default): the flow layout mirrors its own
        // frames, the compositional layout has its axis flipped, a custom layout does nothing.
        Row(layout: .verticalFlow, effective: .rightToLeft, development: .leftToRight, flips: false, ownMirror: .verticalFlow, axisFlipped: false),
        Row(
            layout: .horizontalFlow, effective: .rightToLeft, development: .leftToRight, flips: false, ownMirror: .horizontalFlow, axisFlipped: false),
        Row(layout: .compositional, effective: .rightToLeft, development: .leftToRight, flips: false, ownMirror: .none, axisFlipped: true),
        Row(layout: .custom, effective: .rightToLeft, development: .leftToRight, flips: false, ownMirror: .none, axisFlipped: false),
        // Right-to-left with the flag: the axis flips and no layout mirrors its own frames.
        Row(layout: .verticalFlow, effective: .rightToLeft, development: .leftToRight, flips: true, ownMirror: .none, axisFlipped: true),
        Row(layout: .horizontalFlow, effective: .rightToLeft, development: .leftToRight, flips: true, ownMirror: .none, axisFlipped: true),
        Row(layout: .compositional, effective: .rightToLeft, development: .leftToRight, flips: true, ownMirror: .none, axisFlipped: true),
        Row(layout: .custom, effective: .rightToLeft, development: .leftToRight, flips: true, ownMirror: .none, axisFlipped: true),
        // A layout developed right-to-left, shown left-to-right with the flag: the axis flips.
        Row(layout: .custom, effective: .leftToRight, development: .rightToLeft, flips: true, ownMirror: .none, axisFlipped: true),
        Row(layout: .verticalFlow, effective: .leftToRight, development: .rightToLeft, flips: true, ownMirror: .none, axisFlipped: true),
        // The compositional layout's eight cases (KeyboardKit's table, iOS 14.3): flipped only
        // when left-to-right-developed in right-to-left, or by the flag (L1).
        Row(layout: .compositional, effective: .leftToRight, development: .leftToRight, flips: true, ownMirror: .none, axisFlipped: false),
        Row(layout: .compositional, effective: .leftToRight, development: .rightToLeft, flips: false, ownMirror: .none, axisFlipped: false),
        Row(layout: .compositional, effective: .leftToRight, development: .rightToLeft, flips: true, ownMirror: .none, axisFlipped: true),
        Row(layout: .compositional, effective: .rightToLeft, development: .rightToLeft, flips: false, ownMirror: .none, axisFlipped: false),
        Row(layout: .compositional, effective: .rightToLeft, development: .rightToLeft, flips: true, ownMirror: .none, axisFlipped: false),
        // The vertical flow layout developed right-to-left: its visual direction is the
        // effective one, inverted only with the flag (KeyboardKit's table).
        Row(layout: .verticalFlow, effective: .rightToLeft, development: .rightToLeft, flips: false, ownMirror: .verticalFlow, axisFlipped: false),
        Row(layout: .verticalFlow, effective: .rightToLeft, development: .rightToLeft, flips: true, ownMirror: .none, axisFlipped: false),
        Row(layout: .verticalFlow, effective: .leftToRight, development: .rightToLeft, flips: false, ownMirror: .none, axisFlipped: false),
        // ... and right-to-left, matching its development direction: nothing flips.
        Row(layout: .custom, effective: .rightToLeft, development: .rightToLeft, flips: true, ownMirror: .none, axisFlipped: false)
    ]

    @Test(arguments: rows)
    func row(_ row: Row) {
        let outcome = DirectionRules.resolve(row.layout, effective: row.effective, development: row.development, flips: row.flips)
        #expect(outcome == DirectionRules.Outcome(ownMirror: row.ownMirror, axisFlipped: row.axisFlipped))
    }
}
