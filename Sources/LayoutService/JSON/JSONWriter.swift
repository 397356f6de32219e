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
        appendInteger(value)
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
        if value.isFinite, value == value.rounded(.towardZero), value.magnitude < 9.0e15 {
            appendInteger(Int(value))
        } else if value.isFinite {
            appendShortest(value)
        } else {
            wroteNonFiniteNumber = true
            bytes.append(UInt8(ascii: "0"))
        }
    }

    /// Bytes that are already valid JSON (a client's own layout object, echoed back).
    public mutating func raw(_ json: ArraySlice<UInt8>) {
        separator()
        bytes.append(contentsOf: json)
    }

    @inline(__always)
    private mutating func appendInteger(_ value: Int) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var v = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 {
                d[n] = UInt8(v % 10) + UInt8(ascii: "0")
                v /= 10
                n += 1
            }
            var i = n - 1
            while i >= 0 {
                bytes.append(d[i])
                i -= 1
            }
        }
    }

    /// Swift's shortest round-trip form of a finite double, the very bytes of
    /// `value.description`, written without a String: the standard library's formatter
    /// (`swift_float64ToString`, the runtime entry `description` itself calls) fills a
    /// stack buffer that is appended as it stands. `JSONWriterTests` holds it to
    /// `description` over millions of bit patterns.
    @inline(__always)
    mutating func appendShortest(_ value: Double) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            // The formatter expects a buffer of ASCII zeros: it writes only the digits that
            // differ from them (padding zeros of large integers, 1e+20's included).
            buffer.initialize(repeating: UInt8(ascii: "0"))
            let length = Int(truncatingIfNeeded: swiftFloat64ToString(buffer.baseAddress!, 32, value, false))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// Fast path: a string with nothing to escape (every key and category) is copied in
    /// one piece; only strings with quotes, backslashes or control characters are walked
    /// (`JSONWriterTests` holds the two to the same output).
    private mutating func appendQuoted(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: scanned as one contiguous buffer and copied in bulk,
        // instead of a per-byte append (callgrind: ~5× fewer instructions per string).
        var text = s
        let plain = text.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// The standard library's double formatter (Swift's runtime ABI; `Double.description` and
/// `debugDescription` are built on it): writes the shortest digits that round-trip into
/// `buffer` and returns their count. 32 bytes always suffice.
@_silgen_name("swift_float64ToString")
private func swiftFloat64ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt,
                                  _ value: Double, _ debug: Bool) -> UInt64
