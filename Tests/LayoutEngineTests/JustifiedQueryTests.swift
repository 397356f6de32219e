import Testing
import LayoutEngine

@Suite("Justified layout: rect queries and scale")
struct JustifiedQueryTests {
    typealias P = JustifiedLayout.Parameters

    /// Three sections (ratios, sizes with breakouts, a forced one with hidden widows) and a
    /// fourth, empty.
    static func sampleLayout() throws -> PreparedJustifiedLayout {
        let sections = [
            SectionData(itemCount: 700, aspectRatios: PhotoSequence.ratios(700, seed: 7)),
            SectionData(
                itemCount: 500, sizes: PhotoSequence.sizes(500, seed: 11),
                overrides: SectionOverrides([
                    "fullWidthBreakoutRowCadence": .number(4),
                    "widowLayoutStyle": .string("center")
                ])),
            SectionData(itemCount: 0),
            SectionData(
                itemCount: 301,
                overrides: SectionOverrides([
                    "forceAspectRatio": .number(0.75),
                    "showWidows": .bool(false)
                ]))
        ]
        return try Justified.layout(DataSource(sections: sections), P(containerWidth: 900, targetRowHeight: 200))
    }

    /// `forEachCell` lists what `elements(in: nil)` lists, as values: same index paths,
    /// frames and extras, in the same order (the one-shot reply's fast path relies on it).
    @Test func cellsMatchElements() throws {
        let l = try Self.sampleLayout()
        let all = l.elements(in: nil, view: ViewContext())
        var i = 0
        l.forEachCell { indexPath, frame, extras in
            defer { i += 1 }
            guard i < all.count else { return }
            let e = all[i]
            #expect(e.category == .cell && e.indexPath == indexPath && e.frame == frame)
            #expect(e.extras.elementsEqual(extras._list) { $0.key == $1.key && $0.value == $1.value })
        }
        #expect(i == all.count && l.cellCount == all.count)
        #expect(all.contains { $0.extras.count == 2 } && all.contains { $0.extras.count == 1 })
    }

    @Test func rectQueriesEqualBruteForce() throws {
        let l = try Self.sampleLayout()
        let all = l.elements(in: nil, view: ViewContext())
        #expect(all.count == 700 + 500 + 300)
        var g = PhotoSequence(seed: 99)
        func unit() -> Double { Double(g.next()) / 4_294_967_296 }
        let height = l.contentSize.height
        var rects: [Rect] = []
        for _ in 0..<300 {
            rects.append(
                Rect(
                    x: unit() * 1000 - 50, y: unit() * (height + 100) - 50,
                    width: unit() * 600, height: unit() * 1500))
        }
        // Degenerate and exact-edge rectangles: a point, lines, and rectangles that only
        // touch a box's edges (closed rectangles: they count).
        for i in stride(from: 0, to: all.count, by: 97) {
            let f = all[i].frame
            rects.append(Rect(x: f.maxX, y: f.maxY, width: 0, height: 0))
            rects.append(Rect(x: f.minX, y: 0, width: 0, height: height))
            rects.append(Rect(x: 0, y: f.minY - 5, width: 900, height: 5))
            rects.append(Rect(x: f.maxX, y: f.minY, width: 3, height: f.height))
        }
        rects.append(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        rects.append(Rect(x: 0, y: height + 1, width: 900, height: 100))
        QueryChecks.rectQueriesEqualBruteForce(l, all: all, view: ViewContext(), rects: rects)
    }

    @Test func everyBoxStaysInsideItsSectionsContainer() throws {
        let l = try Self.sampleLayout()
        for a in l.elements(in: nil, view: ViewContext()) {
            let s = l.sections[a.indexPath.section]
            #expect(a.frame.minY >= s.yOffset && a.frame.maxY <= s.yOffset + s.containerHeight)
            #expect(a.frame.width >= 0 && a.frame.height > 0)
        }
        #expect(l.sections.map(\.boxCount) == [700, 500, 0, 300])
    }

    /// A million photos in one section, prepared once; queries answer from the index.
    @Test func aMillionPhotos() throws {
        let ratios = PhotoSequence.ratios(1_000_000)
        let clock = ContinuousClock()
        var prepared: PreparedJustifiedLayout?
        let elapsed = try clock.measure { prepared = try Justified.layout(ratios) }
        let l = try #require(prepared)
        print("JustifiedLayout: 1,000,000 photos prepared in \(elapsed)")
        #expect(l.sections[0].boxCount == 1_000_000)
        // Rows tile the container: consecutive boxes either continue a row (same top, 10 to
        // the right) or start the next one at the left padding, below.
        let frames = l.frames
        var rowStart = frames[0]
        for i in 1..<frames.count {
            let (a, b) = (frames[i - 1], frames[i])
            if b.minY == a.minY {
                #expect(abs(b.minX - (a.maxX + 10)) < 1e-6)
            } else {
                #expect(b.minX == 10 && b.minY > rowStart.minY)
                rowStart = b
            }
        }
        let middle = Rect(x: 0, y: l.contentSize.height / 2, width: 1060, height: 1000)
        let hits = l.elements(in: middle, view: ViewContext())
        #expect(!hits.isEmpty && hits.count < 50)
        #expect(
            hits
                == frames.indices.filter { frames[$0].intersects(middle) }.map {
                    l.attributesForItem(at: IndexPath(0, $0), view: ViewContext())!
                })
    }
}
