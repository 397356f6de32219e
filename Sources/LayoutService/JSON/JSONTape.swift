/// A parsed JSON document as a flat tape: one 12-byte node per value, containers recording
/// where their descendants end. Parsing a 16 MB body builds no object tree and allocates
/// nothing per value, which is what keeps a million explicit item sizes fast (ARCHITECTURE.md:
/// Foundation's decoder spends ~1.7 µs per pair).
public final class JSONTape: Sendable {
    public enum Kind: UInt8, Sendable {
        case object, array, string, number, trueValue, falseValue, null
    }

    /// kind; for containers `a` = index one past the last descendant and `b` = child count;
    /// for strings `a`/`b` = byte range of the contents (escapes undecoded) and `flag` = has
    /// escapes; for numbers `a`/`b` = the Double's bit pattern, high and low halves.
    struct Node: Sendable {
        var kind: Kind
        var flag: Bool
        var a: UInt32
        var b: UInt32
    }

    let bytes: [UInt8]
    let nodes: [Node]

    init(bytes: [UInt8], nodes: [Node]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The document's top-level value.
    public var root: JSONValue { JSONValue(tape: self, index: 0) }

    /// Parses `bytes` as one JSON value with nothing but white space after it.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONSyntaxError) -> JSONTape {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        let nodes = try parser.parseDocument()
        return JSONTape(bytes: bytes, nodes: nodes)
    }
}

/// Malformed JSON: where and why.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    public var offset: Int
    public var reason: String

    public var message: String { "invalid JSON at byte \(offset): \(reason)" }
}
