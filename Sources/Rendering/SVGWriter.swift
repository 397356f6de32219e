/// Appends SVG markup to a byte buffer: numbers in fixed format, text escaped.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func number(_ value: Double) { SVGNumber.append(value, to: &bytes) }

    /// ` name="value"` for a number.
    mutating func attribute(_ name: String, _ value: Double) {
        raw(" \(name)=\"")
        number(value)
        raw("\"")
    }

    /// ` name="value"` for text, escaped.
    mutating func attribute(_ name: String, _ value: String) {
        raw(" \(name)=\"")
        escaped(value)
        raw("\"")
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
            if i > 0 { raw(" ") }
            number(p.x)
            raw(",")
            number(p.y)
        }
    }
}
