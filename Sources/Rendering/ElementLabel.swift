import LayoutEngine
import TesseraSupport

/// An element's index-path label, sized to fit the element as drawn: `0,3` for a cell,
/// `header 0,3` for other kinds when that fits, else the index path alone. Monospace text
/// is about 0.6 em wide per character. The kind is named only when that still reads at
/// `minimumKindLabelPixels`; a label that would come out under `minimumLabelPixels` is left
/// out: at that size it is noise, not a label. Sized from character counts, so a picture of
/// many elements builds no strings for its labels.
struct ElementLabel {
    static let minimumKindLabelPixels = 9.0

    var namesKind: Bool
    var fontSize: Double

    static func fitting(_ a: LayoutAttributes, in box: Rect, scale: Double) -> ElementLabel? {
        let pathLength = digitCount(a.indexPath.section) + 1 + digitCount(a.indexPath.item)
        if !a.kind.isEmpty {
            let size = fontSize(characters: a.kind.count + 1 + pathLength, in: box, scale: scale)
            if size * scale >= minimumKindLabelPixels { return ElementLabel(namesKind: true, fontSize: size) }
        }
        let size = fontSize(characters: pathLength, in: box, scale: scale)
        return size * scale >= SVGRenderer.minimumLabelPixels ? ElementLabel(namesKind: false, fontSize: size) : nil
    }

    static func fontSize(characters: Int, in box: Rect, scale: Double) -> Double {
        let byWidth = 0.9 * box.width / (0.6 * Double(max(1, characters)))
        let byHeight = 0.45 * box.height
        return min(byWidth, byHeight, SVGRenderer.maximumLabelPixels / scale)
    }

    /// The characters of `n` in decimal, a minus sign included.
    static func digitCount(_ n: Int) -> Int {
        max(1, DecimalDigits.count(UInt64(n.magnitude))) + (n < 0 ? 1 : 0)
    }

    /// The label's text: `kind s,i` or `s,i`.
    func write(_ a: LayoutAttributes, to w: inout SVGWriter) {
        if namesKind {
            w.escaped(a.kind)
            w.literal(" ")
        }
        w.indexPath(a.indexPath)
    }
}
