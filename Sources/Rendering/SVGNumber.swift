import TesseraSupport

/// Numbers as the picture writes them: at most two decimals, no exponent, no trailing
/// zeros, no "-0". Fixed formatting is what makes the same request give the same bytes on
/// every machine (Swift's `description` may switch to exponents or print 17 digits).
enum SVGNumber {
    /// Beyond this a coordinate is meaningless in a picture; the engine's inputs stay within
    /// ±1e15 and such values are clamped rather than overflowing the integer conversion.
    static let limit = 1e13

    /// The most bytes `append` writes: a sign, 14 whole digits (below `limit`), the point
    /// and two decimals.
    static let maxBytes = 18

    static func append(_ value: Double, to out: inout OutputBuffer) {
        out.withReserved(maxBytes) { write(value, to: &$0) }
    }

    /// Writes `value` through `out`, which must have `maxBytes` of room (every store checked).
    static func write(_ value: Double, to out: inout OutputWriter) {
        var v = value.isFinite ? value : 0
        v = min(max(v, -limit), limit)
        var hundredths = Int64((v * 100).rounded())
        if hundredths == 0 {
            out.byte(UInt8(ascii: "0"))
            return
        }
        if hundredths < 0 {
            out.byte(UInt8(ascii: "-"))
            hundredths = -hundredths
        }
        out.decimal(UInt64(hundredths / 100))
        let fraction = hundredths % 100
        guard fraction != 0 else { return }
        out.byte(UInt8(ascii: "."))
        // Two decimals, or one when the second is a zero.
        if fraction % 10 == 0 {
            out.fixedDigits(UInt64(fraction / 10), count: 1)
        } else {
            out.fixedDigits(UInt64(fraction), count: 2)
        }
    }

    static func string(_ value: Double) -> String {
        OutputBuffer.string(capacity: maxBytes) { write(value, to: &$0) }
    }
}
