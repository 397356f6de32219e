import Testing
import LayoutEngine

/// These tests draw from the shared SplitMix64 (same sequence as before).
typealias IncrementalRandom = SeededRandom

extension SeededRandom {
    mutating func double(_ range: ClosedRange<Double>) -> Double { double(in: range) }
}

/// The update invariant for the waterfall and justified layouts: `updated(to:hint:view:)`
/// answers every query exactly (bit for bit) as a fresh `prepare` of the new data source,
/// for random data sources, random batches with the hints they imply, and chains of batches.
@Suite struct IncrementalWaterfallJustifiedTests {
    /// An item of the edit model: a size, or only an aspect ratio.
    enum Item: Equatable {
        case size(Double, Double)
        case ratio(Double)

        var data: SectionData.Item {
            switch self {
            case let .size(w, h): SectionData.Item(size: Size(width: w, height: h))
            case let .ratio(r): SectionData.Item(aspectRatio: r)
            }
        }
    }

    /// One section of the edit model: its items, overrides, where it came from and what the
    /// batch did to it.
    struct ModelSection {
        var items: [Item]
        var overrides: [String: ParameterValue]
        /// The old section it is; nil when inserted by the batch.
        var origin: Int?
        var touched = false
        /// Items before this index are unchanged, in place.
        var prefix = Int.max

        var data: SectionData { SectionData(items: items.map(\.data), overrides: SectionOverrides(overrides)) }
    }

    /// Which layout a case exercises, with its random parts.
    enum Kind { case waterfall, justified }

    // MARK: Random data

    static func randomItem(_ rng: inout IncrementalRandom, _ kind: Kind) -> Item {
        // Now and then an item the layout rejects, so errors are compared too.
        if rng.chance(0.004) { return kind == .waterfall ? .size(-1, 5) : .ratio(0) }
        switch rng.int(0...9) {
        case 0: return .ratio(rng.pick([1, 0.75, 1.5, 4, rng.double(0.2...5)]))
        case 1: return kind == .waterfall ? .size(0, 10) : .size(100, 100)
        case 2, 3: return .size(rng.pick([100, 200, 61.3]), rng.pick([100, 50, 17.1, 333]))
        default: return .size(rng.double(1...400), rng.double(1...400))
        }
    }

    static func randomOverrides(_ rng: inout IncrementalRandom, _ kind: Kind) -> [String: ParameterValue] {
        var o: [String: ParameterValue] = [:]
        guard rng.chance(0.35) else { return o }
        func insets() -> EdgeInsets {
            EdgeInsets(
                top: rng.double(-5...20), left: rng.double(-5...20),
                bottom: rng.double(-5...20), right: rng.double(-5...20))
        }
        switch kind {
        case .waterfall:
            if rng.chance(0.5) { o["columnCount"] = .number(Double(rng.int(1...5))) }
            if rng.chance(0.3) { o["headerHeight"] = .number(rng.pick([0, 12.5, rng.double(0...40)])) }
            if rng.chance(0.3) { o["footerHeight"] = .number(rng.pick([0, 7, rng.double(0...40)])) }
            if rng.chance(0.3) { o["sectionInset"] = .insets(insets()) }
            if rng.chance(0.2) { o["headerInset"] = .insets(insets()) }
            if rng.chance(0.2) { o["minimumInteritemSpacing"] = .number(rng.double(-3...15)) }
            if rng.chance(0.2) { o["minimumColumnSpacing"] = .number(rng.double(0...15)) }
            if rng.chance(0.01) { o["columnCount"] = .number(0) } // rejected
        case .justified:
            if rng.chance(0.5) { o["targetRowHeight"] = .number(rng.pick([80, 150, rng.double(40...300)])) }
            if rng.chance(0.3) { o["boxSpacing"] = .number(rng.pick([0, 4, rng.double(0...12)])) }
            if rng.chance(0.3) { o["containerPadding"] = .number(rng.pick([0, 10, rng.double(0...30)])) }
            if rng.chance(0.2) { o["showWidows"] = .bool(rng.chance(0.5)) }
            if rng.chance(0.2) { o["maxNumRows"] = .number(Double(rng.int(1...6))) }
            if rng.chance(0.2) { o["widowLayoutStyle"] = .string(rng.pick(["left", "center", "justify"])) }
            if rng.chance(0.1) { o["fullWidthBreakoutRowCadence"] = .number(Double(rng.int(2...4))) }
            if rng.chance(0.1) { o["forceAspectRatio"] = .number(rng.pick([1, 1.5])) }
        }
        return o
    }

