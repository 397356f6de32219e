import Testing
@testable import LayoutEngine

/// Invariants over seeded random layouts: both directions, uniform and mixed sections,
/// overrides, negative spacing and insets, pinning, rounding, empty bounds.
@Suite struct FlowPropertyTests {
    struct Case {
        var parameters: FlowParameters
        var sections: [SectionData]
        var view: ViewContext
    }

    static func randomCase(_ rng: inout SeededRandom) -> Case {
        var p = FlowParameters()
        p.scrollDirection = rng.pick(ScrollDirection.allCases)
        p.itemSize = rng.pick([S(50, 50), S(30, 40), S(0, 0), S(100.5, 20.25), S(320.0 / 3, 33), S(250, 60)])
        p.minimumInteritemSpacing = rng.pick([10, 0, 5.5, -5, 10, 10])
        p.minimumLineSpacing = rng.pick([10, 0, 7.25, -10, 10, -70])
        p.sectionInset = rng.pick([
            .zero, EdgeInsets(top: 5, left: 10, bottom: 15, right: 20),
            EdgeInsets(top: -5, left: -3, bottom: 2, right: 0), .zero
        ])
        p.headerReferenceSize = rng.pick([.zero, S(30, 30), S(0, 25.5), S(17, 0)])
        p.footerReferenceSize = rng.pick([.zero, S(20, 20), S(12.75, 0), S(0, 40)])
        p.sectionHeadersPinToVisibleBounds = rng.chance(0.5)
        p.sectionFootersPinToVisibleBounds = rng.chance(0.5)
        p.uikitQuirks = rng.chance(0.7)

        let pool: [Size?] = [S(50, 50), S(30, 40), S(0, 0), S(120, 45), S(400, 10), S(61.3, 17), nil]
        var sections: [SectionData] = []
        for _ in 0..<rng.int(0...5) {
            var overrides: [String: ParameterValue] = [:]
            if rng.chance(0.3) { overrides["itemSize"] = .size(rng.pick([S(70, 20), S(10, 90), S(0, 5)])) }
            if rng.chance(0.2) { overrides["minimumLineSpacing"] = .number(rng.pick([0, 3, -2])) }
            if rng.chance(0.2) { overrides["minimumInteritemSpacing"] = .number(rng.pick([0, 25, -4])) }
            if rng.chance(0.2) { overrides["sectionInset"] = .insets(EdgeInsets(top: 3, left: 8, bottom: 0, right: -6)) }
            if rng.chance(0.2) { overrides["headerReferenceSize"] = .size(rng.pick([S(0, 0), S(44, 44)])) }
            if rng.chance(0.2) { overrides["footerReferenceSize"] = .size(rng.pick([S(0, 0), S(15, 15)])) }
            let n = rng.int(0...40)
            switch rng.int(0...3) {
            case 0: sections.append(counted(n, overrides))
            case 1: // all equal: uniform through the delegate path (R3)
                let s = rng.pick(pool)
                sections.append(sized(Array(repeating: s, count: n), overrides))
            case 2: // Q3: leading zeros, then equal
                let s = rng.pick(pool)
                sections.append(sized(Array(repeating: S(0, 0), count: rng.int(0...3)) + Array(repeating: s, count: n), overrides))
            default:
                sections.append(sized((0..<n).map { _ in rng.pick(pool) }, overrides))
            }
        }
        let bounds = rng.pick([S(320, 480), S(480, 320), S(200, 200), S(57.3, 91), S(320, 0), S(150, 700)])
        let inset = rng.pick([EdgeInsets.zero, EdgeInsets(top: 20, left: 5, bottom: 10, right: 5), .zero])
        let v = ViewContext(
            bounds: bounds, contentOffset: randomOffset(&rng), contentInset: inset,
            scale: rng.pick([0, 0, 1, 2, 3]))
        return Case(parameters: p, sections: sections, view: v)
    }

    static func randomOffset(_ rng: inout SeededRandom) -> Point {
        Point(
            x: Double(rng.int(-100...1500)) + rng.pick([0, 0.25, 0.5]),
            y: Double(rng.int(-100...1500)) + rng.pick([0, 0.25, 0.5]))
    }

    /// Random rects, and rects built from element edges so that touching cases are common.
    static func randomRects(_ rng: inout SeededRandom, all: [LayoutAttributes], content: Size) -> [Rect] {
        var rects: [Rect] = []
        for _ in 0..<12 {
            let x = Double(rng.int(-60...Int(content.width) + 60)) + rng.pick([0, 0.5, 1.0 / 3])
            let y = Double(rng.int(-60...Int(content.height) + 60)) + rng.pick([0, 0.5, 1.0 / 3])
            let w = rng.chance(0.15) ? 0 : Double(rng.int(0...400))
            let h = rng.chance(0.15) ? 0 : Double(rng.int(0...400))
            rects.append(R(x, y, w, h))
        }
        for _ in 0..<8 where !all.isEmpty {
            let f = rng.pick(all).frame
            switch rng.int(0...4) {
            case 0: rects.append(f)
            case 1: rects.append(R(f.maxX, f.minY, Double(rng.int(0...100)), f.height))
            case 2: rects.append(R(f.minX, f.maxY, f.width, Double(rng.int(0...100))))
            case 3: rects.append(R(f.minX - 30, f.minY - 30, 30, 30))
            default: rects.append(R(f.minX, f.minY, 0, f.height))
            }
        }
        return rects
    }

