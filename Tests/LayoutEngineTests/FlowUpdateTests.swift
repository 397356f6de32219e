import Testing
@testable import LayoutEngine

/// The update invariant: `updated(to:hint:view:)` answers every query exactly as a fresh
/// `prepare` of the new data source does, for random data sources and random batch edits
/// whose hints come from a simple edit model.
@Suite struct FlowUpdateTests {
    /// One section of the edit model: its items (nil = gives no size), where it came from
    /// and what the batch did to it.
    struct ModelSection {
        var items: [Size?]
        var overrides: [String: ParameterValue]
        /// The old section it is; nil when inserted by the batch.
        var origin: Int?
        var touched = false
        /// Items before this index are unchanged, in place.
        var prefix = Int.max

        var data: SectionData { sized(items, overrides) }
    }

    static let pool: [Size?] = [S(50, 50), S(30, 40), S(0, 0), S(120, 45), S(400, 10), S(61.3, 17), nil]

    static func model(of sections: [SectionData]) -> [ModelSection] {
        sections.enumerated().map { index, s in
            ModelSection(
                items: (0..<s.itemCount).map { s.size(at: $0) }, overrides: s.overrides.values,
                origin: index)
        }
    }

    static func randomItem(_ rng: inout SeededRandom, like section: ModelSection) -> Size? {
        // Keep sections without sizes mostly so, and uniform ones often uniform.
        if section.items.allSatisfy({ $0 == nil }) && rng.chance(0.7) { return nil }
        if let first = section.items.first, rng.chance(0.4) { return first }
        return rng.pick(pool)
    }

    static func randomSection(_ rng: inout SeededRandom) -> ModelSection {
        let n = rng.int(0...30)
        var items: [Size?]
        switch rng.int(0...2) {
        case 0: items = Array(repeating: nil, count: n)
        case 1: items = Array(repeating: rng.pick(pool), count: n)
        default: items = (0..<n).map { _ in rng.pick(pool) }
        }
        var overrides: [String: ParameterValue] = [:]
        if rng.chance(0.3) { overrides["itemSize"] = .size(rng.pick([S(70, 20), S(10, 90)])) }
        return ModelSection(items: items, overrides: overrides, origin: nil, touched: true, prefix: 0)
    }

    /// A random batch: item inserts, deletes and replacements, section inserts, deletes and
    /// moves, and now and then new overrides for a section.
    static func edit(_ model: inout [ModelSection], _ rng: inout SeededRandom) {
        for _ in 0..<rng.int(1...4) {
            let op = rng.int(0...9)
            if model.isEmpty || op == 7 {
                model.insert(randomSection(&rng), at: rng.int(0...model.count))
                continue
            }
            let s = rng.int(0...model.count - 1)
            var section = model[s]
            let n = section.items.count
            switch op {
            case 0, 1: // insert items
                let at = rng.int(0...n)
                for k in 0..<rng.int(1...3) { section.items.insert(randomItem(&rng, like: section), at: at + k) }
                section.prefix = min(section.prefix, at)
            case 2: // append items (the common case)
                for _ in 0..<rng.int(1...5) { section.items.append(randomItem(&rng, like: section)) }
                section.prefix = min(section.prefix, n)
            case 3: // delete items
                guard n > 0 else { continue }
                let at = rng.int(0...n - 1)
                section.items.removeSubrange(at..<min(n, at + rng.int(1...3)))
                section.prefix = min(section.prefix, at)
            case 4: // replace an item (perhaps by an equal one)
                guard n > 0 else { continue }
                let at = rng.int(0...n - 1)
                section.items[at] = randomItem(&rng, like: section)
                section.prefix = min(section.prefix, at)
            case 5: // delete the section
                model.remove(at: s)
                continue
            case 6: // move the section
                model.remove(at: s)
                model.insert(section, at: rng.int(0...model.count))
                continue
            case 8: // new overrides: touched, items unchanged
                section.overrides["minimumInteritemSpacing"] = .number(rng.pick([0, 3, 25]))
            default: // reported touched though nothing changed
                break
            }
            section.touched = true
            model[s] = section
        }
    }

