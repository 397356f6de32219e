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
        var g = XorShiftStar(state: 0xF11_0000 + seed)
        func pick(_ n: Int) -> Int { Int(g.next() % UInt64(n)) }
        let values: [Double] = [0, -0.0, 1, 9, 10, 99.5, 123_456_789, 0.1, 1e-7, 1e16, -42.25, 3 * 0.1, 1e300, .nan, .infinity]
        var elements: [LayoutAttributes] = []
        var section = pick(3), item = [9, 99, 999, 9_999, 99_999_998, 0, 5][pick(7)]
        var y = 0.0, width = 97.5, height = 97.5, zIndex = 0
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
            case 7: item = item > Int.max - 3 ? 0 : item + pick(3)
            case 8: y += 97.5
            default: break
            }
            let x = pick(5) == 0 ? values[pick(values.count)] : Double(pick(4)) * 97.5
            elements.append(
                LayoutAttributes(
                    category: .cell, indexPath: IndexPath(section: section, item: item),
                    frame: Rect(x: x, y: y, width: width, height: height), zIndex: zIndex))
            item = item == Int.max ? 0 : item + 1
        }
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
