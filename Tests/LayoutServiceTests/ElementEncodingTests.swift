import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
@testable import LayoutService

/// The element writer's fast path (`JSONWriter.attributes`: one cursor per element,
/// pre-rendered fragments) against the way elements were written before it: part by part
/// through the writer's general methods. Same bytes for every shape of element.
@Suite("Element encoding fast path")
struct ElementEncodingTests {
    /// The slow path, as the writer wrote elements before the fast path (docs/api.md: "An
    /// element"): each key and value through `key`, `string`, `number`, `int`, `bool`.
    private func byParts(_ a: LayoutAttributes, into w: inout JSONWriter) {
        w.beginObject()
        w.key("category")
        w.string(a.category.rawValue)
        if a.category != .cell {
            w.key("kind")
            w.string(a.kind)
        }
        w.key("indexPath")
        w.indexPath(a.indexPath)
        w.key("frame")
        w.rect(a.frame)
        w.key("zIndex")
        w.int(a.zIndex)
        w.key("alpha")
        w.number(a.alpha)
        if !a.transform.isIdentity {
            w.key("transform3D")
            w.beginArray()
            for e in a.transform.entries { w.number(e) }
            w.endArray()
        }
        if a.isHidden {
            w.key("hidden")
            w.bool(true)
        }
        if !a.extras.isEmpty {
            w.key("extras")
            w.beginObject()
            for (name, value) in a.extras {
                w.key(name)
                switch value {
                case .number(let n): w.number(n)
                case .indexPaths(let paths):
                    w.beginArray()
                    for p in paths { w.indexPath(p) }
                    w.endArray()
                }
            }
            w.endObject()
        }
        w.endObject()
    }

    private struct Generator {
        var draws: XorShiftStar
        mutating func next() -> UInt64 { draws.next() }
        mutating func number() -> Double {
            switch next() % 5 {
            case 0: Double(next() % 2000)
            case 1: Double(next() % 100_000) / 7 - 3000
            case 2: Double(bitPattern: next()) // any double, NaN and infinities included
            case 3: Double(next() % 1000) / 4
            default: Double(Int64(bitPattern: next()) >> 20) / 3
            }
        }
        mutating func string() -> String {
            let pieces = ["header", "footer", "badge", "é", "☕️", "\"", "\\", "\n", "\u{1}", "\t", "x", ""]
            return (0..<Int(next() % 4)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
        }
    }

    private func randomElement(_ g: inout Generator) -> LayoutAttributes {
        let category = ElementCategory.allCases[Int(g.next() % 3)]
        var transform = Transform3D.identity
        switch g.next() % 4 {
        case 0: transform = .makeRotation(g.number(), 0, 0, 1)
        case 1: transform.m12 = -0.0 // still the identity, by value: not written
        case 2: transform = .makeScale(g.number(), 1, 1)
        default: break
        }
        var extras: [(key: String, value: AttributeExtra)] = []
        for _ in 0..<Int(g.next() % 3) {
            if g.next() % 2 == 0 {
                extras.append((g.string(), .number(g.number())))
            } else {
                let paths = (0..<Int(g.next() % 4)).map { _ in
                    IndexPath(section: Int(g.next() % 5), item: Int(Int64(bitPattern: g.next()) >> 1))
                }
                extras.append((g.string(), .indexPaths(paths)))
            }
        }
        return LayoutAttributes(
            category: category, kind: category == .cell ? "" : g.string(),
            indexPath: IndexPath(section: Int(g.next() % 7), item: Int(g.next() % 1_000_000)),
            frame: Rect(x: g.number(), y: g.number(), width: g.number(), height: g.number()),
            transform: transform, alpha: g.next() % 3 == 0 ? g.number() : 1,
            zIndex: Int(Int64(bitPattern: g.next()) >> Int64(g.next() % 64)),
            isHidden: g.next() % 5 == 0, extras: extras)
    }

    /// `list` written by the fast path and by parts.
    private func bothWays(_ list: [LayoutAttributes]) -> (fast: JSONWriter, slow: JSONWriter) {
        var fast = JSONWriter()
        fast.elements(list)
        var slow = JSONWriter()
        slow.beginArray()
        for e in list { byParts(e, into: &slow) }
        slow.endArray()
        return (fast, slow)
    }

    @Test func randomElementsAreWrittenAsByParts() {
        var g = Generator(draws: XorShiftStar(state: 0x2545_F491_4F6C_DD1D))
        for _ in 0..<20_000 {
            let list = (0..<Int(g.next() % 4)).map { _ in randomElement(&g) }
            let (fast, slow) = bothWays(list)
            #expect(fast.bytes == slow.bytes, "\(String(decoding: fast.bytes, as: UTF8.self))")
            #expect(fast.wroteNonFiniteNumber == slow.wroteNonFiniteNumber)
            if fast.bytes != slow.bytes { return }
        }
    }

    /// Rows: runs of elements sharing y and height (the writer copies a repeated number's
    /// bytes from the element before), with values that share bytes but not bits (0 and −0),
    /// and non-finite ones (flagged in every element that has them, never copied).
    @Test func rowsOfSharedNumbersAreWrittenAsByParts() {
        var g = Generator(draws: XorShiftStar(state: 0x0DD5_EED5_0000_0007))
        let special: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude, -1234.5678901234567, 0.1]
        for _ in 0..<2_000 {
            var list: [LayoutAttributes] = []
            for _ in 0..<Int(g.next() % 6) {
                let y = g.next() % 3 == 0 ? special[Int(g.next() % UInt64(special.count))] : g.number()
                let height = g.next() % 3 == 0 ? special[Int(g.next() % UInt64(special.count))] : g.number()
                for _ in 0..<Int(g.next() % 5) {
                    var e = randomElement(&g)
                    e.frame = Rect(x: e.frame.minX, y: y, width: e.frame.width, height: height)
                    list.append(e)
                }
            }
            let (fast, slow) = bothWays(list)
            #expect(fast.bytes == slow.bytes, "\(String(decoding: fast.bytes, as: UTF8.self))")
            #expect(fast.wroteNonFiniteNumber == slow.wroteNonFiniteNumber)
            if fast.bytes != slow.bytes { return }
        }
    }

    /// The justified layout's elements (the benchmark's big reply, with `extras`): byte for
    /// byte, and every element stays within the bound its scratch memory is sized by.
    @Test func realLayoutsAreWrittenAsByParts() throws {
        let ratios = (0..<2000).map { 0.5 + Double(($0 * 7919) % 1000) / 400 }
        let justified = try JustifiedLayout().prepareJustified(
            DataSource(sections: [SectionData(itemCount: ratios.count, aspectRatios: ratios)]), view: ViewContext())
        let elements = justified.elements(in: nil, view: ViewContext())
        let (fast, slow) = bothWays(elements)
        #expect(fast.bytes == slow.bytes)
        for e in elements {
            var one = JSONWriter()
            one.attributes(e)
            #expect(one.bytes.count <= JSONWriter.maxElementBytes(e, plain: JSONWriter.isPlain(e)))
        }
    }

    /// A non-finite value still keeps the document well-formed and flags it (500, not sent).
    @Test func nonFiniteNumbersAreFlagged() throws {
        let e = LayoutAttributes(
            category: .cell, indexPath: IndexPath(section: 0, item: 0),
            frame: Rect(x: .nan, y: 0, width: .infinity, height: 1))
        var w = JSONWriter()
        w.elements([e])
        #expect(w.wroteNonFiniteNumber)
        _ = try JSONTape.parse(w.bytes)
    }
}