    static func randomSection(_ rng: inout IncrementalRandom, _ kind: Kind) -> ModelSection {
        let n = rng.chance(0.1) ? 0 : rng.int(1...60)
        return ModelSection(
            items: (0..<n).map { _ in randomItem(&rng, kind) },
            overrides: randomOverrides(&rng, kind), origin: nil, touched: true, prefix: 0)
    }

    static func waterfallLayout(_ rng: inout IncrementalRandom) -> WaterfallLayout {
        func insets() -> EdgeInsets {
            EdgeInsets(
                top: rng.double(-5...20), left: rng.double(-5...20),
                bottom: rng.double(-5...20), right: rng.double(-5...20))
        }
        return WaterfallLayout(
            .init(
                columnCount: rng.int(1...5), minimumColumnSpacing: rng.double(0...12),
                minimumInteritemSpacing: rng.double(-2...12), sectionInset: insets(),
                headerHeight: rng.chance(0.5) ? rng.double(0...40) : 0,
                footerHeight: rng.chance(0.5) ? rng.double(0...40) : 0,
                headerInset: insets(), footerInset: insets(),
                itemRenderDirection: rng.pick(WaterfallLayout.ItemRenderDirection.allCases),
                minimumContentHeight: rng.chance(0.2) ? rng.double(0...3000) : 0))
    }

    static func justifiedLayout(_ rng: inout IncrementalRandom) -> JustifiedLayout {
        JustifiedLayout(
            .init(
                containerWidth: rng.chance(0.3) ? rng.pick([1060, 375.5, 800]) : nil,
                containerPadding: .all(rng.pick([10, 0, 3.3])),
                boxSpacing: .all(rng.pick([10, 0, 2.7])),
                targetRowHeight: rng.pick([320, 120, rng.double(60...250)]),
                targetRowHeightTolerance: rng.pick([0.25, 0.1, 0.4]),
                maxNumRows: rng.chance(0.1) ? Double(rng.int(1...8)) : .infinity,
                showWidows: rng.chance(0.8),
                fullWidthBreakoutRowCadence: rng.chance(0.15) ? Double(rng.int(2...5)) : nil,
                widowLayoutStyle: rng.pick(JustifiedLayout.WidowLayoutStyle.allCases)))
    }

    static func randomView(_ rng: inout IncrementalRandom) -> ViewContext {
        ViewContext(
            bounds: Size(width: rng.pick([390, 320.5, 1024, rng.double(0...900)]), height: 700),
            scale: rng.pick([0.0, 1, 2, 3]))
    }

    // MARK: Edits and hints

    /// A random batch: item inserts, deletes and replacements, section inserts, deletes and
    /// moves, and now and then new overrides for a section.
    static func edit(_ model: inout [ModelSection], _ rng: inout IncrementalRandom, _ kind: Kind) {
        for _ in 0..<rng.int(1...4) {
            let op = rng.int(0...10)
            if model.isEmpty || op == 7 {
                model.insert(randomSection(&rng, kind), at: rng.int(0...model.count))
                continue
            }
            let s = rng.int(0...model.count - 1)
            var section = model[s]
            let n = section.items.count
            switch op {
            case 0, 1: // insert items
                let at = rng.int(0...n)
                for k in 0..<rng.int(1...3) { section.items.insert(randomItem(&rng, kind), at: at + k) }
                section.prefix = min(section.prefix, at)
            case 2: // append items
                for _ in 0..<rng.int(1...5) { section.items.append(randomItem(&rng, kind)) }
                section.prefix = min(section.prefix, n)
            case 3: // delete items
                guard n > 0 else { continue }
                let at = rng.int(0...n - 1)
                section.items.removeSubrange(at..<min(n, at + rng.int(1...3)))
                section.prefix = min(section.prefix, at)
            case 4: // replace an item (perhaps by an equal one)
                guard n > 0 else { continue }
                let at = rng.int(0...n - 1)
                section.items[at] = randomItem(&rng, kind)
                section.prefix = min(section.prefix, at)
            case 5: // delete the section
                model.remove(at: s)
                continue
            case 6, 10: // move the section (untouched)
                model.remove(at: s)
                model.insert(section, at: rng.int(0...model.count))
                continue
            case 8: // new overrides: touched, items unchanged
                section.overrides = randomOverrides(&rng, kind)
                section.prefix = 0
            default: // reported touched though nothing changed
                break
            }
            section.touched = true
            model[s] = section
        }
    }

