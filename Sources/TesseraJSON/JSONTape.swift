/// A parsed JSON document as a flat tape: one 12-byte node per value, containers recording
/// where their descendants end. Parsing a 16 MB body builds no object tree and allocates
/// nothing per value, which is what keeps a million explicit item sizes fast (ARCHITECTURE.md:
/// Foundation's decoder spends ~1.7 µs per pair).
///
/// Its nodes and bytes are `@usableFromInline`, and `JSONValue`'s readers `@inlinable`: the
/// service's decoders (another module) read every value of a big body through them, and they
/// must inline there as they did when the tape was in the same module.
public final class JSONTape: Sendable {
    public enum Kind: UInt8, Sendable {
        case object, array, string, number, trueValue, falseValue, null
    }

    /// kind; for containers `a` = index one past the last descendant and `b` = child count;
    /// for strings `a`/`b` = byte range of the contents (escapes undecoded) and `flag` = has
    /// escapes; for numbers `a`/`b` = the Double's bit pattern, high and low halves.
    @usableFromInline package struct Node: Sendable {
        @usableFromInline package var kind: Kind
        @usableFromInline package var flag: Bool
        @usableFromInline package var a: UInt32
        @usableFromInline package var b: UInt32

        @inlinable
        package init(kind: Kind, flag: Bool, a: UInt32, b: UInt32) {
            self.kind = kind
            self.flag = flag
            self.a = a
            self.b = b
        }
    }

    @usableFromInline package let bytes: [UInt8]
    @usableFromInline package let nodes: [Node]

    init(bytes: [UInt8], nodes: [Node]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The document's top-level value.
    @inlinable public var root: JSONValue { JSONValue(tape: self, index: 0) }

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
