import Testing
import LayoutEngine

/// C3–C7 and C14 worked by hand, each at scale 0 (exact) and scale 3.
@Suite("Compositional: groups (C3–C7, C14)")
struct CompositionalGroupRuleTests {
    /// C3: three items of fractionalWidth 1/3 with a fixed spacing of 8 hold only two per
    /// group. W = 390: items are 130 wide; 0 + 130 ≤ 390 (x = 0), 138 + 130 = 268 ≤ 390
    /// (x = 138), 276 + 130 = 406 > 390: k = 2. Three items make two instances of 100.
    @Test(arguments: [0.0, 3.0])
    func thirdsWithSpacingHoldTwo(scale: Double) throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(100),
            [Comp.item(.fractionalWidth(0.3333333333333333), .fractionalHeight(1))], spacing: .fixed(8))
        let (p, view) = try Comp.prepare(.init(group: group), counts: [3], scale: scale)
        // 390 / 3 = 130 up to an ulp; at scale 3 it snaps to exactly 130.
        let w = scale == 3 ? 130 : 390 * 0.3333333333333333
        close(Comp.frame(p, view, 0, 0), 0, 0, w, 100)
        close(Comp.frame(p, view, 0, 1), w + 8, 0, w, 100)
        close(Comp.frame(p, view, 0, 2), 0, 100, w, 100)
        #expect(p.contentSize == Size(width: 390, height: 200))
    }

    /// C3 with quarters: 97.5 wide, 97.5 + 8 per step: 0, 105.5, 211 fit; 316.5 + 97.5 = 414
    /// > 390, so k = 3, not 4. Scale 3 snaps the slot to 293/3 and positions accumulate the
    /// snapped size plus the spacing: 0, 293/3 + 8, 2·293/3 + 16.
    @Test(arguments: [0.0, 3.0])
    func quartersWithSpacingHoldThree(scale: Double) throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(50),
            [Comp.item(.fractionalWidth(0.25), .absolute(50))], spacing: .fixed(8))
        let (p, view) = try Comp.prepare(.init(group: group), counts: [4], scale: scale)
        let w = scale == 3 ? 293.0 / 3 : 97.5
        close(Comp.frame(p, view, 0, 0), 0, 0, w, 50)
        close(Comp.frame(p, view, 0, 1), w + 8, 0, w, 50)
        close(Comp.frame(p, view, 0, 2), 2 * w + 16, 0, w, 50)
        close(Comp.frame(p, view, 0, 3), 0, 50, w, 50) // C8: the fourth item starts instance 1
    }

    /// C4: count 4 with spacing 7 in 390: slots of (390 − 21)/4 = 92.25, whatever the item's
    /// absolute width of 50 says. The item's height fractionalWidth(0.5) resolves against
    /// 390 − 21 = 369: 184.5. Scale 3: slots 277/3 (92.25·3 = 276.75 → 277), height 554/3.
    @Test(arguments: [0.0, 3.0])
    func countGroupsIgnoreTheItemWidth(scale: Double) throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(200),
            [Comp.item(.absolute(50), .fractionalWidth(0.5))], count: 4, spacing: .fixed(7))
        let (p, view) = try Comp.prepare(.init(group: group), counts: [5], scale: scale)
        let w = scale == 3 ? 277.0 / 3 : 92.25
        let h = scale == 3 ? 554.0 / 3 : 184.5
        for i in 0..<4 { close(Comp.frame(p, view, 0, i), Double(i) * (w + 7), 0, w, h) }
        close(Comp.frame(p, view, 0, 4), 0, 200, w, h)
    }

    /// C5: items keep their height and sit at the top of the slot; no stretching, no centring.
    /// Flexible top and bottom edge spacing centres: (100 − 41)/2 = 29.5, not rounded again
    /// at scale 3 (D1).
    @Test(arguments: [0.0, 3.0])
    func crossAxisTopAlignmentAndFlexibleCentring(scale: Double) throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(100),
            [
                Comp.item(.absolute(100), .absolute(40)),
                Comp.item(.absolute(100), .absolute(100)),
                Comp.item(.absolute(100), .absolute(41), edgeSpacing: .init(top: .flexible(0), bottom: .flexible(0)))
            ])
        let (p, view) = try Comp.prepare(.init(group: group), counts: [3], scale: scale)
        close(Comp.frame(p, view, 0, 0), 0, 0, 100, 40)
        close(Comp.frame(p, view, 0, 1), 100, 0, 100, 100)
        close(Comp.frame(p, view, 0, 2), 200, 29.5, 100, 41)
    }

    /// C2: an item's frame is its slot inset by its contentInsets, and neighbours do not move;
    /// edge spacing takes space (leading 10 moves the second item to 60 + 10 = 70). Insets on
    /// an estimated axis are ignored.
    @Test(arguments: [0.0, 3.0])
    func insetsAndEdgeSpacing(scale: Double) throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(80),
            [
                Comp.item(.absolute(60), .absolute(80), contentInsets: .init(top: 5, leading: 4, bottom: 3, trailing: 2)),
                Comp.item(.absolute(60), .absolute(80), edgeSpacing: .init(leading: .fixed(10))),
                Comp.item(.absolute(60), .estimated(80), contentInsets: .init(all: 6))
            ])
        let (p, view) = try Comp.prepare(.init(group: group), counts: [3], scale: scale)
        close(Comp.frame(p, view, 0, 0), 4, 5, 54, 72)
        close(Comp.frame(p, view, 0, 1), 70, 0, 60, 80)
        close(Comp.frame(p, view, 0, 2), 136, 0, 48, 80) // insets across only: the height is estimated
    }

    /// C6, D3: flexible(4) between three 100-wide items in 390: the leftover 390 − 300 − 8 = 82
    /// is shared by the two gaps: 41 each, so gaps of 45: x = 0, 145, 290. A flexible leading
    /// edge shares it too: three flexible places, (390 − 300 − 8)/3 = 27.333…, not rounded again.
    @Test(arguments: [0.0, 3.0])
    func flexibleSpacingSharesTheLeftover(scale: Double) throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(50),
            [Comp.item(.absolute(100), .absolute(50))], spacing: .flexible(4))
        let (p, view) = try Comp.prepare(.init(group: group), counts: [3], scale: scale)
        close(Comp.frame(p, view, 0, 0), 0, 0, 100, 50)
        close(Comp.frame(p, view, 0, 1), 145, 0, 100, 50)
        close(Comp.frame(p, view, 0, 2), 290, 0, 100, 50)

        let edged = Comp.item(.absolute(100), .absolute(50), edgeSpacing: .init(leading: .flexible(0)))
        let group2 = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [edged], count: 3, spacing: .flexible(4))
        // count 3: slots (390 − 8)/3 = 127.333…; no leftover remains to share.
        let (q, v2) = try Comp.prepare(.init(group: group2), counts: [3], scale: scale)
        let w = scale == 3 ? third(382.0 / 3) : 382.0 / 3
        close(Comp.frame(q, v2, 0, 1), w + 4, 0, w, 50)
    }

    /// C7: a nested vertical group of two 50-high items beside a 100 × 100 item; the nested
    /// group's contentInsets (5 all round) shrink its children's container: the items are
    /// fractionalWidth 1 of 80 − 10 = 70, at x = 100 + 5.
    @Test(arguments: [0.0, 3.0])
    func nestedGroups(scale: Double) throws {
        let nested = Comp.group(
            .vertical, .absolute(80), .fractionalHeight(1),
            [Comp.item(.fractionalWidth(1), .absolute(50))], contentInsets: .init(all: 5))
        let group = Comp.group(
            .horizontal, .absolute(180), .absolute(110),
            [Comp.item(.absolute(100), .absolute(100)), .group(nested)])
        let (p, view) = try Comp.prepare(.init(group: group), counts: [4], scale: scale)
        close(Comp.frame(p, view, 0, 0), 0, 0, 100, 100)
        close(Comp.frame(p, view, 0, 1), 105, 5, 70, 50)
        close(Comp.frame(p, view, 0, 2), 105, 55, 70, 50)
        close(Comp.frame(p, view, 0, 3), 0, 110, 100, 100) // k = 3: the next instance
        #expect(p.contentSize.height == 220)
    }

    /// A custom group holds as many items as it has frames, at those frames relative to the
    /// group's origin; C14 snaps them.
    @Test(arguments: [0.0, 3.0])
    func customGroups(scale: Double) throws {
        let frames = [Rect(x: 10, y: 10, width: 100.25, height: 100), Rect(x: 200, y: 0, width: 50, height: 50)]
        let group = Comp.group(.custom(frames: frames), .fractionalWidth(1), .absolute(120))
        let (p, view) = try Comp.prepare(.init(group: group), counts: [3], scale: scale)
        close(Comp.frame(p, view, 0, 0), 10, 10, scale == 3 ? third(100.25) : 100.25, 100)
        close(Comp.frame(p, view, 0, 1), 200, 0, 50, 50)
        close(Comp.frame(p, view, 0, 2), 10, 130, scale == 3 ? third(100.25) : 100.25, 100)
    }

    /// C14: slot sizes snap and positions accumulate the snapped sizes plus spacing, the
    /// remainder staying at the trailing end: seven items of fractionalWidth 1/7 in 390 are
    /// 55.714…; at scale 3 each snaps to 167/3 = 55.667, so item 6 ends at 7·167/3 = 389.667.
    @Test func snappingAccumulatesSnappedSizes() throws {
        let group = Comp.group(
            .horizontal, .fractionalWidth(1), .absolute(10),
            [Comp.item(.absolute(1), .fractionalHeight(1))], count: 7)
        let (p, view) = try Comp.prepare(.init(group: group), counts: [7], scale: 3)
        close(Comp.frame(p, view, 0, 6), 6 * 167.0 / 3, 0, 167.0 / 3, 10)
        let (q, v0) = try Comp.prepare(.init(group: group), counts: [7], scale: 0)
        close(Comp.frame(q, v0, 0, 6), 6 * (390.0 / 7), 0, 390.0 / 7, 10)
    }
}
