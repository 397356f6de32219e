import Testing
@testable import LayoutEngine

/// `FrameIndex(numbering, frame:)`, the builder the circle, cover flow and stack layouts
/// index their cells with, against `FrameIndex(frames:)` over the same frames listed in
/// index-path order.
@Suite("Frame index")
struct FrameIndexTests {
    /// Sections of 3, 0, 40 and 1 items (an empty one in between, one past a fan-out of 16),
    /// their frames overlapping, some of zero width or height.
    static let numbering = ItemNumbering(DataSource(sections: [3, 0, 40, 1].map { SectionData(itemCount: $0) }))

    static func frame(section s: Int, item i: Int) -> Rect {
        Rect(
            x: Double(s) * 50 + Double(i % 7) * 12, y: Double(i / 7) * 9 - Double(s),
            width: Double((i * 5 + s) % 4) * 10, height: Double((i + s) % 3) * 8)
    }

    @Test func builderAnswersAsTheFramesDo() {
        let built = FrameIndex(Self.numbering) { s, i in Self.frame(section: s, item: i) }
        var frames: [Rect] = []
        for s in 0..<Self.numbering.sectionCount {
            for i in 0..<Self.numbering.itemCount(inSection: s) { frames.append(Self.frame(section: s, item: i)) }
        }
        let reference = FrameIndex(frames: frames)
        #expect(built.count == 44 && reference.count == 44)
        let queries = [
            Rect(x: -1000, y: -1000, width: 3000, height: 3000), Rect(x: 0, y: 0, width: 30, height: 10),
            Rect(x: 100, y: 20, width: 40, height: 15), Rect(x: 160, y: 0, width: 0, height: 0),
            Rect(x: 120, y: 45, width: 70, height: 1), Rect(x: 500, y: 500, width: 10, height: 10)
        ]
        for rect in queries {
            #expect(built.indexes(intersecting: rect) == reference.indexes(intersecting: rect), "\(rect)")
        }
        // Entry n is item [s, i] with n = starts[s] + i: the last item of section 2 is entry 42.
        let last = Self.frame(section: 2, item: 39)
        #expect(built.indexes(intersecting: last).contains(42))
    }

    @Test func noItemsGiveAnEmptyIndex() {
        let built = FrameIndex(ItemNumbering(DataSource(sections: [SectionData(itemCount: 0)]))) { _, _ in
            Issue.record("no item to frame")
            return Rect(x: 0, y: 0, width: 1, height: 1)
        }
        #expect(built.count == 0)
        #expect(built.indexes(intersecting: Rect(x: -1, y: -1, width: 2, height: 2)).isEmpty)
    }

    /// Queries against a scan of every frame: the same indexes, ascending, for indexes of one
    /// to 70,000 frames (one level to five), frames in scroll order with some out of place,
    /// rects of every size, inside, across and outside the content.
    @Test(arguments: [1, 15, 16, 17, 300, 4_100, 70_000])
    func queriesAnswerAsAScanDoes(count: Int) {
        var state: UInt64 = 0xF4A3_0000 &+ UInt64(count)
        func next() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
        let frames = (0..<count).map { i -> Rect in
            let row = Double(i / 3), out = next() < 0.02 ? next() * 5000 : 0
            return Rect(x: Double(i % 3) * 130 + next() * 10, y: row * 90 + next() * 60 - out, width: next() * 120, height: next() * 150)
        }
        let index = FrameIndex(frames: frames)
        let height = Double(count / 3 + 1) * 90
        for _ in 0..<60 {
            let rect = Rect(x: next() * 500 - 50, y: next() * height * 1.1 - 100, width: next() * 400, height: next() * 2000)
            let scanned = frames.indices.filter { frames[$0].intersects(rect) }
            #expect(index.indexes(intersecting: rect) == scanned, "\(rect)")
        }
    }
}
