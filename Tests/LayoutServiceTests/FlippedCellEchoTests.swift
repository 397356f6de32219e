import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
@testable import LayoutService

/// A flipped axis's plain cells (`FlippedAxisReplyWriter.takeCell`, through `FlippedCellEcho`)
/// against the same cells taken as attributes (the general element writer with the same
/// `visualFrame`): byte for byte, over sequences made to hit the echoes' edges (items ending
/// in 9s, sections that change, repeated and alternating rows and columns, z-indexes, long and
/// non-finite numbers, other elements between the cells).
@Suite("Flipped cell echo")
struct FlippedCellEchoTests {
    private static func written(_ elements: [LayoutAttributes], visualWidth: Double, fast: Bool) -> JSONWriter {
        let writer = FlippedAxisReplyWriter(version: 3, contentSize: Size(width: 390, height: 1e7), capacity: 16, visualWidth: visualWidth)
        for e in elements {
            if fast && e.category == .cell && JSONWriter.isPlain(e) && e.alpha.bitPattern == Double(1).bitPattern {
                writer.takeCell(e.indexPath, e.frame, zIndex: e.zIndex)
            } else {
                writer.take(e)
            }
        }
        return writer.finish()
    }

    @Test(arguments: 0..<8)
    func plainCellsAreWrittenAsTheirAttributes(seed: UInt64) throws {
        let elements = echoEdgeCells(seed: 0xF11_0000 + seed, size: 97.5, column: 97.5, columns: 4, row: 97.5)
        for visualWidth in [390.0, 0.3, 1e7] {
            let fast = Self.written(elements, visualWidth: visualWidth, fast: true)
            let slow = Self.written(elements, visualWidth: visualWidth, fast: false)
            #expect(fast.bytes == slow.bytes, "\(String(decoding: fast.bytes.prefix(600), as: UTF8.self))")
            #expect(fast.wroteNonFiniteNumber == slow.wroteNonFiniteNumber)
        }
    }

    /// A four-column grid's rows in a 390-wide flipped view: every cell carries its mirrored x.
    @Test func aGridsCellsCarryTheirMirroredX() throws {
        var elements: [LayoutAttributes] = []
        for i in 0..<12 {
            elements.append(
                LayoutAttributes(
                    category: .cell, indexPath: IndexPath(section: 0, item: i),
                    frame: Rect(x: Double(i % 4) * 97.5, y: Double(i / 4) * 97.5, width: 97.5, height: 97.5), zIndex: 0))
        }
        let fast = Self.written(elements, visualWidth: 390, fast: true)
        #expect(fast.bytes == Self.written(elements, visualWidth: 390, fast: false).bytes)
        let text = String(decoding: fast.bytes, as: UTF8.self)
        #expect(
            text.contains(
                #"{"category":"cell","indexPath":[0,5],"frame":{"x":97.5,"y":97.5,"width":97.5,"height":97.5},"visualFrame":{"x":195,"y":97.5,"width":97.5,"height":97.5},"zIndex":0,"alpha":1}"#
            ))
    }
}
