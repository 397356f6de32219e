import Testing
import LayoutEngine

/// Size and memory: uniform sections stay arithmetic, mixed sections keep a few bytes per
/// item. Nothing here is timed: the release figures come from the benchmark.
@Suite struct FlowScaleTests {
    /// 1,000,000 items by count: nothing per item. Default grid, D = 320: 5 per line, lines
    /// 60 apart; item 500,002 is on line 100,000 (y = 6,000,000), column 2 (x = 135).
    @Test func millionUniformItems() throws {
        let flow = try prepared(FlowParameters(), [counted(1_000_000)])
        #expect(flow._storageBytes < 1_024)
        #expect(flow.contentSize == S(320, 200_000 * 50 + 199_999 * 10))
        #expect(flow.frame(0, 500_002) == R(135, 6_000_000, 50, 50))
        // y 6,000,000…6,000,060 touches lines 100,000 and 100,001.
        #expect(flow.names(in: R(0, 6_000_000, 320, 60)) == (500_000..<500_010).map { "c0.\($0)" })
    }

    /// 200,000 explicit sizes, each item alone on its line (the worst case for storage):
    /// 8 bytes per item plus 24 per line must stay under 40 bytes per item.
    @Test func explicitSizesStayCompact() throws {
        let n = 200_000
        let sizes = (0..<n).map { i in S(i % 2 == 0 ? 200 : 210, 20) }
        let f = try prepared(FlowParameters(), [SectionData(itemCount: n, sizes: sizes)])
        #expect(Double(f._storageBytes) / Double(n) <= 40)
        // Line r at y = 30r; widths alternate, so each line holds one centred item.
        #expect(f.frame(0, 150_001) == R(55, 4_500_030, 210, 20))
        #expect(f.names(in: R(0, 4_500_030, 1, 1)) == []) // x 0…1 is left of the centred item
        #expect(f.names(in: R(60, 4_500_020, 1, 10)) == ["c0.150000", "c0.150001"])
    }

    /// Many items per line: the binary search within a line (R14) finds the few met.
    /// 100,000 items of 1×1, item 7 of 2×1 (so the section is mixed), g = L = 0, D = 320:
    /// line 0 holds items 0…318 (7 + 2 + 311 = 320), later lines 320 items; every line but
    /// the last sums to exactly 320, so the justified gap is 0 and x runs 0, 1, 2, …
    /// (the last line is leading with gap 0: the same). Rows at y = r.
    /// Rect x 100.5…103.5, y 200.5…202.5 meets columns 100…103 in rows 200…202: 12 cells.
    @Test func longLinesQueryByBinarySearch() throws {
        var sizes = Array(repeating: S(1, 1), count: 100_000)
        sizes[7] = S(2, 1)
        let f = try prepared(
            FlowParameters(minimumLineSpacing: 0, minimumInteritemSpacing: 0),
            [SectionData(itemCount: sizes.count, sizes: sizes)])
        let v = view(320, 480)
        let rect = R(100.5, 200.5, 3, 2)
        let all = f.elements(in: nil, view: v)
        #expect(f.elements(in: rect, view: v) == all.filter { $0.frame.intersects(rect) })
        #expect(f.elements(in: rect, view: v).count == 4 * 3)
    }
}

extension FlowScaleTests {
    /// 1,000,000 explicit sizes (mixed, about 5 per line): timed, loosely in debug; the
    /// brief's figure (well under 100 ms) is for release builds.
    @Test func millionExplicitSizes() throws {
        let n = 1_000_000
        var rng = SeededRandom(seed: 1)
        let sizes = (0..<n).map { _ in S(Double(40 + rng.int(0...20)), Double(40 + rng.int(0...20))) }
        let section = SectionData(itemCount: n, sizes: sizes)
        let clock = ContinuousClock()
        var f: PreparedFlowLayout? = nil
        let elapsed = try clock.measure { f = try prepared(FlowParameters(), [section]) }
        print("flow: 1M explicit sizes prepared in \(elapsed), \(Double(try #require(f)._storageBytes) / Double(n)) bytes/item")
        let flow = try #require(f)
        #expect(Double(flow._storageBytes) / Double(n) <= 40)
        let y = flow.contentSize.height / 2
        let rect = R(0, y, 320, 200)
        let visible = flow.elements(in: rect, view: view(320, 480))
        #expect(!visible.isEmpty && visible.allSatisfy { $0.frame.intersects(rect) })
        // A screenful (~20 cells) per query, anywhere in the section: O(log n + k).
        var found = 0
        let queries = 10_000
        let perQuery =
            clock.measure {
                for _ in 0..<queries {
                    let y = Double(rng.int(0...Int(flow.contentSize.height)))
                    found += flow.elements(in: R(0, y, 320, 480), view: view(320, 480)).count
                }
            } / queries
        print("flow: \(perQuery) per 320×480 query, \(found / queries) elements each")
        #expect(found > 0)
    }
}
