// Entry points for the test suites, and for nothing else (issue 36). What a suite needs of
// LayoutEngine's internals is gathered here, as swift-collections' `Deque+Testing.swift`
// gathers Deque's, so that the suite imports the module plainly rather than through
// `@testable import`. The hooks are `package`: users of the module never see them, and the
// members they forward to stay internal. Each is the internal member's name with a leading
// underscore.

extension PreparedFlowLayout {
    /// `storageBytes`: the prepared bytes beyond the data source (what a million items cost).
    package var _storageBytes: Int { storageBytes }

    /// The item size of section `s` when its cells are found by arithmetic
    /// (`FlowCells.uniform`), nil when they are stored lines (`.mixed`).
    package func _uniformItemSize(section s: Int) -> Size? {
        if case .uniform(let grid) = sections[s].cells { return grid.itemSize }
        return nil
    }
}

extension PreparedLineLayout {
    /// `flow`: the prepared flow layout whose cells the line layout zooms.
    package var _flow: PreparedFlowLayout { flow }
}

extension PreparedJustifiedLayout.CellExtras {
    /// `list`: the same extras as `LayoutAttributes.extras`, in the order replies list them.
    package var _list: [(key: String, value: AttributeExtra)] { list }
}

/// `javaScriptRound`: JavaScript's `Math.round`, as the justified layout rounds.
package func _javaScriptRound(_ x: Double) -> Double { javaScriptRound(x) }

extension TreeLayout {
    /// `TreeGeometry.slotHeight`: the height of one leaf row (item height and insets).
    package var _slotHeight: Double { TreeGeometry(parameters).slotHeight }
}

extension IdentifierColumn {
    /// `positions(of:)`: where each wanted identifier is, -1 where it is absent.
    package func _positions(of wanted: IdentifierColumn) -> [Int] { positions(of: wanted) }

    /// `remove(at:)`: removes the identifiers at `positions` (ascending), in place.
    package mutating func _remove(at positions: [Int]) { remove(at: positions) }

    /// `insert(contentsOf:at:)`: splices `other` in before position `i`.
    package mutating func _insert(contentsOf other: IdentifierColumn, at i: Int) { insert(contentsOf: other, at: i) }
}
