import Testing
import LayoutEngine

/// What an update costs: an insert near the end of a million items, and an insert into one
/// of 100 sections of 10,000 items, against a full prepare. The tests check that the update
/// equals a fresh prepare; timings are only printed (the benchmark records release figures).
@Suite(.serialized) struct FlowUpdateScaleTests {
    /// The fastest of `runs` timings of `body`.
    static func fastest(_ runs: Int = 5, _ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000)
        for _ in 0..<runs { best = min(best, try clock.measure { try body() }) }
        return best
    }

    static func ms(_ d: Duration) -> String {
        let (s, atto) = d.components
        let v = Double(s) * 1_000 + Double(atto) / 1e15
        return v < 0.1 ? "\(Double(Int(v * 1e6)) / 1_000) µs" : "\(Double(Int(v * 1_000)) / 1_000) ms"
    }

    /// Spot checks against a fresh prepare: rects near the edit, the start and the end;
    /// a few items on each side of the edit; the content size.
    static func spotCheck(_ a: PreparedFlowLayout, _ b: PreparedFlowLayout, around item: Int, section: Int = 0) {
        #expect(a.contentSize == b.contentSize)
        let v = view(320, 480)
        for i in max(0, item - 50)..<(item + 50) {
            #expect(a.attributesForItem(at: IP(section, i), view: v) == b.attributesForItem(at: IP(section, i), view: v))
        }
        let y = b.frame(section, item)?.minY ?? 0
        for rect in [R(0, y - 300, 320, 600), R(0, 0, 320, 480), R(0, b.contentSize.height - 480, 320, 480)] {
            #expect(a.elements(in: rect, view: v) == b.elements(in: rect, view: v))
        }
    }

    /// A uniform section of 1,000,000 items by count gains one item near its end: O(1).
    @Test func millionUniformInsert() throws {
        let layout = FlowLayout(FlowParameters())
        let before = try layout.prepareFlow(DataSource(sections: [counted(1_000_000)]), view: view(320, 480))
        let new = DataSource(sections: [counted(1_000_001)])
        let hint = LayoutUpdateHint(unchangedSourceSection: [nil], unchangedPrefix: [999_990])
        var after: PreparedFlowLayout? = nil
        let t = try Self.fastest { after = try before.updatedFlow(to: new, hint: hint, view: view(320, 480)) }
        print("flow update: 1M uniform items, insert at 999,990: \(Self.ms(t))")
        Self.spotCheck(try #require(after), try layout.prepareFlow(new, view: view(320, 480)), around: 999_990)
    }

    /// 1,000,000 explicit mixed sizes (about 5 per line) gain one item near the end: the
    /// lines before it are kept, the chunks before it shared.
    @Test func millionMixedInsert() throws {
        let n = 1_000_000
        var rng = SeededRandom(seed: 1)
        let sizes = (0..<n).map { _ in S(Double(40 + rng.int(0...20)), Double(40 + rng.int(0...20))) }
        let layout = FlowLayout(FlowParameters())
        let clock = ContinuousClock()
        var beforeOptional: PreparedFlowLayout? = nil
        let full = try clock.measure {
            beforeOptional = try layout.prepareFlow(
                DataSource(sections: [SectionData(itemCount: n, sizes: sizes)]),
                view: view(320, 480))
        }
        let before = try #require(beforeOptional)
        for at in [n - 10, n / 2] {
            var newSizes = sizes
            newSizes.insert(S(47, 52), at: at) // built by the caller, not timed
            let new = DataSource(sections: [SectionData(itemCount: n + 1, sizes: newSizes)])
            let hint = LayoutUpdateHint(unchangedSourceSection: [nil], unchangedPrefix: [at])
            var after: PreparedFlowLayout? = nil
            let t = try Self.fastest { after = try before.updatedFlow(to: new, hint: hint, view: view(320, 480)) }
            print("flow update: 1M mixed sizes, insert at \(at): \(Self.ms(t)) (full prepare \(Self.ms(full)))")
            Self.spotCheck(try #require(after), try layout.prepareFlow(new, view: view(320, 480)), around: at)
        }
    }

    /// 100 sections of 10,000 items; one item inserted into section 50 (at its middle and
    /// at its start). Mixed sizes: the update lays out at most that section's items after
    /// the insert; by count: every section is O(1) either way.
    @Test func hundredSectionsInsert() throws {
        var rng = SeededRandom(seed: 2)
        let layout = FlowLayout(FlowParameters(headerReferenceSize: S(0, 30)))
        for mixed in [true, false] {
            let sections: [SectionData] = (0..<100).map { _ in
                mixed
                    ? SectionData(
                        itemCount: 10_000,
                        sizes: (0..<10_000).map { _ in
                            S(Double(40 + rng.int(0...20)), Double(40 + rng.int(0...20)))
                        })
                    : counted(10_000)
            }
            let old = DataSource(sections: sections)
            var before: PreparedFlowLayout? = nil
            let full = try Self.fastest(3) { before = try layout.prepareFlow(old, view: view(320, 480)) }
            for at in [5_000, 0] {
                var new = old
                new.sections[50] =
                    mixed
                    ? SectionData(
                        itemCount: 10_001,
                        sizes: {
                            var s = sections[50].sizes!
                            s.insert(S(45, 45), at: at)
                            return s
                        }())
                    : counted(10_001)
                let hint = LayoutUpdateHint(
                    unchangedSourceSection: (0..<100).map { $0 == 50 ? nil : $0 },
                    unchangedPrefix: (0..<100).map { $0 == 50 ? at : 0 })
                var after: PreparedFlowLayout? = nil
                let t = try Self.fastest { after = try #require(before).updatedFlow(to: new, hint: hint, view: view(320, 480)) }
                let ratio =
                    Double(t.components.attoseconds + t.components.seconds * 1_000_000_000_000_000_000)
                    / Double(full.components.attoseconds + full.components.seconds * 1_000_000_000_000_000_000)
                print(
                    "flow update: 100 × 10,000 \(mixed ? "mixed" : "by count"), insert at \(at) of section 50: \(Self.ms(t)); full prepare \(Self.ms(full)); ratio \(ratio)"
                )
                Self.spotCheck(try #require(after), try layout.prepareFlow(new, view: view(320, 480)), around: at, section: 50)
            }
        }
    }
}
