import Testing
@testable import LayoutEngine
@testable import LayoutService

/// A group's plan costs what the items need, and sections defined alike share one
/// (issue 20: a count group of 100,000 slots cost ~18 MB per section whatever its items).
@Suite("Compositional: plans bounded by items and shared")
struct CompositionalPlanBoundTests {
    typealias Group = CompositionalLayout.Group
    typealias Element = CompositionalLayout.Element

    static let hugeCount =
        #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"count":100000,"subitems":[{"size":{"width":{"absolute":1},"height":{"fractionalHeight":1}}}]}}"#

    /// 50 sections of 10 items with a count group of 100,000 slots: one plan, ~10 slots of it.
    @Test func aHugeCountGroupPlansOnlyTheSlotsItemsUse() throws {
        let (p, view) = try Comp.prepare(Comp.body(section: Self.hugeCount, counts: Array(repeating: 10, count: 50)))
        let first = p.sections[0].template.plan
        #expect(first.leafCount == 100_000) // C8 still counts the group's k
        #expect(first.explicitLeafCount == 10)
        #expect(p.sections[0].template.leaves.count == 10)
        for section in p.sections { #expect(section.template.plan === first) }
        // C4 by hand: 390 wide, 100,000 slots of 390/100,000 = 0.0039; item 9 at x = 9 · 0.0039.
        let frame = try #require(p.attributesForItem(at: IndexPath(section: 49, item: 9), view: view)?.frame)
        #expect(abs(frame.minX - 9 * 0.0039) < 1e-9 && abs(frame.width - 0.0039) < 1e-12)
    }

    /// Overrides defined alike in different sections (different JSON paths) share a plan too;
    /// a section with more items than a shared plan covers gets a larger one of its own.
    @Test func sectionsDefinedAlikeShareAPlanWhateverTheirPath() throws {
        let json = Comp.body(
            section: Self.hugeCount, counts: [3, 7, 3, 20],
            sectionLayouts: [1: Self.hugeCount, 2: Self.hugeCount, 3: Self.hugeCount])
        let (p, _) = try Comp.prepare(json)
        let plans = p.sections.map(\.template.plan)
        #expect(plans[0].explicitLeafCount == 3)
        #expect(plans[1].explicitLeafCount == 7 && plans[1] !== plans[0])
        #expect(plans[2] === plans[1]) // 3 items: the plan of 7 serves
        #expect(plans[3].explicitLeafCount == 20)
    }

    /// An update shares the plans of the layout it updates: inserting sections defined like
    /// the others plans nothing new.
    @Test func anUpdateReusesThePlansItHas() throws {
        let (p, view) = try Comp.prepare(Comp.body(section: Self.hugeCount, counts: [10, 10]))
        var sections = p.sections.map { _ in SectionData(itemCount: 10) }
        sections.append(SectionData(itemCount: 5))
        let hint = LayoutUpdateHint(unchangedSourceSection: [0, 1, nil], unchangedPrefix: [0, 0, 0])
        let updated = try #require(
            try p.updated(to: DataSource(sections: sections), hint: hint, view: view)
                as? PreparedCompositionalLayout)
        #expect(updated.sections[2].template.plan === p.sections[0].template.plan)
    }

    // MARK: A cut plan places like a whole one

    /// For random groups (count and repeating, nested, flexible and fixed spacing, edge
    /// spacing, groups estimated along and across) and item limits, the plan cut at the
    /// limit places its slots, sites and group size exactly as the whole plan does, unmeasured
    /// and with measured sizes (C15), and both refuse the same groups the same way.
    @Test(arguments: [0.0, 3.0])
    func aCutPlanPlacesLikeTheWholeOne(scale: Double) throws {
        var r = UpdateInvariantTests.Random(state: 2020 + UInt64(scale))
        let grid = PixelGrid(scale: scale)
        var compared = 0
        for round in 0..<400 {
            let group = Self.randomGroup(&r, depth: 0)
            let slot = grid.snap(Size(width: Double(200 + r.below(300)), height: Double(100 + r.below(400))))
            let limit = r.below(30)
            let whole: GroupPlan, cut: GroupPlan
            do {
                whole = try GroupPlan.make(group, slot: slot, grid: grid)
            } catch {
                #expect(throws: LayoutError.self) { try GroupPlan.make(group, slot: slot, grid: grid, leafLimit: limit) }
                continue
            }
            cut = try GroupPlan.make(group, slot: slot, grid: grid, leafLimit: limit)
            #expect(cut.leafCount == whole.leafCount, "round \(round)")
            #expect(cut.explicitLeafCount >= min(limit, whole.leafCount), "round \(round)")
            let a = GroupTemplate(plan: whole, slot: slot, grid: grid), b = GroupTemplate(plan: cut, slot: slot, grid: grid)
            #expect(a.groupSize == b.groupSize, "round \(round): \(a.groupSize) vs \(b.groupSize)")
            #expect(Array(a.leaves.prefix(b.leaves.count)) == b.leaves, "round \(round)")
            // Measured sizes for the items an instance of `held` items holds.
            let held = min(limit, whole.leafCount)
            let sizes = (0..<held).map { _ in
                r.below(3) == 0
                    ? Size(width: .nan, height: .nan)
                    : Size(width: Double(5 + r.below(60)), height: Double(5 + r.below(60)))
            }
            var pa = GroupPlacement(grid: grid), pb = GroupPlacement(grid: grid)
            pa.reset(measuring: sizes, first: 0, held: held)
            pb.reset(measuring: sizes, first: 0, held: held)
            let sa = pa.place(whole, origin: .zero, slot: slot), sb = pb.place(cut, origin: .zero, slot: slot)
            #expect(sa == sb, "round \(round) measured: \(sa) vs \(sb)")
            #expect(Array(pa.leaves.prefix(held)) == Array(pb.leaves.prefix(held)), "round \(round) measured")
            compared += 1
        }
        #expect(compared > 150) // most random groups are valid: the comparison ran
    }

