import Testing
import TesseraJSON

@Suite("JSON tape parser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONTape {
        try JSONTape.parse(Array(text.utf8))
    }

    private func rejects(_ text: String, _ reasonFragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try JSONTape.parse(Array(text.utf8))
            Issue.record("accepted \(text)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.reason.contains(reasonFragment), "\(error.reason)", sourceLocation: sourceLocation)
        }
    }

    @Test func readsNestedValues() throws {
        let tape = try parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d\u00e9\n"}} "#)
        let root = tape.root
        let a = try #require(root["a"]?.arrayElements).map { $0 }
        #expect(a.count == 6)
        #expect(a[0].double == 1)
        #expect(a[1].double == -2.5)
        #expect(a[2].double == 300)
        #expect(a[3].bool == true)
        #expect(a[4].bool == false)
        #expect(a[5].isNull)
        #expect(root["b"]?["c"]?.string == "dé\n")
        #expect(root["missing"] == nil)
    }

    @Test func numbersAreCorrectlyRounded() throws {
        // Fast path (exact mantissa and power of ten) and slow path (many digits) must both
        // give the double nearest the decimal, as JavaScript's parser does.
        let cases = [
            "0.1", "106.66666666666667", "1.7976931348623157e308", "5e-324",
            "123456789012345678901234567890", "0.000001", "-0", "2.2250738585072014e-308"
        ]
        for text in cases {
            let v = try #require(parse(text).root.double)
            #expect(v == Double(text)!, "\(text)")
        }
        #expect(try parse("-0").root.double!.sign == .minus)
    }

    /// The parser's fast path (positive integers of up to 15 digits) and its full grammar
    /// must give the same doubles: every number here is compared with Swift's own correctly
    /// rounded `Double(String)`, across the fast path's edges (15 vs 16 digits, a fraction
    /// or an exponent after the digits, signs and leading zeros, which take the full path).
    @Test func shortIntegerFastPathMatchesTheFullGrammar() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var texts = [
            "0", "-0", "1", "9", "10", "-12", "7e3", "15e-1", "12.5", "1E2", "123456789012345",
            "999999999999999", "1234567890123456", "9007199254740993", "99999999999999999999", "0.5"
        ]
        for length in 1...20 {
            for _ in 0..<50 {
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                var digits = String(1 + state % 9)
                var rest = state &* 2_685_821_657_736_338_717
                for _ in 1..<length {
                    digits += String(rest % 10)
                    rest /= 10
                    if rest == 0 { rest = state | 1 }
                }
                texts += [digits, digits + ".25", digits + "e2", "-" + digits]
            }
        }
        for text in texts {
            let parsed = try parse("[" + text + "," + text + "]").root
            let expected = try #require(Double(text))
            for element in try #require(parsed.arrayElements) {
                #expect(element.double?.bitPattern == expected.bitPattern, "\(text)")
            }
        }
    }

    @Test func rejectsMalformedInput() {
        rejects("", "end of input")
        rejects("{", "expected a string key")
        rejects("[1,]", "unexpected character")
        rejects(#"{"a" 1}"#, "expected ':'")
        rejects("01", "leading zero")
        rejects("1.", "invalid number")
        rejects("NaN", "unexpected character")
        rejects("Infinity", "unexpected character")
        rejects("1e999", "out of range")
        rejects("[1] x", "after the JSON value")
        rejects("\"a\u{01}\"", "control character")
        rejects(#""\x""#, "invalid escape")
        rejects(#""\u12G4""#, "escape")
        rejects("tru", "end of input")
        rejects("trux", "invalid literal")
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xFF, 0x22]] {
            #expect(throws: JSONSyntaxError.self) { try JSONTape.parse(bytes) }
        }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        rejects(deep, "nesting deeper than 64")
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try parse(fine)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""\ud83d\ude00 \"q\" \\ \/ \t""#).root.string == "😀 \"q\" \\ / \t")
    }

    @Test func writerRoundTripsValues() throws {
        let text = #"{"a":[1,-2.5,300,true,false,null],"b":{"c":"d\"\n"},"e":0.1}"#
        var w = JSONWriter()
        w.value(try parse(text).root)
        #expect(String(decoding: w.bytes, as: UTF8.self) == text)
    }

    @Test func writerNumbersRoundTrip() throws {
        // Property: every written number parses back to the same double.
        var state: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let v = Double(bitPattern: state >> 2) // finite, any magnitude
            guard v.isFinite else { continue }
            var w = JSONWriter()
            w.number(v)
            let back = try JSONTape.parse(w.bytes).root.double
            #expect(back == v)
        }
    }
}
