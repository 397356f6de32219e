import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
@testable import LayoutService

/// The streamed reply's plain cells (`ElementReplyWriter.takeCell`, through `CellEcho`'s
/// copies and its counting up of item numbers) against the same cells as attributes written
/// by `JSONWriter.elements`: byte for byte, over sequences made to hit every edge of the
/// echo: items ending in 9, 99, 999 and 9999 (no carry is counted up), sections that change
/// and come back, repeated and alternating rows, z-indexes, long and non-finite numbers,
/// other elements between the cells.
@Suite("Cell echo")
struct CellEchoTests {
    private static func reference(_ elements: [LayoutAttributes]) -> JSONWriter {
        var w = JSONWriter(capacity: 64)
        w.beginObject()
        w.key("version")
        w.int(3)
        w.key("contentSize")
        w.size(Size(width: 390, height: 1e7))
        w.key("elements")
        w.elements(elements)
        w.endObject()
        return w
    }

    private static func streamed(_ elements: [LayoutAttributes]) -> JSONWriter {
        let writer = ElementReplyWriter(version: 3, contentSize: Size(width: 390, height: 1e7), capacity: 16)
        for e in elements {
            if e.category == .cell && e.alpha == 1 && JSONWriter.isPlain(e) && e.alpha.bitPattern == Double(1).bitPattern {
                writer.takeCell(e.indexPath, e.frame, zIndex: e.zIndex)
            } else {
                writer.take(e)
            }
        }
        return writer.finish()
    }

    @Test(arguments: 0..<8)
    func plainCellsAreWrittenAsTheirAttributes(seed: UInt64) throws {
        var g = XorShiftStar(state: 0xCE11_0000 + seed)
        func pick(_ n: Int) -> Int { Int(g.next() % UInt64(n)) }
        let values: [Double] = [0, -0.0, 1, 9, 10, 99.5, 123_456_789, 0.1, 1e-7, 1e16, -42.25, 3 * 0.1, 1e300, .nan, .infinity]
        var elements: [LayoutAttributes] = []
        var section = pick(3), item = [9, 99, 999, 9_999, 99_999_998, 0, 5][pick(7)]
        var y = 0.0, width = 50.0, height = 50.0, zIndex = 0
        for _ in 0..<400 {
            switch pick(40) {
            case 0: section = pick(4)
            case 1: item = [9, 99, 999, 9_999, 12_345, 99_999_999, Int.max - 5, 0][pick(8)]
            case 2: y = values[pick(values.count)]
            case 3: width = values[pick(values.count)]
            case 4: height = values[pick(values.count)]
            case 5: zIndex = [0, 1, -1, 10, Int.min, Int.max][pick(6)]
            case 6:
                elements.append(
                    LayoutAttributes(
                        category: .supplementary, kind: "header", indexPath: IndexPath(section: section, item: 0),
                        frame: Rect(x: 0, y: y, width: 390, height: 40), zIndex: 10))
            case 7: item = item > Int.max - 3 ? 0 : item + pick(3) // a gap, or the same item again
            case 8: y += 60
            default: break
            }
            let x = pick(5) == 0 ? values[pick(values.count)] : Double(pick(6) * 68)
            elements.append(
                LayoutAttributes(
                    category: .cell, indexPath: IndexPath(section: section, item: item),
                    frame: Rect(x: x, y: y, width: width, height: height), zIndex: zIndex))
            item = item == Int.max ? 0 : item + 1
        }
        let (fast, slow) = (Self.streamed(elements), Self.reference(elements))
        #expect(fast.bytes == slow.bytes, "\(String(decoding: fast.bytes.prefix(600), as: UTF8.self))")
        #expect(fast.wroteNonFiniteNumber == slow.wroteNonFiniteNumber)
    }

    /// A grid's rows, as a flow layout streams them: every cell's head and tail copied, items
    /// counted up across 9s.
    @Test func gridRowsAreWrittenAsTheirAttributes() throws {
        var elements: [LayoutAttributes] = []
        for item in 989..<1_211 {
            let (row, column) = item.quotientAndRemainder(dividingBy: 6)
            elements.append(.cell(IndexPath(section: 0, item: item), Rect(x: Double(column * 68), y: Double(row * 60), width: 50, height: 50)))
        }
        let (fast, slow) = (Self.streamed(elements), Self.reference(elements))
        #expect(fast.bytes == slow.bytes)
        _ = try JSONTape.parse(fast.bytes)
    }
}
