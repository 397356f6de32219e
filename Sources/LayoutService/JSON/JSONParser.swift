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
    /// The tape being written, straight into the storage of the array `parseDocument`
    /// returns: no per-value capacity or uniqueness check. A value takes at least two bytes
    /// of the document except the last (`1,`; `[]` and `{}` are one node for two bytes), so
    /// `bytes.count / 2 + 2` nodes always suffice; untouched capacity costs no memory.
    private var nodes = UnsafeMutablePointer<JSONTape.Node>(bitPattern: 8)!
    private(set) var nodeCount = 0
    private var nodeCapacity = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> [JSONTape.Node] {
        guard bytes.count < Int(UInt32.max) else { throw fail("document larger than 4 GiB") }
        let bytes = self.bytes
        let capacity = bytes.count / 2 + 2
        var failure: JSONSyntaxError?
        let tape = [JSONTape.Node](unsafeUninitializedCapacity: capacity) { storage, initialized in
            nodes = storage.baseAddress!
            nodeCapacity = capacity
            bytes.withUnsafeBufferPointer { buffer in
                input = buffer
                do throws(JSONSyntaxError) {
                    skipWhitespace()
                    try parseValue(depth: 0)
                    skipWhitespace()
                    if position != input.count { throw fail("unexpected data after the JSON value") }
                } catch {
                    failure = error
                }
                input = UnsafeBufferPointer(start: nil, count: 0)
            }
            initialized = nodeCount
            nodeCapacity = 0
        }
        if let failure { throw failure }
        return tape
    }

    /// Appends a node to the tape.
    @inline(__always)
    mutating func append(_ node: JSONTape.Node) throws(JSONSyntaxError) {
        // Unreachable by the bound above; kept so a mistake there is an error, not a crash.
        guard nodeCount < nodeCapacity else { throw fail("more values than the document's size allows") }
        (nodes + nodeCount).initialize(to: node)
        nodeCount += 1
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
        try append(.init(kind: kind, flag: false, a: 0, b: 0))
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
        let index = nodeCount
        try append(.init(kind: .object, flag: false, a: 0, b: 0))
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
        nodes[index].a = UInt32(nodeCount)
        nodes[index].b = count
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
        let index = nodeCount
        try append(.init(kind: .array, flag: false, a: 0, b: 0))
        position += 1
        skipWhitespace()
        var count: UInt32 = 0
        if position < input.count && input[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                // Arrays of short integers (sizes, the compact columns) skip the generic
                // dispatch: `shortInteger` declines anything else at its first byte.
                if let integer = shortInteger() {
                    try appendNumber(integer)
                } else {
                    try parseValue(depth: depth)
                }
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
        nodes[index].a = UInt32(nodeCount)
        nodes[index].b = count
    }
}
