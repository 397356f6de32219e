/// Numbers as the picture writes them: at most two decimals, no exponent, no trailing
/// zeros, no "-0". Fixed formatting is what makes the same request give the same bytes on
/// every machine (Swift's `description` may switch to exponents or print 17 digits).
enum SVGNumber {
    /// Beyond this a coordinate is meaningless in a picture; the engine's inputs stay within
    /// ±1e15 and such values are clamped rather than overflowing the integer conversion.
    static let limit = 1e13

    static func append(_ value: Double, to out: inout [UInt8]) {
        var v = value.isFinite ? value : 0
        v = min(max(v, -limit), limit)
        var hundredths = Int64((v * 100).rounded())
        if hundredths == 0 { out.append(UInt8(ascii: "0")); return }
        if hundredths < 0 { out.append(UInt8(ascii: "-")); hundredths = -hundredths }
        appendDigits(hundredths / 100, to: &out)
        let fraction = hundredths % 100
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    /// The decimal digits of a non-negative number.
    static func appendDigits(_ n: Int64, to out: inout [UInt8]) {
        var divisor: Int64 = 1
        while divisor <= n / 10 { divisor *= 10 }
        var rest = n
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    static func string(_ value: Double) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
