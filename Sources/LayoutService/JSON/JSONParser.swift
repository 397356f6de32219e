/// The scanner behind JSONTape: RFC 8259, strict. Rejects trailing garbage, invalid UTF-8,
/// control characters in strings, leading zeros, NaN/Infinity literals, numbers that
/// overflow a double, and nesting deeper than `maxDepth`.
struct JSONParser {
    let bytes: [UInt8]
    /// `bytes`' storage while `parseDocument` runs. Every read is behind a `position <
    /// input.count` check of its own, so the array's second bounds check per byte is dropped:
    /// this is the parser's hot loop (a 17 MB body is 17 million reads).
    var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private let maxDepth: Int
    var position = 0
    var nodes: [JSONTape.Node] = []

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        // Dense item lists (`{"size":[w,h]}`) hold a value every ~3.4 bytes: reserving one
        // node per 3 bytes avoids regrowing a 50 MB tape; untouched capacity costs nothing.
        nodes.reserveCapacity(bytes.count / 3 + 1)
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> [JSONTape.Node] {
        guard bytes.count < Int(UInt32.max) else { throw fail("document larger than 4 GiB") }
        let bytes = self.bytes
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            input = buffer
            defer { input = UnsafeBufferPointer(start: nil, count: 0) }
            skipWhitespace()
            try parseValue(depth: 0)
            skipWhitespace()
            guard position == input.count else { throw fail("unexpected data after the JSON value") }
            return nodes
        }
    }

    func fail(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, reason: reason)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        guard position < input.count else { throw fail("unexpected end of input") }
        switch input[position] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true", .trueValue)
        case UInt8(ascii: "f"): try parseLiteral("false", .falseValue)
        case UInt8(ascii: "n"): try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw fail("unexpected character '\(printable(input[position]))'")
        }
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private mutating func parseLiteral(_ word: StaticString, _ kind: JSONTape.Kind) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= input.count else { throw fail("unexpected end of input") }
        let matches = word.withUTF8Buffer { w in
            (0..<count).allSatisfy { input[position + $0] == w[$0] }
        }
        guard matches else { throw fail("invalid literal") }
        position += count
        nodes.append(.init(kind: kind, flag: false, a: 0, b: 0))
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
        let index = nodes.count
        nodes.append(.init(kind: .object, flag: false, a: 0, b: 0))
        position += 1
        skipWhitespace()
        var count: UInt32 = 0
        if position < input.count && input[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < input.count, input[position] == UInt8(ascii: "\"") else {
                    throw fail("expected a string key")
                }
                try parseString()
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after a key")
                }
                position += 1
                skipWhitespace()
                try parseValue(depth: depth)
                count += 1
                skipWhitespace()
                guard position < input.count else { throw fail("unexpected end of input in an object") }
                if input[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                } else if input[position] == UInt8(ascii: "}") {
                    position += 1
                    break
                } else {
                    throw fail("expected ',' or '}' in an object")
                }
            }
        }
        nodes[index].a = UInt32(nodes.count)
        nodes[index].b = count
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
        let index = nodes.count
        nodes.append(.init(kind: .array, flag: false, a: 0, b: 0))
        position += 1
        skipWhitespace()
        var count: UInt32 = 0
        if position < input.count && input[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                try parseValue(depth: depth)
                count += 1
                skipWhitespace()
                guard position < input.count else { throw fail("unexpected end of input in an array") }
                if input[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                } else if input[position] == UInt8(ascii: "]") {
                    position += 1
                    break
                } else {
                    throw fail("expected ',' or ']' in an array")
                }
            }
        }
        nodes[index].a = UInt32(nodes.count)
        nodes[index].b = count
    }
}
