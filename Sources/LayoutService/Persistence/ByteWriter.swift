import TesseraSupport

/// Little-endian binary output for session images and log entries. Columns of numbers are copied
/// as they lie in memory (every platform Swift runs Tessera on is little-endian), so a
/// million sizes cost one memcpy rather than a million conversions. The bytes go through an
/// `OutputBuffer` (docs/memory-safety.md).
struct ByteWriter {
    private var out: OutputBuffer

    /// What was written (the buffer's array: no copy).
    var bytes: [UInt8] { out.bytes }
    var count: Int { out.count }

    init(capacity: Int = 256) { out = OutputBuffer(capacity: capacity) }

    mutating func u8(_ v: UInt8) { out.append(v) }

    mutating func int(_ v: Int) {
        out.appendLittleEndian(UInt64(bitPattern: Int64(v)))
    }

    mutating func double(_ v: Double) {
        out.appendLittleEndian(v.bitPattern)
    }

    mutating func data(_ v: [UInt8]) {
        int(v.count)
        out.append(contentsOf: v)
    }

    mutating func string(_ v: String) { data(Array(v.utf8)) }

    mutating func append(_ raw: UnsafeRawBufferPointer) { out.append(contentsOf: raw) }

    /// Drops what was written after `count` bytes.
    mutating func cut(to count: Int) { out.truncate(to: count) }

    /// Up to `maxCount` bytes more, written through a checked reservation (`OutputWriter`);
    /// what `fill` returns.
    mutating func withReserved<R>(_ maxCount: Int, _ fill: (inout OutputWriter) -> R) -> R {
        out.withReserved(maxCount, fill)
    }

    /// A column of plain values (Double, Size: trivial structs of doubles), raw.
    mutating func column<T>(_ values: [T]) {
        precondition(_isPOD(T.self))
        int(values.count)
        values.withUnsafeBytes { out.append(contentsOf: $0) }
    }
}

/// Reads what ByteWriter wrote; any short or inconsistent input is a `SessionImageError`, never a
/// trap.
struct ByteReader {
    let bytes: [UInt8]
    private var offset: Int
    /// Where the input ends: before a checksum, the checksum is not read as data.
    let end: Int

    init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = end ?? bytes.count
    }

    var isAtEnd: Bool { offset == end }

    mutating func take(_ n: Int, _ what: String) throws(SessionImageError) -> Range<Int> {
        guard n >= 0, n <= end - offset else {
            throw SessionImageError("truncated: \(what) needs \(n) bytes at offset \(offset), \(end - offset) left")
        }
        defer { offset += n }
        return offset..<(offset + n)
    }

    mutating func u8(_ what: String) throws(SessionImageError) -> UInt8 {
        bytes[try take(1, what).lowerBound]
    }

    mutating func int(_ what: String) throws(SessionImageError) -> Int {
        let r = try take(8, what)
        var v: UInt64 = 0
        for i in r.reversed() { v = v << 8 | UInt64(bytes[i]) }
        return Int(Int64(bitPattern: v))
    }

    mutating func count(_ what: String, max: Int) throws(SessionImageError) -> Int {
        let n = try int(what)
        guard n >= 0, n <= max else { throw SessionImageError("\(what) is \(n), outside 0...\(max)") }
        return n
    }

    mutating func double(_ what: String) throws(SessionImageError) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int(what))))
    }

    /// A double the layout will use: finite and within ±1e15, as a request's numbers must be.
    /// A damaged one (NaN in the view's bounds) would otherwise answer 500 on every request
    /// instead of quarantining the session once.
    mutating func number(_ what: String) throws(SessionImageError) -> Double {
        let v = try double(what)
        guard v.magnitude <= ValueReader.maxMagnitude else { throw SessionImageError("\(what) is \(v), not a finite number within ±1e15") }
        return v
    }

    mutating func data(_ what: String) throws(SessionImageError) -> [UInt8] {
        let n = try count(what, max: end - offset)
        return Array(bytes[try take(n, what)])
    }

    mutating func string(_ what: String) throws(SessionImageError) -> String {
        String(decoding: try data(what), as: UTF8.self)
    }

    mutating func column<T>(_ type: T.Type, count expected: Int, _ what: String) throws(SessionImageError) -> [T] {
        precondition(_isPOD(T.self))
        let n = try int(what)
        guard n == expected else { throw SessionImageError("\(what) has \(n) entries for \(expected) items") }
        let r = try take(n * MemoryLayout<T>.stride, what)
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[r]))
            }
            initialized = n
        }
    }

    /// The rest of the input.
    mutating func rest() -> [UInt8] {
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}

/// Stored bytes (a session image or a log entry) that do not decode: the session they
/// belong to is quarantined.
struct SessionImageError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