    /// R14: a rect query is exactly the closed-intersection filter of the full list, in the
    /// same (R15) order; single-element queries agree with the full list.
    @Test func rectQueryEqualsBruteForce() throws {
        var rng = SeededRandom(seed: 0x5EED_F10E)
        for caseIndex in 0..<400 {
            let c = Self.randomCase(&rng)
            let f = try prepared(c.parameters, c.sections, c.view)
            // Queries may come with another offset than prepare saw (pinning reads it).
            var q = c.view
            if rng.chance(0.5) { q.contentOffset = Self.randomOffset(&rng) }
            let all = f.elements(in: nil, view: q)
            for rect in Self.randomRects(&rng, all: all, content: f.contentSize) {
                let expected = all.filter { $0.frame.intersects(rect) && !($0.category == .cell && rect.isEmptyArea) }
                let got = f.elements(in: rect, view: q)
                #expect(got == expected, "case \(caseIndex), rect \(rect)")
                if got != expected { return }
            }
            let cells = all.filter { $0.category == .cell }
            let D = FlowAxes(c.parameters.scrollDirection).referenceDimension(c.view)
            let showsCells = D > 0 && c.view.bounds.width > 0 && c.view.bounds.height > 0
            #expect(cells.count == (showsCells ? c.sections.reduce(0) { $0 + $1.itemCount } : 0), "case \(caseIndex)")
            #expect(cells.map(\.indexPath) == cells.map(\.indexPath).sorted(), "case \(caseIndex)")
            for a in all {
                let single =
                    a.category == .cell
                    ? f.attributesForItem(at: a.indexPath, view: q)
                    : f.attributesForSupplementaryView(kind: a.kind, at: a.indexPath, view: q)
                #expect(single == a, "case \(caseIndex) \(a.key)")
            }
        }
    }

    /// R3: a uniform section gives the same frames by count and by equal explicit sizes.
    @Test func uniformByCountEqualsExplicit() throws {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<200 {
            var c = Self.randomCase(&rng)
            c.sections = c.sections.map { counted($0.itemCount, $0.overrides.values) }
            let explicit = c.sections.map { s -> SectionData in
                let size = s.overrides.size("itemSize") ?? c.parameters.itemSize
                return sized(Array(repeating: size, count: s.itemCount), s.overrides.values)
            }
            let a = try prepared(c.parameters, c.sections, c.view)
            let b = try prepared(c.parameters, explicit, c.view)
            #expect(a.elements(in: nil, view: c.view) == b.elements(in: nil, view: c.view))
            #expect(a.contentSize == b.contentSize)
        }
    }

    /// Pinned invalidation lists exactly the headers and footers that moved, at least
    /// among those within the old or new visible rect along the scroll axis.
    @Test func invalidationListsMovedPinnedElements() throws {
        var rng = SeededRandom(seed: 7)
        for caseIndex in 0..<300 {
            var c = Self.randomCase(&rng)
            c.parameters.sectionHeadersPinToVisibleBounds = rng.chance(0.8)
            c.parameters.sectionFootersPinToVisibleBounds = rng.chance(0.8)
            let f = try prepared(c.parameters, c.sections, c.view)
            var new = c.view
            new.contentOffset = Self.randomOffset(&rng)
            if rng.chance(0.3) { new.contentOffset = c.view.contentOffset }
            let listed = Set(f.invalidation(from: c.view, to: new).invalidatedElements)
            let before = f.elements(in: nil, view: c.view).filter { $0.category != .cell }
            let after = Dictionary(uniqueKeysWithValues: f.elements(in: nil, view: new).map { ($0.key, $0.frame) })
            let axes = FlowAxes(c.parameters.scrollDirection)
            func visible(_ r: Rect) -> Bool {
                [c.view.visibleRect, new.visibleRect].contains { v in
                    axes.alongMin(r) <= axes.alongMax(v) && axes.alongMax(r) >= axes.alongMin(v)
                }
            }
            for a in before {
                let moved = after[a.key] != a.frame
                if listed.contains(a.key) { #expect(moved, "case \(caseIndex) \(a.key) listed but did not move") }
                if moved && (visible(a.frame) || visible(after[a.key]!)) {
                    #expect(listed.contains(a.key), "case \(caseIndex) \(a.key) moved but not listed")
                }
            }
        }
    }
}
