import TesseraSupport

/// A position on a JSONTape: cheap to copy, reads values without building anything.
public struct JSONValue: Sendable {
    @usableFromInline package let tape: JSONTape
    @usableFromInline package let index: Int

    @inlinable
    package init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inlinable public var kind: JSONTape.Kind { tape.nodes[index].kind }

    /// The index one past this value and all its descendants.
    @inlinable package var end: Int {
        let node = tape.nodes[index]
        return node.kind == .object || node.kind == .array ? Int(node.a) : index + 1
    }

    @inlinable public var isNull: Bool { kind == .null }

    @inlinable public var double: Double? {
        let node = tape.nodes[index]
        guard node.kind == .number else { return nil }
        return Double(bitPattern: UInt64(node.a) << 32 | UInt64(node.b))
    }

    @inlinable public var bool: Bool? {
        switch kind {
        case .trueValue: true
        case .falseValue: false
        default: nil
        }
    }

    @inlinable public var string: String? {
        let node = tape.nodes[index]
        guard node.kind == .string else { return nil }
        let raw = tape.bytes[Int(node.a)..<Int(node.b)]
        return node.flag ? JSONValue.unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Compares a string value with ASCII bytes without allocating (object keys).
    @inlinable
    package func stringEquals(_ key: StaticString) -> Bool {
        let node = tape.nodes[index]
        guard node.kind == .string, !node.flag else { return node.kind == .string && string == key.description }
        let length = Int(node.b - node.a)
        guard length == key.utf8CodeUnitCount else { return false }
        return key.withUTF8Buffer { k in
            tape.bytes.withUnsafeBufferPointer { b in
                var i = 0
                while i < length {
                    if b[Int(node.a) + i] != k[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// The number of children of an array or members of an object (meaningless for scalars).
    @inlinable public var count: Int { Int(tape.nodes[index].b) }

    /// Children of an array, in order.
    @inlinable public var arrayElements: JSONChildren? {
        kind == .array ? JSONChildren(tape: tape, first: index + 1, end: end, isObject: false) : nil
    }

    /// Keys and values of an object, in order.
    @inlinable public var objectMembers: JSONChildren? {
        kind == .object ? JSONChildren(tape: tape, first: index + 1, end: end, isObject: true) : nil
    }

    /// The value of `key` in an object, or nil.
    @inlinable public subscript(key: String) -> JSONValue? {
        guard let members = objectMembers else { return nil }
        for (k, v) in members.keyValuePairs where k.string == key { return v }
        return nil
    }

    public var typeName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .trueValue, .falseValue: "a boolean"
        case .null: "null"
        }
    }

    @usableFromInline
    static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        var pendingHigh: UInt32? = nil
        func appendScalar(_ v: UInt32) {
            let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
        while i < raw.endIndex {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                if let high = pendingHigh {
                    appendScalar(high)
                    pendingHigh = nil
                }
                out.append(byte)
                i += 1
                continue
            }
            let code = raw[i + 1]
            if code != UInt8(ascii: "u"), let high = pendingHigh {
                appendScalar(high)
                pendingHigh = nil
            }
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var v: UInt32 = 0
                for k in 2..<6 { v = v << 4 | UInt32(hexValue(raw[i + k]) ?? 0) }
                i += 4
                if v >= 0xD800 && v < 0xDC00 {
                    if let high = pendingHigh { appendScalar(high) }
                    pendingHigh = v
                } else if v >= 0xDC00 && v < 0xE000, let high = pendingHigh {
                    appendScalar(0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00))
                    pendingHigh = nil
                } else {
                    if let high = pendingHigh {
                        appendScalar(high)
                        pendingHigh = nil
                    }
                    appendScalar(v)
                }
            default: out.append(code)
            }
            i += 2
        }
        if let high = pendingHigh { appendScalar(high) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The children of a container, walked by skipping each child's subtree on the tape.
public struct JSONChildren: Sequence, Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let first: Int
    @usableFromInline let end: Int
    @usableFromInline let isObject: Bool

    @inlinable
    init(tape: JSONTape, first: Int, end: Int, isObject: Bool) {
        self.tape = tape
        self.first = first
        self.end = end
        self.isObject = isObject
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let tape: JSONTape
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable
        init(tape: JSONTape, position: Int, end: Int) {
            self.tape = tape
            self.position = position
            self.end = end
        }

        @inlinable
        public mutating func next() -> JSONValue? {
            guard position < end else { return nil }
            let value = JSONValue(tape: tape, index: position)
            position = value.end
            return value
        }
    }

    /// For arrays: the elements. For objects: keys and values alternate.
    @inlinable public func makeIterator() -> Iterator { Iterator(tape: tape, position: first, end: end) }

    /// For objects: (key, value) pairs.
    @inlinable public var keyValuePairs: [(key: JSONValue, value: JSONValue)] {
        var out: [(key: JSONValue, value: JSONValue)] = []
        var it = makeIterator()
        while let key = it.next(), let value = it.next() { out.append((key, value)) }
        return out
    }
}