    /// The hint the edit model implies; prefixes are sometimes understated ("0 when unknown").
    static func hint(_ model: [ModelSection], _ rng: inout SeededRandom) -> LayoutUpdateHint {
        LayoutUpdateHint(
            unchangedSourceSection: model.map { $0.touched ? nil : $0.origin },
            unchangedPrefix: model.map { s in
                guard s.touched, s.origin != nil else { return 0 }
                let exact = min(s.prefix, s.items.count)
                return rng.chance(0.2) ? rng.int(0...exact) : exact
            })
    }

    /// Element lists equal, frames equal bit for bit (so −0 and 0 differ).
    static func same(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        a == b && zip(a, b).allSatisfy { bits($0.frame) == bits($1.frame) }
    }

    static func same(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> Bool {
        a == b && a.map { bits($0.frame) } == b.map { bits($0.frame) }
    }

    static func bits(_ r: Rect) -> [UInt64] {
        [r.origin.x.bitPattern, r.origin.y.bitPattern, r.size.width.bitPattern, r.size.height.bitPattern]
    }

    /// Every query of `updated` against `fresh`; returns false (after recording) on the first
    /// difference.
    static func expectSame(
        _ updated: any PreparedLayout, _ fresh: any PreparedLayout, sections: [SectionData],
        view v: ViewContext, _ rng: inout SeededRandom, _ context: String
    ) -> Bool {
        func check(_ ok: Bool, _ what: @autoclosure () -> String) -> Bool {
            if !ok { Issue.record("\(context): \(what())") }
            return ok
        }
        guard
            check(
                bits(Rect(origin: .zero, size: updated.contentSize)) == bits(Rect(origin: .zero, size: fresh.contentSize)),
                "content size \(updated.contentSize) vs \(fresh.contentSize)")
        else { return false }
        var other = v
        other.contentOffset = FlowPropertyTests.randomOffset(&rng)
        for q in [v, other] {
            let all = fresh.elements(in: nil, view: q)
            guard check(same(updated.elements(in: nil, view: q), all), "all elements") else { return false }
            for rect in FlowPropertyTests.randomRects(&rng, all: all, content: fresh.contentSize) {
                guard
                    check(
                        same(updated.elements(in: rect, view: q), fresh.elements(in: rect, view: q)),
                        "rect \(rect)")
                else { return false }
            }
            for (s, section) in sections.enumerated() {
                for i in -1...section.itemCount {
                    let path = IP(s, i)
                    guard
                        check(
                            same(updated.attributesForItem(at: path, view: q), fresh.attributesForItem(at: path, view: q)),
                            "item \(path)")
                    else { return false }
                }
            }
            for s in -1...sections.count {
                for kind in ["header", "footer", "other"] {
                    let a = updated.attributesForSupplementaryView(kind: kind, at: IP(s, 0), view: q)
                    let b = fresh.attributesForSupplementaryView(kind: kind, at: IP(s, 0), view: q)
                    guard check(same(a, b), "\(kind) \(s)") else { return false }
                }
            }
            let proposed = FlowPropertyTests.randomOffset(&rng)
            guard
                check(
                    updated.targetContentOffset(proposed: proposed, velocity: .zero, view: q)
                        == fresh.targetContentOffset(proposed: proposed, velocity: .zero, view: q),
                    "target offset")
            else { return false }
        }
        return check(
            updated.invalidation(from: v, to: other) == fresh.invalidation(from: v, to: other),
            "invalidation")
    }

    /// Random layouts (both directions, pinning, rounding, quirks, negative spacing, empty
    /// bounds), random batches, and chains of batches: updated == prepared.
    @Test func updateEqualsPrepare() throws {
        var rng = SeededRandom(seed: 0xF10E_0DA7)
        for caseIndex in 0..<400 {
            var c = FlowPropertyTests.randomCase(&rng)
            if rng.chance(0.3) { c.parameters.estimatedItemSize = rng.pick([S(60, 30), S(0, 0), S(100.5, 44)]) }
            let layout = FlowLayout(c.parameters)
            var model = Self.model(of: c.sections)
            var current = try layout.prepareFlow(DataSource(sections: model.map(\.data)), view: c.view)
            for step in 0..<rng.int(1...3) {
                for k in model.indices {
                    model[k].origin = k
                    model[k].touched = false
                    model[k].prefix = .max
                }
                Self.edit(&model, &rng)
                let hint = Self.hint(model, &rng)
                let sections = model.map(\.data)
                let source = DataSource(sections: sections)
                let fresh = try layout.prepareFlow(source, view: c.view)
                let updated = try current.updatedFlow(to: source, hint: hint, view: c.view)
                guard
                    Self.expectSame(
                        updated, fresh, sections: sections, view: c.view, &rng,
                        "case \(caseIndex) step \(step)")
                else { return }
                current = updated
            }
        }
    }

    /// Sections of thousands of items, so kept prefixes end inside and at the edges of the
    /// 4,096-element chunks; long lines (small items) and one item per line.
    @Test func updateEqualsPrepareAcrossChunks() throws {
        var rng = SeededRandom(seed: 0xC4C4)
        for caseIndex in 0..<24 {
            var p = FlowParameters()
            p.scrollDirection = rng.pick(ScrollDirection.allCases)
            p.minimumLineSpacing = rng.pick([10, 0, -3])
            p.minimumInteritemSpacing = rng.pick([10, 0, 2.5])
            p.headerReferenceSize = rng.pick([.zero, S(20, 20)])
            p.sectionHeadersPinToVisibleBounds = rng.chance(0.5)
            p.uikitQuirks = rng.chance(0.7)
            let small: [Size?] = [S(3, 4), S(5, 2), S(4, 4), nil]
            let wide: [Size?] = [S(300, 5), S(310, 6), S(400, 3)]
            var sections: [SectionData] = []
            for _ in 0..<rng.int(1...3) {
                let n = rng.pick([4_095, 4_096, 4_097, 9_000, 12_289])
                let choices = rng.chance(0.5) ? small : wide
                sections.append(sized((0..<n).map { _ in rng.pick(choices) }))
            }
            let v = view(320, 480, scale: rng.pick([0, 2]))
            let layout = FlowLayout(p)
            var model = Self.model(of: sections)
            let before = try layout.prepareFlow(DataSource(sections: sections), view: v)
            // One edit per batch, at a position near a chunk edge or near the end.
            let s = rng.int(0...model.count - 1)
            let n = model[s].items.count
            let at = min(n, rng.pick([4_095, 4_096, 4_097, 8_191, 8_192, n - 1, n, 1, 0].map { max(0, $0) }))
            switch rng.int(0...2) {
            case 0: model[s].items.insert(rng.pick(small), at: at)
            case 1: if at < n { model[s].items.remove(at: at) }
            default: model[s].items.append(contentsOf: Array(repeating: rng.pick(wide), count: rng.int(1...50)))
            }
            model[s].touched = true
            model[s].prefix = at
            let hint = Self.hint(model, &rng)
            let new = model.map(\.data)
            let fresh = try layout.prepareFlow(DataSource(sections: new), view: v)
            let updated = try before.updatedFlow(to: DataSource(sections: new), hint: hint, view: v)
            guard Self.expectSame(updated, fresh, sections: new, view: v, &rng, "chunk case \(caseIndex)") else { return }
        }
    }

    /// The line layout updates through the flow layout and zooms the same.
    @Test func lineLayoutUpdateEqualsPrepare() throws {
        var rng = SeededRandom(seed: 0x11AE)
        for caseIndex in 0..<100 {
            let c = FlowPropertyTests.randomCase(&rng)
            var p = LineLayout.Parameters()
            if rng.chance(0.5) { p.flow = c.parameters }
            let layout = LineLayout(p)
            var model = Self.model(of: c.sections)
            let before = try layout.prepare(DataSource(sections: c.sections), view: c.view)
            Self.edit(&model, &rng)
            let hint = Self.hint(model, &rng)
            let sections = model.map(\.data)
            let fresh = try layout.prepare(DataSource(sections: sections), view: c.view)
            let updatable = try #require(before as? any IncrementallyUpdatable)
            let updated = try updatable.updated(to: DataSource(sections: sections), hint: hint, view: c.view)
            #expect(updated is PreparedLineLayout)
            guard Self.expectSame(updated, fresh, sections: sections, view: c.view, &rng, "line case \(caseIndex)") else { return }
        }
    }
}

extension FlowUpdateTests {
    /// A view that changes D, the scale or empty bounds, or that prepare rejects, falls
    /// back to prepare: the result is the new view's layout, or prepare's error.
    @Test func viewChangesFallBackToPrepare() throws {
        let sections = [sized([S(50, 50), S(60, 40), S(100, 20)]), counted(7)]
        let layout = FlowLayout(FlowParameters())
        let before = try layout.prepareFlow(DataSource(sections: sections), view: view(320, 480))
        let hint = LayoutUpdateHint(unchangedSourceSection: [0, 1], unchangedPrefix: [0, 0])
        var rng = SeededRandom(seed: 3)
        for v in [
            view(200, 480), view(320, 480, scale: 2), view(320, 0), view(0, 0),
            view(320, 480, inset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)),
            view(320, 900, offset: Point(x: 0, y: 300))
        ] {
            let updated = try before.updatedFlow(to: DataSource(sections: sections), hint: hint, view: v)
            let fresh = try layout.prepareFlow(DataSource(sections: sections), view: v)
            #expect(Self.expectSame(updated, fresh, sections: sections, view: v, &rng, "view \(v)"))
        }
        let bad = view(-1, 480)
        #expect(throws: LayoutError.self) {
            _ = try before.updatedFlow(to: DataSource(sections: sections), hint: hint, view: bad)
        }
    }

    /// A touched section with a bad size throws what prepare throws, naming the same field;
    /// the first bad section in order wins, as in prepare.
    @Test func updateRejectsWhatPrepareRejects() throws {
        let layout = FlowLayout(FlowParameters())
        let old = [sized([S(50, 50), S(60, 40)]), sized([S(10, 10), S(20, 20)])]
        let before = try layout.prepareFlow(DataSource(sections: old), view: view(320, 480))
        let new = [sized([S(50, 50), S(60, 40), S(-1, 5)]), sized([S(10, 10), S(20, .infinity)])]
        let hint = LayoutUpdateHint(unchangedSourceSection: [nil, nil], unchangedPrefix: [2, 1])
        var expected: LayoutError? = nil
        do { _ = try layout.prepareFlow(DataSource(sections: new), view: view(320, 480)) } catch { expected = error }
        #expect(expected?.field == "dataSource.sections[0].items[2].size")
        #expect(throws: expected!) {
            _ = try before.updatedFlow(to: DataSource(sections: new), hint: hint, view: view(320, 480))
        }
    }

    /// What is kept: an untouched section's content is shared as it is (moved sections only
    /// shift), and a touched mixed section shares its lines' chunks before the edit.
    @Test func updateSharesUnchangedStorage() throws {
        let layout = FlowLayout(FlowParameters())
        let big = sized((0..<10_000).map { i in S(Double(40 + i % 7), 30) })
        let before = try layout.prepareFlow(DataSource(sections: [counted(3), big]), view: view(320, 480))
        var items = (0..<10_000).map { i in Optional(S(Double(40 + i % 7), 30)) }
        items.insert(S(45, 31), at: 9_990)
        // Section 0 moves behind the touched section.
        let new = [sized(items), counted(3)]
        let hint = LayoutUpdateHint(unchangedSourceSection: [nil, 0], unchangedPrefix: [9_990, 0])
        let after = try before.updatedFlow(to: DataSource(sections: new), hint: hint, view: view(320, 480))
        guard case .mixed(let old) = before.sections[1].cells, case .mixed(let now) = after.sections[0].cells else {
            Issue.record("expected mixed sections")
            return
        }
        // 10,000 items in chunks of 4,096: the first two chunks are the same buffers.
        for k in 0..<2 {
            let a = old.itemCross.chunks[k].withUnsafeBufferPointer { $0.baseAddress }
            let b = now.itemCross.chunks[k].withUnsafeBufferPointer { $0.baseAddress }
            #expect(a == b)
        }
        #expect(after.sections[1].start == after.sections[0].end)
        var rng = SeededRandom(seed: 9)
        let fresh = try layout.prepareFlow(DataSource(sections: new), view: view(320, 480))
        #expect(Self.expectSame(after, fresh, sections: new, view: view(320, 480), &rng, "shared"))
    }
}

