import LayoutEngine
import SeededRandom

/// Plain cells made to hit every edge of the reply writers' echoes (`CellEcho`,
/// `FlippedCellEcho`): items ending in 9, 99, 999 and 9999 (no carry is counted up), sections
/// that change and come back, repeated and alternating rows and columns, z-indexes, long and
/// non-finite numbers, a header now and then between the cells. A grid of `size` cells, its
/// columns `column` apart (`columns` of them) and its rows `row` apart.
func echoEdgeCells(seed: UInt64, size: Double, column: Double, columns: Int, row: Double) -> [LayoutAttributes] {
    var g = XorShiftStar(state: seed)
    func pick(_ n: Int) -> Int { Int(g.next() % UInt64(n)) }
    let values: [Double] = [0, -0.0, 1, 9, 10, 99.5, 123_456_789, 0.1, 1e-7, 1e16, -42.25, 3 * 0.1, 1e300, .nan, .infinity]
    var elements: [LayoutAttributes] = []
    var section = pick(3), item = [9, 99, 999, 9_999, 99_999_998, 0, 5][pick(7)]
    var y = 0.0, width = size, height = size, zIndex = 0
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
        case 8: y += row
        default: break
        }
        let x = pick(5) == 0 ? values[pick(values.count)] : Double(pick(columns)) * column
        elements.append(
            LayoutAttributes(
                category: .cell, indexPath: IndexPath(section: section, item: item),
                frame: Rect(x: x, y: y, width: width, height: height), zIndex: zIndex))
        item = item == Int.max ? 0 : item + 1
    }
    return elements
}
