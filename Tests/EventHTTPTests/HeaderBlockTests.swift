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

    /// Fields arrive as the client's bytes, possibly not UTF-8: the block appended from
    /// them has the same bytes as one made from Strings, and invalid bytes come back
    /// repaired as `String(decoding:as:)` repairs them.
    @Test func rawBytesGiveTheSameBlockAndRepairInvalidUTF8() {
        let raw: [(name: [UInt8], value: [UInt8])] = [
            (Array("Host".utf8), Array("127.0.0.1".utf8)),
            (Array("X-Odd".utf8), [0xFF, 0x61, 0xC3]),
            (Array("Empty".utf8), [])
        ]
        var block = HeaderBlock()
        for field in raw {
            field.name.withUnsafeBytes { name in field.value.withUnsafeBytes { value in block.append(name: name, value: value) } }
        }
        let expected = raw.map { (String(decoding: $0.name, as: UTF8.self), String(decoding: $0.value, as: UTF8.self)) }
        #expect(same(block.fields, expected))
        #expect(block.fields[1].value == "\u{FFFD}a\u{FFFD}")
        #expect(block.first(named: "x-odd") == expected[1].1)
        #expect(block.first(named: "EMPTY") == "")
        let valid = HeaderBlock([("Host", "127.0.0.1"), ("X-Odd", "a"), ("Empty", "")])
        var validFromBytes = HeaderBlock()
        for (name, value) in [("Host", "127.0.0.1"), ("X-Odd", "a"), ("Empty", "")] {
            Array(name.utf8).withUnsafeBytes { name in
                Array(value.utf8).withUnsafeBytes { value in validFromBytes.append(name: name, value: value) }
            }
        }
        #expect(valid == validFromBytes)
        // Four bytes of length each, little-endian, then the name and the value.
        #expect(Array(valid.bytes.prefix(17)) == [4, 0, 0, 0, 9, 0, 0, 0] + Array("Host127.0.0.1".utf8).prefix(9))
    }
}
