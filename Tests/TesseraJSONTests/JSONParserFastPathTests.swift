import Foundation
import SeededRandom
import Testing
import TesseraJSON

/// The parser's fast paths against its slow ones: short numbers (`shortNumber` and the
/// inline integer loop) and long decimals (`correctlyRoundedQuotient`) against Swift's own
/// correctly rounded `Double(String)`, bit for bit; plain strings read eight bytes at a time
/// and the structural loop against what the document says, at every alignment.
@Suite("JSON parser fast paths")
struct JSONParserFastPathTests {
    /// Parses each text as an array element (the inline path) and alone (the dispatch),
    /// and compares the bits with `Double(String)`.
    private func expectParsedAsStandardLibrary(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = "[" + texts.joined(separator: ",") + "]"
        let elements = try #require(try JSONTape.parse(Array(document.utf8)).root.arrayElements).map { $0 }
        #expect(elements.count == texts.count, sourceLocation: sourceLocation)
        for (text, element) in zip(texts, elements) {
            let expected = try #require(Double(text), sourceLocation: sourceLocation)
            #expect(element.double?.bitPattern == expected.bitPattern, "\(text)", sourceLocation: sourceLocation)
            let alone = try JSONTape.parse(Array(text.utf8)).root.double
            #expect(alone?.bitPattern == expected.bitPattern, "\(text) alone", sourceLocation: sourceLocation)
        }
    }

    /// Sizes and positions as bodies carry them: `18`, `-3`, `18.5`, `390.25`, `0.05`, up
    /// to and past the 15 digits of the short path.
    @Test func shortDecimalsAreCorrectlyRounded() throws {
        var g = XorShiftStar(state: 0x2545_F491_4F6C_DD1D)
        var texts = [
            "0", "-0", "0.5", "-0.5", "18", "18.5", "390.25", "0.05", "-12.125", "999999999999999",
            "99999999999999.9", "0.000000000000001", "1.000000000000001", "123456789012345.6",
            "0.1", "0.2", "0.3", "2.675", "1e2", "1.5E-3", "-0.0", "7.0"
        ]
        for whole in 1...16 {
            for fraction in 0...16 {
                for _ in 0..<6 {
                    var text = String(1 + g.next() % 9) + g.digits(whole - 1)
                    if fraction > 0 { text += "." + g.digits(fraction) }
                    texts.append(g.next() % 3 == 0 ? "-" + text : text)
                    texts.append("0." + g.digits(fraction + 1))
                }
            }
        }
        try expectParsedAsStandardLibrary(texts)
    }

    /// Swift's and JavaScript's shortest forms of random doubles (16–17 digits), decimals
    /// of 16 to 19 digits, and exact halfway cases between two doubles (ties to even).
    @Test func longDecimalsAreCorrectlyRounded() throws {
        var g = XorShiftStar(state: 0x9E37_79B9_7F4A_7C15)
        var texts: [String] = []
        for _ in 0..<20_000 {
            let exponent = UInt64(1023 - 12) + g.next() % 66
            let value = Double(bitPattern: exponent << 52 | (g.next() & 0x000F_FFFF_FFFF_FFFF))
            texts.append(value.description)
            texts.append(value.nextUp.description)
        }
        for length in 16...19 {
            for point in 1..<length {
                for _ in 0..<20 {
                    let all = String(1 + g.next() % 9) + g.digits(length - 1)
                    let text = String(all.prefix(point)) + "." + String(all.dropFirst(point))
                    texts.append(text)
                    texts.append("0." + String(repeating: "0", count: Int(g.next() % 3)) + all)
                }
            }
        }
        // Halfway between two doubles, written in ≤ 19 digits: n + 0.5 just above 2^52
        // (where the spacing is 1), n + 0.25 above 2^51, and their neighbours.
        for n in stride(from: UInt64(1) << 52, to: (UInt64(1) << 52) + 40, by: 1) {
            texts += ["\(n).5", "\(n).4999999999999", "\(n).5000000000001"]
        }
        for n in stride(from: UInt64(1) << 51, to: (UInt64(1) << 51) + 20, by: 1) {
            texts += ["\(n).25", "\(n).75", "\(n).125"]
        }
        texts += [
            "9007199254740991.5", "0.0009765625", "0.00097656249999999999", "1.7976931348623157",
            "2.2250738585072014", "0.30000000000000004", "1.0000000000000002", "0.9999999999999999"
        ]
        try expectParsedAsStandardLibrary(texts)
    }

