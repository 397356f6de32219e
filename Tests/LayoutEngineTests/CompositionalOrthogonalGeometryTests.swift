import Testing
import LayoutEngine

/// C13's geometry: orthogonal sections are drawn shifted by their own offset (view state).
/// Five groups of fractionalWidth 0.45 of the full 390 (175.5 wide), 10 apart, insets 16
/// leading and trailing; group j rests at j · 185.5. (Snapping through the service:
/// LayoutServiceTests' CompositionalOrthogonalTests.)
@Suite("Compositional: orthogonal section geometry (C13)")
struct CompositionalOrthogonalGeometryTests {
    static func section(_ behavior: CompositionalLayout.OrthogonalScrolling) -> CompositionalLayout.Section {
        let group = Comp.group(.horizontal, .fractionalWidth(0.45), .absolute(100), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        var section = CompositionalLayout.Section(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = .init(leading: 16, trailing: 16)
        section.orthogonalScrollingBehavior = behavior
        return section
    }

    /// Frames are answered as drawn, shifted by the section's offset; rect queries see them
    /// there; other sections do not move.
    @Test(arguments: [0.0, 3.0])
    func offsetsShiftTheSection(scale: Double) throws {
        let (p, view0) = try Comp.prepare(Self.section(.continuous), counts: [5, 3], scale: scale)
        var view = view0
        view.orthogonalOffsets = [0: 50] // view state: prepare reads only the size and scale
        let gw = scale == 3 ? 527.0 / 3 : 175.5
        close(Comp.frame(p, view, 0, 1), 16 + gw + 10 - 50, 0, gw, 100)
        close(Comp.frame(p, view, 1, 0), 16, 100, gw, 100) // section 1 keeps offset 0
        // Item 0 is drawn at x = −34…141.5: a rect at x 0…10 meets it, one at x 150…160 does not.
        let hits = p.elements(in: Rect(x: 0, y: 0, width: 10, height: 10), view: view).map(\.indexPath)
        #expect(hits == [IndexPath(section: 0, item: 0)])
        let gap = p.elements(in: Rect(x: 16 + gw - 50 + 1, y: 0, width: 8, height: 10), view: view)
        #expect(gap.isEmpty)
        let before = view
        view.orthogonalOffsets[0] = 60
        let context = p.invalidation(from: before, to: view)
        #expect(!context.invalidatesLayout)
        #expect(context.invalidatedElements.contains(ElementKey(category: .cell, indexPath: IndexPath(section: 0, item: 0))))
        #expect(!context.invalidatedElements.contains { $0.indexPath.section == 1 })
    }

    /// groupPagingCentered replaces the leading inset with (390 − 175.5)/2 = 107.25.
    @Test func groupPagingCenteredCentresGroups() throws {
        let (p, view) = try Comp.prepare(Self.section(.groupPagingCentered), counts: [5])
        close(Comp.frame(p, view, 0, 0), 107.25, 0, 175.5, 100)
        close(Comp.frame(p, view, 0, 2), 107.25 + 2 * 185.5, 0, 175.5, 100)
        // Group 2 rests centred at offset 2 · 185.5 = 371, from a proposal near it.
        #expect(p.targetOrthogonalOffset(section: 0, proposed: 380, velocity: 0, view: view) == 371)
    }
}
