import SeededRandom
import Testing
import TesseraSupport
import TesseraJSON

/// `ShortestDecimal`, the writer's fast path for doubles, against the slow path it stands in
/// for: Swift's `description` (the standard library's shortest round-trip formatter). Where
/// the fast path declines, `JSONCursor.shortest` falls back to that formatter, so every
/// double written must be `description`'s bytes, whichever path wrote it.
@Suite("Shortest decimal fast path")
struct ShortestDecimalTests {
    /// The fast path's own answer, or nil where it declines (through a reservation of
    /// exactly `maxBytes`, so a store past it traps).
    private func fast(_ value: Double) -> String? {
        OutputBuffer.withTemporary(capacity: ShortestDecimal.maxBytes) { out in
            guard ShortestDecimal.write(value, to: &out) else { return nil }
            return out.withWrittenBytes { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// What the writer writes for a finite non-integer: always `description`.
    private func written(_ value: Double) -> String {
        var w = JSONWriter()
        w.appendShortest(value)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Random significands in every binade of the fast path's range (2^-7 … 2^50), both signs.
    @Test func randomDoublesInRangeAreDescription() {
        var g = XorShiftStar(state: 0x2545_F491_4F6C_DD1D)
        var taken = 0
        for _ in 0..<2_000_000 {
            let r = g.next()
            let exponent = UInt64(1023 - 7) + r % 57
            let value = Double(bitPattern: exponent << 52 | (g.next() & 0x000F_FFFF_FFFF_FFFF))
            let signed = r & (1 << 62) == 0 ? value : -value
            guard let text = fast(signed) else { continue }
            taken += 1
            if text != signed.description {
                Issue.record("\(signed.bitPattern): \(text) != \(signed.description)")
                return
            }
        }
        // Only integers and values outside 0.01 … 2^50 decline: nearly every draw is taken.
        #expect(taken > 1_950_000)
    }

    /// Any 64 bits at all (every exponent, subnormals, NaNs, infinities): what the fast path
    /// takes is `description`, and it takes every non-integer in its range.
    @Test func randomBitPatternsAreDescriptionOrDeclined() {
        var g = XorShiftStar(state: 0x0BAD_5EED_1234_5679)
        for _ in 0..<2_000_000 {
            let value = Double(bitPattern: g.next())
            guard let text = fast(value) else {
                let m = value.magnitude
                #expect(!(m >= 0.01 && m < 0x1p50) || m == m.rounded(.towardZero), "\(value.bitPattern)")
                continue
            }
            if text != value.description {
                Issue.record("\(value.bitPattern): \(text) != \(value.description)")
                return
            }
        }
    }

    /// Values as layouts make them: quotients and sums of small numbers, short decimals.
    @Test func layoutValuesAreDescription() {
        for a in 1...300 {
            for b in 1...60 {
                for value in [
                    Double(a) * 390 / Double(b) + 0.5 / Double(b), Double(a) / Double(b),
                    Double(a) * 0.1 + Double(b) * 0.01, Double(a * 1000 + b) * 48_611.3 / 7
                ] {
                    #expect(written(value) == value.description)
                    if let text = fast(value) { #expect(text == value.description) }
                }
            }
        }
        for i in 1...20_000 {
            for value in [Double(i) / 100, Double(i) / 1000 + 0.5, Double(i) * 0.25 + 0.125] {
                if let text = fast(value) { #expect(text == value.description, "\(value)") }
            }
        }
    }

    /// The edges: the range's ends, powers of two (whose lower neighbour is closer), their
    /// neighbours, 16 whole digits, 17 and 18 fraction digits.
    @Test func edgesAreDescriptionOrDeclined() {
        var values: [Double] = [
            0.01, 0.01.nextUp, 0.01.nextDown, 0.1, 0.1.nextDown, 0.3, 1.0 / 3, 2.0 / 3,
            1.0.nextDown, 1.0.nextUp, 9.999999999999998, 0x1p50.nextDown, 0x1p50,
            1e15 + 0.5, 999_999_999_999_999.9, 0.099999999999999992, 0.012345678901234567,
            123_456.789, 4.35, 246.66666666666669, 164.44444444444446, 0.5, 1.5, 1e-7, 1e22
        ]
        for e in -8...51 {
            let p = Double(sign: .plus, exponent: e, significand: 1)
            values += [p, p.nextUp, p.nextDown, p.nextUp.nextUp, p * 1.5]
        }
        for value in values + values.map({ -$0 }) {
            if let text = fast(value) { #expect(text == value.description, "\(value.bitPattern)") }
            if value.isFinite, value != value.rounded(.towardZero) {
                #expect(written(value) == value.description, "\(value.bitPattern)")
            }
        }
    }

    /// Exact ties: from about 2^47 up a value has few fraction bits and can lie exactly
    /// between two shortest candidates (-104479768253290.875 between …290.87 and …290.88);
    /// `description` takes the even one, and so does the fast path (it used to decline).
    @Test func tiesTakeTheEvenCandidate() {
        var g = XorShiftStar(state: 0x7135_0000_0000_0001)
        for _ in 0..<100_000 {
            let value = 0x1p47 + Double(g.next() % (1 << 49)) + Double(g.next() % 7 + 1) / 8
            for signed in [value, -value] {
                guard let text = fast(signed) else {
                    Issue.record("declined \(signed.bitPattern)")
                    return
                }
                #expect(text == signed.description, "\(signed.bitPattern)")
            }
        }
        for value in [-104_479_768_253_290.875, 265_001_138_375_468.875, 1_054_206_913_500_615.25, 728_995_085_736_528.75] {
            #expect(fast(value) == value.description)
        }
    }

    @Test func declinesOutsideItsRange() {
        for value in [
            0.0, -0.0, 3.0, -12.0, 0.009, 1e-5, 0x1p50 + 0.5, 1e16, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, .infinity, .nan
        ] {
            #expect(fast(value) == nil, "\(value)")
        }
    }

    /// Numbers as elements carry them: integers without a fraction, the rest shortest.
    @Test func cursorNumbersMatchTheWritersRules() {
        var g = XorShiftStar(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<50_000 {
            let r = g.next()
            let value: Double =
                switch r % 4 {
                case 0: Double(Int64(bitPattern: g.next()) % 10_000_000)
                case 1: Double(bitPattern: g.next())
                case 2: Double(Int64(bitPattern: g.next()) % 1_000_000) / 64
                default: Double(g.next() % 100_000) / 7
                }
            guard value.isFinite else { continue }
            var w = JSONWriter()
            w.number(value)
            let expected =
                value == value.rounded(.towardZero) && value.magnitude < 9.0e15
                ? String(Int(value)) : value.description
            #expect(String(decoding: w.bytes, as: UTF8.self) == expected, "\(value.bitPattern)")
        }
        for value in [Int.min, Int.max, 0, -1, 9, 10, 99, 100, -100, 1_000_000_007] {
            var w = JSONWriter()
            w.int(value)
            #expect(String(decoding: w.bytes, as: UTF8.self) == String(value))
        }
    }
}
