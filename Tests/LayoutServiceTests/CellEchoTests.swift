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
        let elements = echoEdgeCells(seed: 0xCE11_0000 + seed, size: 50, column: 68, columns: 6, row: 60)
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
