import TesseraSupport

/// Strings and numbers: the two scalar scanners, kept apart from the structural ones.
extension JSONParser {
    /// Validates a string (escapes, control characters, UTF-8) and records its byte range.
    mutating func parseString() throws(JSONSyntaxError) {
        position += 1 // opening quote
        let start = position
        var hasEscapes = false
        while true {
            guard position < input.count else { throw fail("unterminated string") }
            let byte = input[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        try append(.init(kind: .string, flag: hasEscapes, a: UInt32(start), b: UInt32(position)))
        position += 1 // closing quote
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        guard position + 1 < input.count else { throw fail("unterminated escape") }
        switch input[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 6 <= input.count,
                (2..<6).allSatisfy({ hexValue(input[position + $0]) != nil })
            else {
                throw fail("invalid \\u escape")
            }
            position += 6
        default:
            throw fail("invalid escape")
        }
    }

    /// One multi-byte UTF-8 scalar: no overlongs, no surrogates, nothing above U+10FFFF.
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        guard let length = UTF8Sequence.length(input, at: position) else { throw fail("invalid UTF-8") }
        position += length
    }

    @inline(__always)
    mutating func appendNumber(_ value: Double) throws(JSONSyntaxError) {
        let bits = value.bitPattern
        try append(.init(kind: .number, flag: false, a: UInt32(bits >> 32), b: UInt32(truncatingIfNeeded: bits)))
    }

    /// The full grammar, kept out of line so the fast path stays small where it is inlined.
    @inline(never)
    mutating func parseNumberFully() throws(JSONSyntaxError) {
        let start = position
        var negative = false
        if input[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < input.count, isDigit(input[position]) else { throw fail("invalid number") }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent10 = 0
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) { throw fail("leading zero in a number") }
        } else {
            while position < input.count, isDigit(input[position]) {
                accumulate(&mantissa, &digits, &exponent10, input[position], afterPoint: false)
                position += 1
            }
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard position < input.count, isDigit(input[position]) else { throw fail("invalid number") }
            while position < input.count, isDigit(input[position]) {
                accumulate(&mantissa, &digits, &exponent10, input[position], afterPoint: true)
                position += 1
            }
        }
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var expNegative = false
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                expNegative = input[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else { throw fail("invalid number") }
            var e = 0
            while position < input.count, isDigit(input[position]) {
                if e < 100_000 { e = e * 10 + Int(input[position] - UInt8(ascii: "0")) }
                position += 1
            }
            exponent10 += expNegative ? -e : e
        }
        let value: Double
        if digits <= 19, mantissa < (1 << 53), exponent10 >= -22, exponent10 <= 22 {
            let m = Double(mantissa)
            value = exponent10 >= 0 ? m * JSONParser.powerOf10(exponent10) : m / JSONParser.powerOf10(-exponent10)
        } else if digits <= 19, exponent10 <= 0, exponent10 >= -19,
            let exact = JSONParser.correctlyRoundedQuotient(mantissa, -exponent10)
        {
            value = exact
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
            guard let parsed = Double(text) else { throw JSONSyntaxError(offset: start, reason: "invalid number") }
            value = parsed.magnitude // the sign is applied once, below
        }
        let signed = negative ? -value : value
        guard signed.isFinite else { throw JSONSyntaxError(offset: start, reason: "number out of range") }
        try appendNumber(signed)
    }

    /// m / 10^f correctly rounded, for the 16 to 19 significant digits of Swift's and
    /// JavaScript's shortest forms (`1.2345678901234567`, too long for the exact fast path
    /// above): a candidate from floating-point division (within an ulp or so), checked and
    /// corrected with exact 128-bit integer arithmetic. The candidate d = M·2^e is the right
    /// double when m/10^f lies between its midpoints (2M ∓ 1)·2^(e−1), ties to the even M;
    /// scaled by 10^f·2^(1−e) both sides are integers below 2^128 for 2^−10 ≤ d < 2^53.
    /// Anything outside that range, or a candidate on a power of two (whose lower midpoint
    /// is closer), returns nil for the standard library's conversion.
    ///
    /// Hand-written because measured faster on a hot path: the one-shot justified request's
    /// 100,000 aspect ratios went through `Double(String)`, one of the costliest steps per
    /// number (docs/performance.md#short-numbers). `JSONParserTests` holds it to
    /// `Double(String)`.
    static func correctlyRoundedQuotient(_ m: UInt64, _ f: Int) -> Double? {
        guard m != 0 else { return 0 }
        let divisor = ShortestDecimal.powerOf10(f)
        var d = Double(m) / Double(divisor) // 10^f ≤ 10^19: exact as a double up to 10^22
        for _ in 0..<3 {
            guard d >= 0x1p-10, d < 0x1p53 else { return nil }
            let bits = d.bitPattern
            let fraction = bits & 0x000F_FFFF_FFFF_FFFF
            guard fraction != 0 else { return nil }
            let significand = fraction | 0x0010_0000_0000_0000
            let shift = 1076 - Int(bits >> 52) // 1 − e: 1...63 in this range
            // m·2^(1−e) against (2M ± 1)·10^f.
            let scaled = (high: m &>> UInt64(64 &- shift), low: m &<< UInt64(shift))
            let upper = (2 &* significand &+ 1).multipliedFullWidth(by: divisor)
            let lower = (2 &* significand &- 1).multipliedFullWidth(by: divisor)
            let odd = significand & 1 == 1
            if scaled > upper || (scaled == upper && odd) {
                d = d.nextUp
            } else if scaled < lower || (scaled == lower && odd) {
                d = d.nextDown
            } else {
                return d
            }
        }
        return nil
    }

