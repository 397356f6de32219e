/// A reply's status line and header fields as the bytes they go out as ("HTTP/1.1 200
/// OK\r\n", "Name: value\r\n" in order, then the blank line), built in a buffer the loop
/// reuses and added to the connection's output buffer in one copy. A field whose name is
/// not an RFC 9110 token, or whose value holds a control byte (CR, LF and NUL included;
/// tab allowed), is left out: a handler's value can never add a line.
///
/// Every byte goes through `OutputBytes`, whose appends check their room: no capacity is
/// counted by hand here.
struct ReplyHead {
    private(set) var bytes = OutputBytes(capacity: 512)

    /// Starts a reply: the status line. The version is always HTTP/1.1, the highest this
    /// server speaks (RFC 9110 §6.2), also to an HTTP/1.0 client.
    mutating func begin(status: Int) {
        bytes.removeAll()
        let phrase = ReasonPhrase.forStatus(status)
        DecimalDigits(status).withBytes { code in
            phrase.withUTF8Bytes { phrase in
                bytes.reserve(9 + code.count + 1 + phrase.count + 2) { line in
                    line.put("HTTP/1.1 ")
                    line.put(code)
                    line.put(" ")
                    line.put(phrase)
                    line.put("\r\n")
                }
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
        bytes.reserve(name.count + 2 + value.count + 2) { line in
            line.put(name)
            line.put(": ")
            line.put(value)
            line.put("\r\n")
        }
    }

    /// Ends the head with its blank line.
    mutating func finish() {
        bytes.write("\r\n")
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withBytes(body)
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