extension FlowUpdateTests {
    /// A kept line whose items run backwards stays known as such. D = 320, g = −5: line 0
    /// holds six 0-wide items and five 65s (room 320 → 350 after the zeros, then −60 each
    /// down to 50), S = 325, justified gap (320 − 325)/10 = −0.5, so x = 0, −0.5, …, −3:
    /// not ascending. Later lines hold five 65s, ascending. After an insert at the end, a
    /// rect at x −0.6…−0.4 on line 0 must still find item 1 (at −0.5) and item 6 (−3…62);
    /// a binary search over line 0 would start at item 6.
    @Test func keptUnsortedLineStaysUnsorted() throws {
        let p = FlowParameters(minimumInteritemSpacing: -5)
        let layout = FlowLayout(p)
        let old: [Size?] = Array(repeating: S(0, 10), count: 6) + Array(repeating: S(65, 10), count: 5 + 5 * 40)
        var new = old
        new.append(S(30, 10))
        let before = try layout.prepareFlow(DataSource(sections: [sized(old)]), view: view(320, 480))
        let hint = LayoutUpdateHint(unchangedSourceSection: [nil], unchangedPrefix: [old.count])
        let after = try before.updatedFlow(to: DataSource(sections: [sized(new)]), hint: hint, view: view(320, 480))
        let fresh = try layout.prepareFlow(DataSource(sections: [sized(new)]), view: view(320, 480))
        let rect = R(-0.6, 0, 0.2, 5)
        #expect(fresh.names(in: rect) == ["c0.1", "c0.6"])
        #expect(after.names(in: rect) == ["c0.1", "c0.6"])
        var rng = SeededRandom(seed: 5)
        #expect(Self.expectSame(after, fresh, sections: [sized(new)], view: view(320, 480), &rng, "unsorted"))
    }
}