    /// Fast path for the numbers long lists are made of (`18`, `-3`, `18.5`, `390.25`): a
    /// sign and a fraction allowed, no exponent. Up to 15 digits make an exact integer below
    /// 2^53 and 10^fraction is exact, so one IEEE division gives the correctly rounded
    /// double, the very one the full grammar (and Swift's `Double(String)`) gives; 16 to 19
    /// digits (shortest forms of computed doubles) go through `correctlyRoundedQuotient`.
    /// Anything else returns nil and `parseNumberFully` reads it, errors included. Returns
    /// the value and the position after it.
    ///
    /// Hand-written because measured faster on a hot path (the bodies of big creates are
    /// mostly numbers; docs/performance.md#short-numbers). `JSONParserTests` holds it to
    /// `Double(String)` across its edges.
    @inline(__always)
    static func shortNumber(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Double, Int)? {
        var p = start
        let negative = base[p] == UInt8(ascii: "-")
        if negative {
            p += 1
            guard p < end else { return nil }
        }
        var digit = base[p] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        var mantissa = UInt64(digit)
        let first = p
        p += 1
        if digit == 0 {
            // A leading zero: the full grammar rejects what follows if it is a digit.
            if p < end, base[p] &- UInt8(ascii: "0") < 10 { return nil }
        } else {
            while p < end {
                digit = base[p] &- UInt8(ascii: "0")
                if digit >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                p += 1
            }
        }
        var digits = p - first
        var fractionDigits = 0
        if p < end, base[p] == UInt8(ascii: ".") {
            p += 1
            let fractionStart = p
            while p < end {
                digit = base[p] &- UInt8(ascii: "0")
                if digit >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                p += 1
            }
            fractionDigits = p - fractionStart
            guard fractionDigits > 0 else { return nil }
            digits += fractionDigits
        }
        if p < end, base[p] | 0x20 == UInt8(ascii: "e") { return nil }
        let magnitude: Double
        if digits <= 15 {
            let exact = Double(Int64(bitPattern: mantissa)) // < 10^15
            magnitude = fractionDigits == 0 ? exact : exact / powerOf10(fractionDigits)
        } else if digits <= 19, let quotient = correctlyRoundedQuotient(mantissa, fractionDigits) {
            magnitude = quotient // 16 to 19 digits: the mantissa is still exact (< 10^19)
        } else {
            return nil // longer digit strings wrapped above
        }
        return (negative ? -magnitude : magnitude, p)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Significant digits go into the mantissa while it stays exact; later ones only move
    /// the exponent (and send the number to the slow path through `digits`).
    @inline(__always)
    private func accumulate(
        _ mantissa: inout UInt64, _ digits: inout Int, _ exponent10: inout Int,
        _ byte: UInt8, afterPoint: Bool
    ) {
        let d = UInt64(byte - UInt8(ascii: "0"))
        if mantissa == 0 && d == 0 {
            if afterPoint { exponent10 -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + d
            digits += 1
            if afterPoint { exponent10 -= 1 }
        } else {
            digits += 1
            if !afterPoint { exponent10 += 1 }
        }
    }

    /// 10^e for 0 ≤ e ≤ 22, the powers a double holds exactly. A switch of literals, not a
    /// static array: reading a global array costs a lazy-initialisation check per number.
    @inline(__always)
    static func powerOf10(_ e: Int) -> Double {
        switch e {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