    /// The hint the edit model implies; prefixes are sometimes understated ("0 when unknown").
    static func hint(_ model: [ModelSection], _ rng: inout IncrementalRandom) -> LayoutUpdateHint {
        LayoutUpdateHint(
            unchangedSourceSection: model.map { $0.touched ? nil : $0.origin },
            unchangedPrefix: model.map { s in
                guard s.touched, s.origin != nil else { return 0 }
                let exact = min(s.prefix, s.items.count)
                return rng.chance(0.2) ? rng.int(0...exact) : exact
            })
    }

    // MARK: Comparison

    static func bits(_ r: Rect) -> [UInt64] {
        [r.origin.x.bitPattern, r.origin.y.bitPattern, r.size.width.bitPattern, r.size.height.bitPattern]
    }

    static func same(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        a == b && zip(a, b).allSatisfy { bits($0.frame) == bits($1.frame) }
    }

    static func same(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> Bool {
        a == b && a.map { bits($0.frame) } == b.map { bits($0.frame) }
    }

    /// Rects that probe edges exactly (touching tops, bottoms, sides, zero-size points at
    /// corners), random ones over the content, and huge ones.
    static func rects(_ rng: inout IncrementalRandom, all: [LayoutAttributes], content: Size) -> [Rect] {
        var out: [Rect] = [
            Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9),
            Rect(x: 0, y: 0, width: content.width, height: content.height),
            Rect(x: 0, y: content.height, width: content.width, height: 0)
        ]
        for _ in 0..<6 {
            let y = rng.double(-50...max(0, content.height) + 50)
            out.append(
                Rect(
                    x: rng.double(-20...content.width), y: y,
                    width: rng.double(0...content.width + 40), height: rng.pick([0, 1, 300, 900, rng.double(0...2000)])))
        }
        for _ in 0..<min(all.count, 8) {
            let f = rng.pick(all).frame
            switch rng.int(0...4) {
            case 0: out.append(Rect(x: f.minX, y: f.maxY, width: 0, height: 0))
            case 1: out.append(Rect(x: f.minX - 3, y: f.minY - 2, width: f.width + 3, height: 2))
            case 2: out.append(Rect(x: f.maxX, y: f.minY, width: 5, height: f.height))
            case 3: out.append(Rect(x: f.minX, y: f.maxY, width: f.width, height: 40))
            default: out.append(Rect(x: f.minX, y: f.minY, width: f.width, height: f.height))
            }
        }
        return out
    }

