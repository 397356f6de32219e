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
                    try parseValues()
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

    /// White space, eight spaces at a time through long runs (indented documents).
    @inline(__always)
    private mutating func skipWhitespace() {
        position = Self.skipWhitespace(input.baseAddress, from: position, to: input.count)
    }

    /// The first position at or after `p` that is not white space. Every structural byte
    /// is above 0x20, so compact JSON costs one comparison here.
    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>?, from p: Int, to end: Int) -> Int {
        guard p < end, let base, base[p] <= 0x20 else { return p }
        return skipWhitespaceRun(base, from: p, to: end)
    }

    @inline(never)
    private static func skipWhitespaceRun(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var p = start
        while p + 8 <= end,
            UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
        {
            p += 8
        }
        while p < end {
            switch base[p] {
            case 0x20, 0x0A, 0x0D, 0x09: p += 1
            default: return p
            }
        }
        return p
    }

    /// The structural scanner: one loop over the document with an explicit stack of open
    /// containers (node indices) instead of a recursion per container, the position in a
    /// local and the commonest scalars (short numbers, strings without escapes) read inline.
    ///
    /// Hand-written because measured faster on a hot path: a body of `{"size":[w,h]}` items
    /// took about a third more instructions per byte through the recursive descent this
    /// replaces (docs/performance.md#structural-loop; Benchmarks/callgrind-create.sh
    /// `parse-items`).
    /// The grammar, the error messages and their offsets are the recursive version's
    /// (`JSONParserTests`).
    private mutating func parseValues() throws(JSONSyntaxError) {
        let end = input.count
        guard end > 0, let base = input.baseAddress else { throw fail("unexpected end of input") }
        var p = Self.skipWhitespace(base, from: 0, to: end)
        // The open containers: their node indices, and the child counts of those enclosing
        // the innermost (whose count is `count`, in a register).
        let openNode = UnsafeMutablePointer<Int>.allocate(capacity: maxDepth + 1)
        let openCount = UnsafeMutablePointer<UInt32>.allocate(capacity: maxDepth + 1)
        defer {
            openNode.deallocate()
            openCount.deallocate()
        }
        var depth = 0
        var count: UInt32 = 0
        var inObject = false
        // The tape's write position, in a local; `nodeCount` is brought up to date around
        // the out-of-line scanners, which append through `append`.
        let tape = nodes
        let capacity = nodeCapacity
        var n = nodeCount
        defer { nodeCount = n }
        func failure(_ reason: String, at offset: Int) -> JSONSyntaxError {
            JSONSyntaxError(offset: offset, reason: reason)
        }

        value: while true {
            guard p < end else { throw failure("unexpected end of input", at: p) }
            // Unreachable by the bound on the tape (see `nodes`); an error, not a crash.
            guard n < capacity else { throw failure("more values than the document's size allows", at: p) }
            let c = base[p]
            // A positive integer (lengths, sizes, the compact columns) is read here; with a
            // fraction, an exponent or more than 15 digits it goes to `shortNumber` or the
            // full grammar below.
            var integer: UInt64 = 0
            let integerEnd = c &- UInt8(ascii: "1") < 9 ? Self.positiveInteger(base, p, end, &integer) : -1
            if integerEnd >= 0 {
                tape[n] = Self.numberNode(Double(Int64(bitPattern: integer))) // < 10^15: the signed conversion is one instruction
                n &+= 1
                p = integerEnd
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                guard depth < maxDepth else { throw failure("nesting deeper than \(maxDepth) levels", at: p) }
                let isObject = c == UInt8(ascii: "{")
                openNode[depth] = n
                openCount[depth] = count
                depth &+= 1
                count = 0
                inObject = isObject
                tape[n] = .init(kind: isObject ? .object : .array, flag: false, a: 0, b: 0)
                n &+= 1
                p = Self.skipWhitespace(base, from: p &+ 1, to: end)
                if p < end && base[p] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    // Empty: closed at once (a = n, b = 0), a value of the enclosing container.
                    p &+= 1
                    depth &-= 1
                    tape[openNode[depth]].a = UInt32(truncatingIfNeeded: n)
                    count = openCount[depth]
                    inObject = depth > 0 && tape[openNode[depth &- 1]].kind == .object
                } else if isObject {
                    p = try key(base, p, end, tape, &n, capacity)
                    continue value
                } else {
                    continue value
                }
            } else if c == UInt8(ascii: "\""), let close = Self.plainStringEnd(base, p, end) {
                tape[n] = .init(kind: .string, flag: false, a: UInt32(truncatingIfNeeded: p &+ 1), b: UInt32(truncatingIfNeeded: close))
                n &+= 1
                p = close &+ 1
            } else if let (number, after) = Self.shortNumber(base, p, end) {
                tape[n] = Self.numberNode(number)
                n &+= 1
                p = after
            } else {
                position = p
                nodeCount = n
                try parseScalar()
                n = nodeCount
                p = position
            }

            // After a value: count it, then a comma (the next value) or the end of its container.
            while true {
                guard depth > 0 else {
                    position = p
                    return
                }
                count &+= 1
                p = Self.skipWhitespace(base, from: p, to: end)
                guard p < end else {
                    throw failure(inObject ? "unexpected end of input in an object" : "unexpected end of input in an array", at: p)
                }
                let c = base[p]
                if c == UInt8(ascii: ",") {
                    p = Self.skipWhitespace(base, from: p &+ 1, to: end)
                    if inObject { p = try key(base, p, end, tape, &n, capacity) }
                    continue value
                }
                guard c == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw failure(inObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array", at: p)
                }
                p &+= 1
                depth &-= 1
                let container = openNode[depth]
                tape[container].a = UInt32(truncatingIfNeeded: n)
                tape[container].b = count
                count = openCount[depth]
                inObject = depth > 0 && tape[openNode[depth &- 1]].kind == .object
            }
        }
    }

    /// The end of the positive integer of at most 15 digits at `p` (its first digit is
    /// 1…9), with its value in `value`; -1 when a fraction, an exponent or more digits follow.
    @inline(__always)
    static func positiveInteger(_ base: UnsafePointer<UInt8>, _ p: Int, _ end: Int, _ value: inout UInt64) -> Int {
        var q = p &+ 1
        var mantissa = UInt64(base[p] &- UInt8(ascii: "0"))
        while q < end, base[q] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(base[q] &- UInt8(ascii: "0"))
            q &+= 1
        }
        guard q &- p <= 15, q == end || (base[q] != UInt8(ascii: ".") && base[q] | 0x20 != UInt8(ascii: "e")) else { return -1 }
        value = mantissa
        return q
    }

    @inline(__always)
    static func numberNode(_ value: Double) -> JSONTape.Node {
        let bits = value.bitPattern
        return .init(kind: .number, flag: false, a: UInt32(truncatingIfNeeded: bits &>> 32), b: UInt32(truncatingIfNeeded: bits))
    }

    /// A member's key and its colon, from `p`; appends the key's node at `tape[n]` and
    /// returns the position of the value.
    @inline(__always)
    private mutating func key(
        _ base: UnsafePointer<UInt8>, _ p: Int, _ end: Int,
        _ tape: UnsafeMutablePointer<JSONTape.Node>, _ n: inout Int,
        _ capacity: Int
    ) throws(JSONSyntaxError) -> Int {
        guard p < end, base[p] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(offset: p, reason: "expected a string key")
        }
        var afterKey: Int
        if n < capacity, let close = Self.plainStringEnd(base, p, end) {
            tape[n] = .init(kind: .string, flag: false, a: UInt32(truncatingIfNeeded: p &+ 1), b: UInt32(truncatingIfNeeded: close))
            n &+= 1
            afterKey = close &+ 1
        } else {
            position = p
            nodeCount = n
            try parseString()
            n = nodeCount
            afterKey = position
        }
        afterKey = Self.skipWhitespace(base, from: afterKey, to: end)
        guard afterKey < end, base[afterKey] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(offset: afterKey, reason: "expected ':' after a key")
        }
        return Self.skipWhitespace(base, from: afterKey &+ 1, to: end)
    }

    /// The closing quote of a string at `p` (its opening quote) that has no escapes, no
    /// control characters and no UTF-8, or nil for `parseString` to validate it in full.
    /// Eight bytes at a time: the first quote, backslash, control character or non-ASCII
    /// byte in a word is found with the usual bit tricks (exact for the lowest such byte:
    /// their borrows only run upwards from a true match).
    @inline(__always)
    static func plainStringEnd(_ base: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int? {
        var q = p &+ 1
        while q &+ 8 <= end {
            let word = UnsafeRawPointer(base + q).loadUnaligned(as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word) | word
            let found = special & 0x8080_8080_8080_8080
            if found == 0 {
                q &+= 8
                continue
            }
            q &+= found.trailingZeroBitCount &>> 3
            return base[q] == UInt8(ascii: "\"") ? q : nil
        }
        return nil
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    /// A value that is not a container, a short number or a plain string: a literal, a
    /// string with escapes or UTF-8, any other number, or an error; at `position`.
    private mutating func parseScalar() throws(JSONSyntaxError) {
        switch input[position] {
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true", .trueValue)
        case UInt8(ascii: "f"): try parseLiteral("false", .falseValue)
        case UInt8(ascii: "n"): try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumberFully()
        default: throw fail("unexpected character '\(printable(input[position]))'")
        }
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
}
