import TesseraSupport

/// A reply's status line and header fields as the bytes they go out as ("HTTP/1.1 200
/// OK\r\n", "Name: value\r\n" in order, then the blank line), built in a buffer the loop
/// reuses and added to the connection's output buffer in one copy. A field whose name is
/// not an RFC 9110 token, or whose value holds a control byte (CR, LF and NUL included;
/// tab allowed), is left out: a handler's value can never add a line.
///
/// Every byte goes through an `OutputBuffer` reservation, one per line, whose writer checks
/// its room: no capacity is counted by hand here.
struct ReplyHead {
    private(set) var bytes = OutputBuffer(capacity: 512)

    /// Starts a reply: the status line. The version is always HTTP/1.1, the highest this
    /// server speaks (RFC 9110 §6.2), also to an HTTP/1.0 client.
    mutating func begin(status: Int) {
        bytes.removeAll(keepingCapacity: true)
        ReasonPhrase.forStatus(status).withUTF8Bytes { phrase in
            bytes.withReserved(9 + 20 + 1 + phrase.count + 2) { line in
                line.bytes("HTTP/1.1 ")
                line.decimal(status)
                line.bytes(" ")
                line.bytes(phrase)
                line.bytes("\r\n")
            }
        }
    }

    /// Adds a field after checking its bytes; false (and nothing added) when the name or
    /// value is not acceptable.
    @discardableResult
    mutating func add(_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool {
        guard !name.isEmpty, name.allSatisfy(isTokenByte), isFieldValue(value) else { return false }
        addChecked(name, value)
        return true
    }

    @discardableResult
    mutating func add(_ name: String, _ value: String) -> Bool {
        name.withUTF8Bytes { name in value.withUTF8Bytes { value in add(name, value) } }
    }

    /// A field the server spells itself (a literal name, a value of its own making): its
    /// bytes are known to be acceptable and are not checked again.
    mutating func addTrusted(_ name: StaticString, _ value: UnsafeRawBufferPointer) {
        addChecked(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), value)
    }

    private mutating func addChecked(_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) {
        bytes.withReserved(name.count + 2 + value.count + 2) { line in
            line.bytes(name)
            line.bytes(": ")
            line.bytes(value)
            line.bytes("\r\n")
        }
    }

    /// `Content-Length: n`, the digits written in place.
    mutating func addContentLength(_ length: Int) {
        bytes.withReserved(16 + 20 + 2) { line in
            line.bytes("Content-Length: ")
            line.decimal(length)
            line.bytes("\r\n")
        }
    }

    /// Ends the head with its blank line.
    mutating func finish() {
        bytes.append("\r\n")
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes(body)
    }
}

extension String {
    /// The string's UTF-8 bytes without a copy when it is native (always, for header
    /// fields a handler builds); a bridged string is copied once.
    func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        var copy = self
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