extension FlowUpdateTests {
    /// The hint does not say which old section a touched one was. Two touched sections that
    /// also swapped places are paired in order with the wrong old sections; their prefixes
    /// then differ, so nothing is resumed from them and the result is still prepare's.
    @Test func touchedSectionsThatSwappedAreNotConfused() throws {
        let layout = FlowLayout(FlowParameters())
        let a: [Size?] = (0..<60).map { S(Double(40 + $0 % 5), 30) }
        let b: [Size?] = (0..<60).map { S(Double(90 + $0 % 3), Double(20 + $0 % 4)) }
        let before = try layout.prepareFlow(DataSource(sections: [sized(a), sized(b)]), view: view(320, 480))
        let new = [sized(b + [S(10, 10)]), sized(a + [S(10, 10)])]
        let hint = LayoutUpdateHint(unchangedSourceSection: [nil, nil], unchangedPrefix: [60, 60])
        #expect(before.resumeSources(hint).map { $0?.old } == [0, 1]) // the wrong pairs
        let after = try before.updatedFlow(to: DataSource(sections: new), hint: hint, view: view(320, 480))
        let fresh = try layout.prepareFlow(DataSource(sections: new), view: view(320, 480))
        var rng = SeededRandom(seed: 11)
        #expect(Self.expectSame(after, fresh, sections: new, view: view(320, 480), &rng, "swapped"))
    }
}
