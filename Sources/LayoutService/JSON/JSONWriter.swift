/// A hand-written JSON writer for replies: appends bytes to one buffer, no intermediate
/// values (Foundation's encoder costs ~8 µs per element; this ~0.3 µs).
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma first.
    private var needsComma = false
    /// Set when `number` was handed NaN or an infinity (see there). A document with one is
    /// never sent: `ServiceResponse.json` answers 500 instead.
    public private(set) var wroteNonFiniteNumber = false

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) private mutating func separator() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    public mutating func beginObject() {
        separator()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separator()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A key: the next value written belongs to it.
    /// One append for `,"name":` (each `append` costs a uniqueness and capacity check,
    /// a third of the encoder's time when done byte by byte).
    public mutating func key(_ name: StaticString) {
        let comma = needsComma
        name.withUTF8Buffer { text in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count + 4) { out in
                var n = 0
                if comma { out[0] = UInt8(ascii: ","); n = 1 }
                out[n] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: out[(n + 1)...]).initialize(from: text)
                n += text.count + 1
                out[n] = UInt8(ascii: "\"")
                out[n + 1] = UInt8(ascii: ":")
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<(n + 2)]))
            }
        }
        needsComma = false
    }

    public mutating func key(_ name: String) {
        separator()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separator()
        appendQuoted(value)
    }

    public mutating func bool(_ value: Bool) {
        separator()
        if value { bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else { bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) }
    }

    public mutating func null() {
        separator()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

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
    public mutating func number(_ value: Double) {
        separator()
        appendWritten(maxCount: JSONCursor.maxNumberBytes) { $0.number(value) }
    }

    /// Bytes that are already valid JSON (a client's own layout object, echoed back).
    public mutating func raw(_ json: ArraySlice<UInt8>) {
        separator()
        bytes.append(contentsOf: json)
    }

    /// Swift's shortest round-trip form of a finite double, the very bytes of
    /// `value.description`, written without a String (`JSONCursor.shortest`).
    mutating func appendShortest(_ value: Double) {
        appendWritten(maxCount: JSONCursor.maxNumberBytes) { $0.shortest(value) }
    }

    /// Appends what `write` writes through a cursor into at most `maxCount` bytes of scratch
    /// memory (on the stack up to 1 KiB): one `Array.append` instead of one per piece.
    @inline(__always)
    mutating func appendWritten(maxCount: Int, _ write: (inout JSONCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { scratch in
            let start = scratch.baseAddress!
            var cursor = JSONCursor(position: start)
            write(&cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: cursor.position - start))
            if cursor.wroteNonFiniteNumber { wroteNonFiniteNumber = true }
        }
    }

    /// Room for `count` bytes in all, reserved now when there is less.
    mutating func reserveCapacity(_ count: Int) {
        if count > bytes.capacity { bytes.reserveCapacity(count) }
    }

    /// Whether a value about to be written through `appendWritten` needs a comma first (the
    /// caller writes it); the next one will.
    @inline(__always)
    mutating func takeComma() -> Bool {
        defer { needsComma = true }
        return needsComma
    }

    /// A quoted, escaped string (`JSONCursor.quoted`: copied whole when nothing needs escaping).
    private mutating func appendQuoted(_ s: String) {
        appendWritten(maxCount: JSONCursor.maxQuotedBytes(s)) { $0.quoted(s) }
    }
}