    /// Every query of `updated` against `fresh`; false (after recording) on the first difference.
    static func expectSame(
        _ updated: any PreparedLayout, _ fresh: any PreparedLayout, sections: [SectionData],
        view v: ViewContext, _ rng: inout IncrementalRandom, _ context: String
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
        guard
            check(
                updated.info.map(\.key) == fresh.info.map(\.key)
                    && updated.info.map(\.value.bitPattern) == fresh.info.map(\.value.bitPattern),
                "info \(updated.info) vs \(fresh.info)")
        else { return false }
        let all = fresh.elements(in: nil, view: v)
        guard check(same(updated.elements(in: nil, view: v), all), "all elements") else { return false }
        for rect in rects(&rng, all: all, content: fresh.contentSize) {
            let expected = fresh.elements(in: rect, view: v)
            guard check(same(updated.elements(in: rect, view: v), expected), "rect \(rect)") else { return false }
            // And the rect query is what it says: every element meeting the rect, in order.
            guard check(same(expected, all.filter { $0.frame.intersects(rect) }), "fresh rect \(rect) vs brute force")
            else { return false }
        }
        for (s, section) in sections.enumerated() {
            for i in -1...section.itemCount {
                let path = IndexPath(s, i)
                guard
                    check(
                        same(updated.attributesForItem(at: path, view: v), fresh.attributesForItem(at: path, view: v)),
                        "item \(path)")
                else { return false }
            }
        }
        for s in -1...sections.count {
            for kind in ["header", "footer", "other"] {
                let a = updated.attributesForSupplementaryView(kind: kind, at: IndexPath(s, 0), view: v)
                let b = fresh.attributesForSupplementaryView(kind: kind, at: IndexPath(s, 0), view: v)
                guard check(same(a, b), "\(kind) \(s)") else { return false }
            }
        }
        var wider = v
        wider.bounds.width += 1
        return check(updated.invalidation(from: v, to: wider) == fresh.invalidation(from: v, to: wider), "invalidation")
    }

    static func model(of sections: [SectionData]) -> [ModelSection] {
        sections.enumerated().map { index, s in
            ModelSection(
                items: (0..<s.itemCount).map { i in
                    if let size = s.size(at: i) { return .size(size.width, size.height) }
                    return .ratio(s.aspectRatio(at: i) ?? .nan)
                }, overrides: s.overrides.values, origin: index)
        }
    }

    /// Random layouts and chains of random batches: updated == prepared, errors included.
    static func run(_ kind: Kind, seed: UInt64, cases: Int) {
        var rng = IncrementalRandom(seed: seed)
        for caseIndex in 0..<cases {
            let layout: any CollectionLayout = kind == .waterfall ? waterfallLayout(&rng) : justifiedLayout(&rng)
            var view = randomView(&rng)
            var model = (0..<rng.int(0...7)).map { _ in randomSection(&rng, kind) }
            var current: any PreparedLayout
            do { current = try layout.prepare(DataSource(sections: model.map(\.data)), view: view) } catch { continue }
            for step in 0..<rng.int(1...4) {
                for k in model.indices {
                    model[k].origin = k
                    model[k].touched = false
                    model[k].prefix = .max
                }
                let saved = model
                edit(&model, &rng, kind)
                // Now and then a view change too (a width change invalidates the layout).
                if rng.chance(0.08) { view = randomView(&rng) }
                let hint = hint(model, &rng)
                let sections = model.map(\.data)
                let source = DataSource(sections: sections)
                let context = "\(kind) case \(caseIndex) step \(step)"
                guard let incremental = current as? any IncrementallyUpdatable else {
                    Issue.record("\(context): not IncrementallyUpdatable")
                    return
                }
                let fresh: Result<any PreparedLayout, LayoutError>
                do { fresh = .success(try layout.prepare(source, view: view)) } catch { fresh = .failure(error) }
                let updated: Result<any PreparedLayout, LayoutError>
                do { updated = .success(try incremental.updated(to: source, hint: hint, view: view)) } catch { updated = .failure(error) }
                switch (fresh, updated) {
                case let (.success(f), .success(u)):
                    guard expectSame(u, f, sections: sections, view: view, &rng, context) else { return }
                    current = u
                case let (.failure(a), .failure(b)):
                    guard a == b else {
                        Issue.record("\(context): errors \(a) vs \(b)")
                        return
                    }
                    model = saved // the batch is refused; continue from the old layout
                default:
                    Issue.record("\(context): fresh \(fresh) vs updated \(updated)")
                    return
                }
            }
        }
    }

    @Test func waterfallUpdateEqualsPrepare() {
        Self.run(.waterfall, seed: 0x3A7E_0001, cases: 300)
    }

