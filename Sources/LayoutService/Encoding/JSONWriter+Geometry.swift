import LayoutEngine
import TesseraJSON

/// Geometry and attributes in the API's shapes (docs/api.md: "An element").
extension JSONWriter {
    mutating func size(_ s: Size) {
        beginObject()
        key("width" as StaticString)
        number(s.width)
        key("height" as StaticString)
        number(s.height)
        endObject()
    }

    mutating func point(_ p: Point) {
        beginObject()
        key("x")
        number(p.x)
        key("y")
        number(p.y)
        endObject()
    }

    mutating func rect(_ r: Rect) {
        beginObject()
        key("x")
        number(r.minX)
        key("y")
        number(r.minY)
        key("width")
        number(r.width)
        key("height")
        number(r.height)
        endObject()
    }

    mutating func insets(_ i: EdgeInsets) {
        beginObject()
        key("top")
        number(i.top)
        key("left")
        number(i.left)
        key("bottom")
        number(i.bottom)
        key("right")
        number(i.right)
        endObject()
    }

    mutating func indexPath(_ p: IndexPath) {
        beginArray()
        int(p.section)
        int(p.item)
        endArray()
    }

    mutating func view(_ v: ViewContext) {
        beginObject()
        key("bounds")
        size(v.bounds)
        key("contentOffset")
        point(v.contentOffset)
        key("contentInset")
        insets(v.contentInset)
        key("scale")
        number(v.scale)
        // Written when not the default, so left-to-right replies keep their bytes.
        if v.layoutDirection != .leftToRight {
            key("layoutDirection")
            string(v.layoutDirection.rawValue)
        }
        // docs/compositional.md §6, written when given, so other replies keep their bytes.
        if let margins = v.layoutMargins {
            key("layoutMargins")
            insets(margins)
        }
        if v.safeAreaInsets != .zero {
            key("safeAreaInsets")
            insets(v.safeAreaInsets)
        }
        if v.wantsWideMargins {
            key("wideMargins")
            bool(true)
        }
        if !v.orthogonalOffsets.isEmpty {
            // docs/compositional.md C13, by section index, ascending.
            key("orthogonalOffsets")
            beginObject()
            for (s, offset) in v.orthogonalOffsets.sorted(by: { $0.key < $1.key }) {
                key(String(s))
                number(offset)
            }
            endObject()
        }
        endObject()
    }

    mutating func elementKey(_ k: ElementKey) {
        beginObject()
        key("category")
        string(k.category.rawValue)
        if k.category != .cell {
            key("kind")
            string(k.kind)
        }
        key("indexPath")
        indexPath(k.indexPath)
        endObject()
    }

    mutating func info(_ info: [(key: String, value: Double)]) {
        beginObject()
        for (name, value) in info {
            key(name)
            number(value)
        }
        endObject()
    }
}
