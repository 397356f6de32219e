import LayoutEngine
import TesseraSupport

/// Appends SVG markup to a byte buffer (`OutputBuffer`, docs/memory-safety.md): numbers in
/// fixed format, text escaped.
struct SVGWriter {
    private var out: OutputBuffer

    /// The picture so far (the buffer's array: no copy).
    var bytes: [UInt8] { out.bytes }

    init(capacity: Int) { out = OutputBuffer(capacity: capacity) }

    mutating func raw(_ text: String) {
        out.append(utf8: text)
    }

    /// Fixed markup: no String to build or copy (the hot path, a few per element).
    mutating func literal(_ text: StaticString) {
        out.append(text)
    }

    mutating func number(_ value: Double) { SVGNumber.append(value, to: &out) }

    /// Numbers separated by spaces (a viewBox, a dash array).
    mutating func numbers(_ values: Double...) {
        for (i, value) in values.enumerated() {
            if i > 0 { literal(" ") }
            number(value)
        }
    }

    /// `section,item`, through one reservation.
    mutating func indexPath(_ indexPath: IndexPath) {
        out.withReserved(41) { w in
            w.decimal(indexPath.section)
            w.byte(UInt8(ascii: ","))
            w.decimal(indexPath.item)
        }
    }

    mutating func integer(_ n: Int) {
        out.appendDecimal(n)
    }

    /// ` name="value"` for a number, through one reservation (a few per element: the hot path).
    mutating func attribute(_ name: StaticString, _ value: Double) {
        out.withReserved(name.utf8CodeUnitCount + 4 + SVGNumber.maxBytes) { w in
            w.byte(UInt8(ascii: " "))
            w.bytes(name)
            w.bytes("=\"")
            SVGNumber.write(value, to: &w)
            w.byte(UInt8(ascii: "\""))
        }
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
            case "\t", "\n", "\r": out.append(contentsOf: scalar.utf8)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    raw("\u{FFFD}")
                } else {
                    out.append(contentsOf: scalar.utf8)
                }
            }
        }
    }

    /// `x,y x,y …` for a polygon, a point per reservation.
    mutating func points(_ quad: Quad) {
        for (i, p) in quad.points.enumerated() {
            out.withReserved(2 + 2 * SVGNumber.maxBytes) { w in
                if i > 0 { w.byte(UInt8(ascii: " ")) }
                SVGNumber.write(p.x, to: &w)
                w.byte(UInt8(ascii: ","))
                SVGNumber.write(p.y, to: &w)
            }
        }
    }
}