    @Test func justifiedUpdateEqualsPrepare() {
        Self.run(.justified, seed: 0x1057_0002, cases: 300)
    }

    /// Sections far down (large tops with fractional sizes at scale 3), so that `top + y`
    /// rounds: moving sections by an update still answers exactly as a fresh prepare, and
    /// rect queries with edges on those rounded values agree.
    @Test func waterfallFarSectionsMoveExactly() throws {
        var rng = IncrementalRandom(seed: 0xFA4)
        let layout = WaterfallLayout(
            .init(
                columnCount: 3, minimumColumnSpacing: 0.7, minimumInteritemSpacing: 1.1,
                sectionInset: EdgeInsets(top: 0.3, left: 1, bottom: 0.1, right: 1),
                headerHeight: 13.37, footerHeight: 0.1))
        let view = ViewContext(bounds: Size(width: 333.3, height: 700), scale: 3)
        var model = (0..<12).map { _ in
            ModelSection(
                items: (0..<300).map { _ in .size(rng.double(1...300), rng.double(1...300)) },
                overrides: [:], origin: nil)
        }
        var current = try layout.prepare(DataSource(sections: model.map(\.data)), view: view)
        for step in 0..<30 {
            for k in model.indices {
                model[k].origin = k
                model[k].touched = false
                model[k].prefix = .max
            }
            Self.edit(&model, &rng, .waterfall)
            let hint = Self.hint(model, &rng)
            let sections = model.map(\.data)
            let source = DataSource(sections: sections)
            guard let fresh = try? layout.prepare(source, view: view) else { continue }
            let updated = try #require(current as? any IncrementallyUpdatable).updated(to: source, hint: hint, view: view)
            guard Self.expectSame(updated, fresh, sections: sections, view: view, &rng, "far step \(step)") else { return }
            current = updated
        }
    }

    /// An insert into one of many sections, timed against a fresh prepare. Prints only (tests
    /// check behaviour; the release numbers, with `perSection` at 10,000, are in the report).
    @Test func insertIntoOneSectionCostsWhatItTouches() throws {
        let perSection = 300
        var rng = IncrementalRandom(seed: 0x7137)
        let sections = (0..<100).map { _ in
            SectionData(
                itemCount: perSection,
                sizes: (0..<perSection).map { _ in
                    Size(width: 100, height: Double(50 + rng.int(0...200)))
                })
        }
        var inserted = sections
        var sizes = (0..<perSection).map { inserted[50].size(at: $0)! }
        sizes.insert(Size(width: 100, height: 77), at: perSection / 2)
        inserted[50] = SectionData(itemCount: perSection + 1, sizes: sizes)
        let hint = LayoutUpdateHint(
            unchangedSourceSection: (0..<100).map { $0 == 50 ? nil : $0 },
            unchangedPrefix: (0..<100).map { $0 == 50 ? perSection / 2 : 0 })
        let view = ViewContext(bounds: Size(width: 390, height: 844), scale: 3)
        let layouts: [(String, any CollectionLayout)] = [
            ("waterfall", WaterfallLayout(.init(columnCount: 3, headerHeight: 20, footerHeight: 10))),
            ("justified", JustifiedLayout(.init(targetRowHeight: 120)))
        ]
        for (name, layout) in layouts {
            let old = try layout.prepare(DataSource(sections: sections), view: view)
            let clock = ContinuousClock()
            var fresh: (any PreparedLayout)?
            let full = clock.measure { fresh = try? layout.prepare(DataSource(sections: inserted), view: view) }
            var updated: (any PreparedLayout)?
            let incremental = clock.measure {
                updated = try? (old as? any IncrementallyUpdatable)?.updated(to: DataSource(sections: inserted), hint: hint, view: view)
            }
            let u = try #require(updated), f = try #require(fresh)
            #expect(Self.same(u.elements(in: nil, view: view), f.elements(in: nil, view: view)))
            #expect(u.contentSize == f.contentSize)
            print("\(name): 100 × \(perSection) items, insert into one section: prepare \(full), update \(incremental), ratio \(incremental / full)")
        }
    }
}
