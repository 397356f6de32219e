import LayoutEngine

/// An element's index-path label, sized to fit the element as drawn: `0,3` for a cell,
/// `header 0,3` for other kinds when that fits, else the index path alone. Monospace text
/// is about 0.6 em wide per character. The kind is named only when that still reads at
/// `minimumKindLabelPixels`; a label that would come out under `minimumLabelPixels` is left
/// out: at that size it is noise, not a label.
struct ElementLabel {
    static let minimumKindLabelPixels = 9.0

    var text: String
    var fontSize: Double

    static func fitting(_ a: LayoutAttributes, in box: Rect, scale: Double) -> ElementLabel? {
        let path = "\(a.indexPath.section),\(a.indexPath.item)"
        if !a.kind.isEmpty {
            let named = "\(a.kind) \(path)"
            let size = fontSize(for: named, in: box, scale: scale)
            if size * scale >= minimumKindLabelPixels { return ElementLabel(text: named, fontSize: size) }
        }
        let size = fontSize(for: path, in: box, scale: scale)
        return size * scale >= SVGRenderer.minimumLabelPixels ? ElementLabel(text: path, fontSize: size) : nil
    }

    static func fontSize(for text: String, in box: Rect, scale: Double) -> Double {
        let characters = Double(max(1, text.count))
        let byWidth = 0.9 * box.width / (0.6 * characters)
        let byHeight = 0.45 * box.height
        return min(byWidth, byHeight, SVGRenderer.maximumLabelPixels / scale)
    }
}
