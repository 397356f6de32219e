import TesseraSupport

/// A request's header fields in one byte array, in arrival order: for each field its
/// name's and value's lengths (four bytes each, little-endian), then the name, then the
/// value. Strings are made only for what a handler asks for.
///
/// Why not `[(name: String, value: String)]`: making Strings of the fields costs an
/// allocation or more a field, and a cached rect query reads no request header at all
/// (docs/performance.md#header-block).
/// The parser appends each field as it checks its line. `HeaderBlockTests` holds
/// `HTTPRequest.headers` and `header(_:)` to the array's answers.
struct HeaderBlock: Sendable, Equatable {
    private(set) var storage = OutputBuffer()

    init() {}

    init(_ fields: [(name: String, value: String)]) {
        for (name, value) in fields {
            name.withUTF8Bytes { name in value.withUTF8Bytes { value in append(name: name, value: value) } }
        }
    }

    var isEmpty: Bool { storage.isEmpty }

    /// The block's bytes.
    var bytes: [UInt8] { storage.bytes }

    /// Appends one field (the parser, as it checks each field line). The first field
    /// reserves room for a usual head's fields at once.
    mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        if storage.isEmpty { storage.reserveCapacity(256) }
        storage.withReserved(8 + name.count + value.count) { field in
            field.littleEndian(UInt32(name.count))
            field.littleEndian(UInt32(value.count))
            field.bytes(name)
            field.bytes(value)
        }
    }

    /// Every field as Strings (invalid UTF-8 repaired with U+FFFD).
    var fields: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        forEachField { name, value in
            result.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            return true
        }
        return result
    }

    /// The first value whose name equals `name`, ASCII case-insensitively.
    func first(named name: String) -> String? {
        var found: String?
        var wanted = name
        wanted.withUTF8 { wantedBytes in
            forEachField { fieldName, value in
                guard fieldName.count == wantedBytes.count,
                    zip(fieldName, wantedBytes).allSatisfy({ asciiLowercased($0) == asciiLowercased($1) })
                else { return true }
                found = String(decoding: value, as: UTF8.self)
                return false
            }
        }
        return found
    }

    /// Calls `body` with the value of every field named `name` (lowercase ASCII, compared
    /// case-insensitively), in arrival order.
    func forEachValue(named name: StaticString, _ body: (UnsafeRawBufferPointer) -> Void) {
        forEachField { fieldName, value in
            if equalsIgnoringCase(UnsafeRawBufferPointer(fieldName), name) { body(UnsafeRawBufferPointer(value)) }
            return true
        }
    }

    /// Calls `body` with each field's name and value bytes until it returns false.
    private func forEachField(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        storage.withUnsafeBytes { raw in
            let all = raw.assumingMemoryBound(to: UInt8.self)
            var at = 0
            while at + 8 <= all.count {
                let nameLength = Int(Self.load(at: at, in: all)), valueLength = Int(Self.load(at: at + 4, in: all))
                let name = UnsafeBufferPointer(rebasing: all[(at + 8)..<(at + 8 + nameLength)])
                let value = UnsafeBufferPointer(rebasing: all[(at + 8 + nameLength)..<(at + 8 + nameLength + valueLength)])
                if !body(name, value) { return }
                at += 8 + nameLength + valueLength
            }
        }
    }

    private static func load(at offset: Int, in storage: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(storage.baseAddress! + offset).loadUnaligned(as: UInt32.self))
    }
}
