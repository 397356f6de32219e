import LayoutEngine

/// Appends SVG markup to a byte buffer: numbers in fixed format, text escaped.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Fixed markup: no String to build or copy (the hot path, a few per element).
    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Double) { SVGNumber.append(value, to: &bytes) }

    /// `section,item`.
    mutating func indexPath(_ indexPath: IndexPath) {
        integer(indexPath.section)
        literal(",")
        integer(indexPath.item)
    }

    mutating func integer(_ n: Int) {
        if n < 0 { literal("-") }
        SVGNumber.appendDigits(Int64(clamping: n.magnitude), to: &bytes)
    }

    /// ` name="value"` for a number.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        literal(" ")
        literal(name)
        literal("=\"")
        number(value)
        literal("\"")
    }

    /// ` name="value"` for text, escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        literal(" ")
        literal(name)
        literal("=\"")
        escaped(value)
        literal("\"")
    }

    /// XML-escapes `text`; control characters XML 1.0 forbids become U+FFFD (a kind name is
    /// client input and must not break the document).
    mutating func escaped(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"": raw("&quot;")
            case "'": raw("&apos;")
            case "\t", "\n", "\r": bytes.append(contentsOf: String(scalar).utf8)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    raw("\u{FFFD}")
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    /// `x,y x,y …` for a polygon.
    mutating func points(_ quad: Quad) {
        for (i, p) in quad.points.enumerated() {
            if i > 0 { literal(" ") }
            number(p.x)
            literal(",")
            number(p.y)
        }
    }
}
