import Testing
import TesseraJSON

/// The writer's fast paths against the slow paths they replace: doubles are written
/// without a String (`appendShortest`) and must be exactly `description`'s bytes; strings
/// with nothing to escape are copied whole and must equal the escaping walk's output.
@Suite("JSON writer fast paths")
struct JSONWriterTests {
    private func shortest(_ value: Double) -> String {
        var w = JSONWriter()
        w.appendShortest(value)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test func shortestFormIsDescriptionForEdgeValues() {
        // Subnormals and 2^53 + 1 come from bit patterns: as literals the compiler warns that
        // they round (which is the point of testing them).
        let values: [Double] = [
            0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e22, 1e23, 1e-7, 123456.789,
            Double(bitPattern: 1), 2.2250738585072014e-308,
            Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
            246.66666666666669, 164.44444444444446, 9.0e15, Double(bitPattern: 0x4340_0000_0000_0001), 1e16, -0.0, 0,
            0.5, -1.5, 100, 1e-300, 4.35, 0.000001, 12345678901234567890.0
        ]
        for value in values {
            #expect(shortest(value) == value.description, "\(value.bitPattern)")
        }
    }

    /// Random bit patterns cover every exponent and mantissa shape (subnormals included).
    @Test func shortestFormIsDescriptionForRandomBitPatterns() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var checked = 0
        while checked < 200_000 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let value = Double(bitPattern: state &* 2_685_821_657_736_338_717)
            guard value.isFinite else { continue }
            if shortest(value) != value.description {
                Issue.record("\(value.bitPattern): \(shortest(value)) != \(value.description)")
                return
            }
            checked += 1
        }
    }

    /// Layout-like values: sums and quotients of small numbers, as frames are.
    @Test func shortestFormIsDescriptionForLayoutValues() {
        for a in 1...300 {
            for b in 1...60 {
                let value = Double(a) * 390 / Double(b) + 0.5 / Double(b)
                #expect(shortest(value) == value.description)
            }
        }
    }

    @Test func numbersUseIntegersOrTheShortestForm() {
        var w = JSONWriter()
        w.beginArray()
        for value in [3.0, -2.0, 0.1, 1e20, 246.66666666666669] { w.number(value) }
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[3,-2,0.1,1e+20,246.66666666666669]")
    }

    @Test func stringsWithoutEscapesAreCopiedWhole() throws {
        let samples = [
            "", "cell", "section-header", "café ☕️", String(repeating: "x", count: 300),
            "quote\"d", "back\\slash", "line\nbreak", "tab\t", "\u{1}\u{1F}", "mixed \" and é\n"
        ]
        for sample in samples {
            var w = JSONWriter()
            w.string(sample)
            let tape = try JSONTape.parse(w.bytes)
            #expect(tape.root.string == sample)
            let plain = !sample.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            if plain { #expect(w.bytes == Array("\"\(sample)\"".utf8)) }
        }
        var w = JSONWriter()
        w.string("a\"b\\c\nd\u{1}")
        #expect(String(decoding: w.bytes, as: UTF8.self) == #""a\"b\\c\nd\u0001""#)
    }
}
