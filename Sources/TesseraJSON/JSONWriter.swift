import TesseraSupport

/// A hand-written JSON writer for replies: appends bytes to one buffer, no intermediate
/// values (Foundation's encoder costs ~8 µs per element; this ~0.3 µs). Every byte goes
/// through the buffer's checked reservations (`OutputBuffer`, docs/memory-safety.md).
///
/// `@inlinable`, its state `@usableFromInline`: the service's encoders (another module) write
/// through these methods per element, and without it every one was a call (see
/// `OutputWriter` for why `package` alone is not enough).
public struct JSONWriter {
    @usableFromInline package var out: OutputBuffer
    /// The document so far (the buffer's array: no copy).
    @inlinable public var bytes: [UInt8] { out.bytes }
    /// Whether the next value in the current container needs a comma first.
    @usableFromInline var needsComma = false
    /// Set when `number` was handed NaN or an infinity (see there). A document with one is
    /// never sent: `Reply.json` answers 500 instead.
    public private(set) var wroteNonFiniteNumber = false

    @inlinable
    public init(capacity: Int = 256) {
        out = OutputBuffer(capacity: capacity)
    }

    /// Sets `wroteNonFiniteNumber` (whose setter stays private) from the inlinable writers.
    @usableFromInline
    package mutating func noteNonFiniteNumber() {
        wroteNonFiniteNumber = true
    }

    @inlinable @inline(__always) mutating func separator() {
        if needsComma { out.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// `{` or `[`: a container begins as a value, and its first member needs no comma.
    @inlinable @inline(__always) mutating func open(_ bracket: UInt8) {
        separator()
        out.append(bracket)
        needsComma = false
    }

    /// `}` or `]`: the container ends, and what follows it in its own container needs a comma.
    @inlinable @inline(__always) mutating func close(_ bracket: UInt8) {
        out.append(bracket)
        needsComma = true
    }

    @inlinable
    public mutating func beginObject() { open(UInt8(ascii: "{")) }

    @inlinable
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    @inlinable
    public mutating func beginArray() { open(UInt8(ascii: "[")) }

    @inlinable
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A key: the next value written belongs to it.
    /// One reservation for `,"name":` (each `append` costs a uniqueness and capacity check,
    /// a third of the encoder's time when done byte by byte).
    @inlinable
    public mutating func key(_ name: StaticString) {
        let comma = needsComma
        out.withReserved(name.utf8CodeUnitCount + 4) { w in
            if comma { w.byte(UInt8(ascii: ",")) }
            w.byte(UInt8(ascii: "\""))
            w.bytes(name)
            w.byte(UInt8(ascii: "\""))
            w.byte(UInt8(ascii: ":"))
        }
        needsComma = false
    }

    @inlinable
    public mutating func key(_ name: String) {
        string(name)
        out.append(UInt8(ascii: ":"))
        needsComma = false
    }

    @inlinable
    public mutating func string(_ value: String) {
        separator()
        appendQuoted(value)
    }

    /// A string from UTF-8 bytes held elsewhere, escaped as `string` escapes.
    @inlinable
    package mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        separator()
        appendWritten(maxCount: 2 + 6 * utf8.count) { $0.quoted(utf8: utf8) }
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        separator()
        out.append(value ? "true" : "false")
    }

    @inlinable
    public mutating func null() {
        separator()
        out.append("null")
    }

    @inlinable
    public mutating func int(_ value: Int) {
        separator()
        appendWritten(maxCount: JSONCursor.maxIntegerBytes) { $0.integer(value) }
    }

    /// Integers print without a fraction; other values in Swift's shortest round-trip form.
    ///
    /// The contract: `value` is finite. JSON has no NaN or infinity, and where the API's
    /// schema says number a client must get one, never `null`. The service guarantees it
    /// by refusing, with a 400 naming the field, every input whose derived geometry would
    /// not be finite (`LayoutCheck`). Should a non-finite value arrive all the same (a bug),
    /// the writer keeps the document well-formed by writing 0 and records the fact in
    /// `wroteNonFiniteNumber`, so that the document is not sent (500 `internal_error`).
    @inlinable
    public mutating func number(_ value: Double) {
        separator()
        appendWritten(maxCount: JSONCursor.maxNumberBytes) { $0.number(value) }
    }

    /// Bytes that are already valid JSON (a client's own layout object, echoed back).
    @inlinable
    public mutating func raw(_ json: ArraySlice<UInt8>) {
        separator()
        out.append(contentsOf: json)
    }

    /// Swift's shortest round-trip form of a finite double, the very bytes of
    /// `value.description`, written without a String (`JSONCursor.shortest`).
    @inlinable
    package mutating func appendShortest(_ value: Double) {
        appendWritten(maxCount: JSONCursor.maxNumberBytes) { $0.shortest(value) }
    }

    /// Appends what `write` writes through a cursor over a reservation of `maxCount` bytes
    /// of the buffer (`OutputBuffer.withReserved`: every store checked against `maxCount`),
    /// written in place: one capacity check instead of one `Array.append` per piece.
    @inlinable @inline(__always)
    package mutating func appendWritten(maxCount: Int, _ write: (inout JSONCursor) -> Void) {
        let nonFinite = out.withReserved(maxCount) { w in
            var cursor = JSONCursor(w)
            write(&cursor)
            w = cursor.out
            return cursor.wroteNonFiniteNumber
        }
        if nonFinite { noteNonFiniteNumber() }
    }

    /// Room for `count` bytes in all, reserved now when there is less.
    @inlinable
    package mutating func reserveCapacity(_ count: Int) {
        out.reserveCapacity(count)
    }

    /// Whether a value about to be written through `appendWritten` needs a comma first (the
    /// caller writes it); the next one will.
    @inlinable @inline(__always)
    package mutating func takeComma() -> Bool {
        defer { needsComma = true }
        return needsComma
    }

    /// A quoted, escaped string (`JSONCursor.quoted`: copied whole when nothing needs escaping).
    @inlinable
    mutating func appendQuoted(_ s: String) {
        appendWritten(maxCount: JSONCursor.maxQuotedBytes(s)) { $0.quoted(s) }
    }
}