    /// Plain strings are found eight bytes at a time; escapes, UTF-8 and control characters
    /// at every offset within a word (and near the end of the document, where fewer than
    /// eight bytes remain) go to the full validator with the same results.
    @Test func stringsAtEveryAlignment() throws {
        let specials = ["", "é", "\\n", "\\\"", "\\u00e9", "☕️"]
        for prefix in 0..<17 {
            for special in specials {
                for suffix in [0, 1, 7, 8, 9] {
                    let raw = String(repeating: "a", count: prefix) + special + String(repeating: "b", count: suffix)
                    let document = #"{"k":""# + raw + #"","n":1}"#
                    let root = try JSONTape.parse(Array(document.utf8)).root
                    let expected = raw.replacingOccurrences(of: "\\n", with: "\n")
                        .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\u00e9", with: "é")
                    #expect(root["k"]?.string == expected, "\(document)")
                    #expect(root["n"]?.double == 1)
                    // The string as the whole document: fewer than eight bytes after it.
                    #expect(try JSONTape.parse(Array(("\"" + raw + "\"").utf8)).root.string == expected)
                }
            }
            let control = #"[""# + String(repeating: "a", count: prefix) + "\u{1}" + #""]"#
            #expect(throws: JSONSyntaxError.self) { try JSONTape.parse(Array(control.utf8)) }
        }
    }

    /// Indented documents (runs of white space, skipped eight at a time) read as the
    /// compact ones: the same values, written back canonically.
    @Test func whiteSpaceRunsReadAsCompact() throws {
        let compact = #"{"a":[1,-2.5,{"b":[],"c":{}},"s",true,null],"d":{"e":[[1],[2,3]]}}"#
        for indent in [0, 1, 3, 8, 9, 17] {
            let pad = String(repeating: " ", count: indent)
            var spaced = ""
            for ch in compact {
                spaced.append(ch)
                if "{[,:".contains(ch) { spaced += "\n" + pad + "\t" + pad }
            }
            spaced = pad + spaced.replacingOccurrences(of: "}", with: "\r\n" + pad + "}") + pad + "\n"
            var w = JSONWriter()
            w.value(try JSONTape.parse(Array(spaced.utf8)).root)
            #expect(String(decoding: w.bytes, as: UTF8.self) == compact, "\(indent)")
        }
    }

    /// The structural loop reports what the recursive descent reported, at the same byte.
    @Test func errorsNameTheirOffset() {
        let cases: [(String, Int, String)] = [
            ("", 0, "unexpected end of input"), ("   ", 3, "unexpected end of input"),
            ("[1,2", 4, "unexpected end of input in an array"), (#"{"a":1"#, 6, "unexpected end of input in an object"),
            ("[1 2]", 3, "expected ',' or ']' in an array"), (#"{"a":1]"#, 6, "expected ',' or '}' in an object"),
            (#"{"a" 1}"#, 5, "expected ':' after a key"), ("{1:2}", 1, "expected a string key"),
            (#"{"a":1,}"#, 7, "expected a string key"), ("[1,]", 3, "unexpected character ']'"),
            ("[01]", 2, "leading zero in a number"), ("[-]", 2, "invalid number"), ("[1.]", 3, "invalid number"),
            ("[1] 2", 4, "unexpected data after the JSON value"), ("[tru]", 1, "invalid literal"),
            ("[1e400]", 1, "number out of range"), ("[\"a", 3, "unterminated string")
        ]
        for (text, offset, reason) in cases {
            do {
                _ = try JSONTape.parse(Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.offset == offset, "\(text): \(error.message)")
                #expect(error.reason == reason, "\(text): \(error.message)")
            }
        }
    }

    /// Counts and extents of containers on the tape: every container's children, nested.
    @Test func containersRecordTheirChildren() throws {
        let root = try JSONTape.parse(Array(#"[[],{},[1,[2,3],{"x":[4]}],{"a":{"b":{}}},5]"#.utf8)).root
        let items = try #require(root.arrayElements).map { $0 }
        #expect(items.count == 5)
        #expect(items[0].arrayElements?.map { $0 }.count == 0)
        #expect(items[1].objectMembers?.keyValuePairs.map { $0 }.count == 0)
        let third = try #require(items[2].arrayElements).map { $0 }
        #expect(third.count == 3)
        #expect(third[1].arrayElements?.map { $0.double } == [2, 3])
        #expect(third[2]["x"]?.arrayElements?.map { $0.double } == [4])
        #expect(items[3]["a"]?["b"]?.objectMembers?.keyValuePairs.map { $0 }.count == 0)
        #expect(items[4].double == 5)
    }
}