    /// Found by the test above: placement measured a nested estimated group while pushing its
    /// parent's child sizes and popped the parent's origin stack at the wrong depth, so every
    /// nested group after the first was placed at a stale origin (or the process trapped).
    /// Five groups (C7) estimated across, each of ten count slots (C4), in a 476-wide
    /// horizontal group with flexible spacing 1 (C6): each group is 8 wide (its item's
    /// fractionalWidth 0.1 of 80, C15), so 5 · (2.5 + 8) + 4 · 1 = 56.5 is used and each of the
    /// 4 flexible gaps gets (476 − 56.5) / 4 = 104.875 more. Group 1's first item (inset 1)
    /// is at x = 2.5 + 8 + 1 + 104.875 + 2.5 + 1 = 119.875; group 0's ten all at x = 3.5.
    @Test func nestedEstimatedGroupsAfterTheFirstArePlacedAtTheirOwnOrigin() throws {
        typealias C = CompositionalLayout
        var item = C.Item(size: .init(width: .fractionalWidth(0.1), height: .absolute(19)))
        item.contentInsets = .init(all: 1)
        item.edgeSpacing = .init(top: .flexible(2))
        var column = C.Group(
            axis: .vertical, size: .init(width: .estimated(80), height: .absolute(64)),
            subitems: [.item(item)], count: 10)
        column.edgeSpacing = .init(leading: .fixed(2.5), top: .fixed(0.5))
        var row = C.Group(
            axis: .horizontal, size: .init(width: .fractionalWidth(1), height: .absolute(59)),
            subitems: [.group(column)])
        row.interItemSpacing = .flexible(1)
        let slot = Size(width: 476, height: 221)
        let template = GroupTemplate(
            plan: try GroupPlan.make(row, slot: slot, grid: PixelGrid(scale: 0)), slot: slot,
            grid: PixelGrid(scale: 0))
        #expect(template.leaves.count == 50)
        #expect(template.leaves.prefix(10).allSatisfy { $0.minX == 3.5 })
        #expect(template.leaves[10].minX == 119.875)
        #expect(template.leaves[0].minY == template.leaves[10].minY)
    }

    static func dimension(_ r: inout UpdateInvariantTests.Random, fractional: Bool) -> CompositionalLayout.Dimension {
        switch r.below(4) {
        case 0: .absolute(Double(3 + r.below(40)) + 0.25 * Double(r.below(4)))
        case 1: .estimated(Double(3 + r.below(40)))
        default: fractional ? .fractionalWidth(Double(1 + r.below(5)) / 10) : .absolute(Double(4 + r.below(30)))
        }
    }

    static func spacing(_ r: inout UpdateInvariantTests.Random) -> CompositionalLayout.Spacing? {
        switch r.below(3) {
        case 0: nil
        case 1: .fixed(Double(r.below(6)) * 0.5)
        default: .flexible(Double(r.below(4)))
        }
    }

    static func randomElement(_ r: inout UpdateInvariantTests.Random, depth: Int) -> Element {
        if depth < 2, r.below(4) == 0 { return .group(randomGroup(&r, depth: depth + 1)) }
        let edges = CompositionalLayout.EdgeSpacing(
            leading: r.below(3) == 0 ? spacing(&r) : nil, top: spacing(&r),
            trailing: r.below(3) == 0 ? spacing(&r) : nil, bottom: nil)
        var item = CompositionalLayout.Item(
            size: .init(width: dimension(&r, fractional: true), height: dimension(&r, fractional: false)))
        item.contentInsets = .init(all: Double(r.below(3)))
        item.edgeSpacing = edges
        return .item(item)
    }

    static func randomGroup(_ r: inout UpdateInvariantTests.Random, depth: Int) -> Group {
        let count: Int? = r.below(2) == 0 ? 1 + r.below(depth == 0 ? 300 : 12) : nil
        let subitems = (0..<(count == nil ? 1 + r.below(3) : 1)).map { _ in randomElement(&r, depth: depth) }
        let width: CompositionalLayout.Dimension = depth == 0 ? .fractionalWidth(1) : (r.below(3) == 0 ? .estimated(80) : .fractionalWidth(0.5))
        let height: CompositionalLayout.Dimension = r.below(3) == 0 ? .estimated(30) : .absolute(Double(40 + r.below(60)))
        var group = Group(
            axis: r.below(2) == 0 ? .horizontal : .vertical, size: .init(width: width, height: height),
            subitems: subitems, count: count, path: "g\(depth)")
        group.interItemSpacing = spacing(&r)
        group.contentInsets = .init(all: Double(r.below(2)))
        group.edgeSpacing = .init(leading: spacing(&r), top: spacing(&r))
        return group
    }
}
