import Testing
@testable import EventHTTP

/// `HTTPRequest` keeps its header fields as one `HeaderBlock`; these hold its answers to
/// those of the plain array of String pairs it replaced.
@Suite struct HeaderBlockTests {
    /// The array's answer: the first pair whose name matches, ASCII case-insensitively.
    private func referenceLookup(_ fields: [(name: String, value: String)], _ name: String) -> String? {
        fields.first(where: { asciiCaseInsensitiveEquals($0.name, name) })?.value
    }

    private func same(_ a: [(name: String, value: String)], _ b: [(name: String, value: String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Random fields: names from a small alphabet in mixed case (so lookups collide), values
    /// empty, ASCII or not, sometimes hundreds of bytes.
    private func randomFields(_ rng: inout some RandomNumberGenerator) -> [(name: String, value: String)] {
        let names = ["Host", "accept", "Accept", "X-Request-ID", "If-Match", "content-encoding", "A", "é"]
        let values = ["", "*/*", "gzip, br", "naïve ☃", String(repeating: "v", count: 300), "\"1\""]
        return (0..<Int.random(in: 0...9, using: &rng)).map { _ in
            (names.randomElement(using: &rng)!, values.randomElement(using: &rng)!)
        }
    }

    @Test func fieldsAndLookupsMatchTheArrayOfPairs() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let fields = randomFields(&rng)
            let request = HTTPRequest(method: .GET, path: "/", headers: fields)
            #expect(same(request.headers, fields))
            for name in ["HOST", "Accept", "x-request-id", "if-match", "Content-Encoding", "a", "É", "é", "missing", ""] {
                #expect(request.header(name) == referenceLookup(fields, name), "\(fields) \(name)")
            }
        }
    }

    @Test func settingTheFieldsReplacesThemAll() {
        var request = HTTPRequest(method: .POST, path: "/", headers: [("Content-Encoding", "gzip"), ("Host", "h")])
        request.headers.removeAll { asciiCaseInsensitiveEquals($0.name, "content-encoding") }
        #expect(same(request.headers, [("Host", "h")]))
        #expect(request.header("Content-Encoding") == nil)
        request.headers = []
        #expect(request.headerBlock.isEmpty)
    }

    /// Fields may arrive as C strings, possibly not UTF-8: the block written from them
    /// has the same bytes as one made from Strings, and invalid bytes come back repaired as
    /// `String(cString:)` repairs them.
    @Test func cStringsGiveTheSameBlockAndRepairInvalidUTF8() {
        let raw: [(name: [CChar], value: [CChar])] = [
            (Array("Host".utf8CString), Array("127.0.0.1".utf8CString)),
            (Array("X-Odd".utf8CString), [CChar(bitPattern: 0xFF), 0x61, CChar(bitPattern: 0xC3), 0]),
            (Array("Empty".utf8CString), [0]),
        ]
        let byteCount = raw.reduce(0) { $0 + HeaderBlock.Writer.size(nameLength: $1.name.count - 1, valueLength: $1.value.count - 1) }
        let block = HeaderBlock(byteCount: byteCount) { writer in
            for field in raw {
                field.name.withUnsafeBufferPointer { name in
                    field.value.withUnsafeBufferPointer { value in
                        writer.append(name: name.baseAddress!, nameLength: name.count - 1,
                                      value: value.baseAddress!, valueLength: value.count - 1)
                    }
                }
            }
        }
        let expected = raw.map { field in
            (field.name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) },
             field.value.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        #expect(same(block.fields, expected))
        #expect(block.fields[1].value == "\u{FFFD}a\u{FFFD}")
        #expect(block.first(named: "x-odd") == expected[1].1)
        #expect(block.first(named: "EMPTY") == "")
        let valid = HeaderBlock([("Host", "127.0.0.1"), ("Empty", "")])
        let validFromC = HeaderBlock(byteCount: HeaderBlock.Writer.size(nameLength: 4, valueLength: 9)
                                        + HeaderBlock.Writer.size(nameLength: 5, valueLength: 0)) { writer in
            writer.append(name: "Host", nameLength: 4, value: "127.0.0.1", valueLength: 9)
            writer.append(name: "Empty", nameLength: 5, value: "", valueLength: 0)
        }
        #expect(valid == validFromC)
    }
}
