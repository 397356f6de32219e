import CLibevent

/// How a reply's header fields reach evhttp's output list.
public enum ReplyHeaderFormatting: Sendable {
    /// Few list entries, each holding a run of complete header lines: an entry starts at
    /// the first field and at every field evhttp itself looks up by name on a reply (Date,
    /// Content-Length, Transfer-Encoding, Connection), and the fields between ride in the
    /// value of the entry before them ("Date" → `…GMT\r\nETag: "1"\r\nX-Request-ID: …`).
    ///
    /// Why: evhttp writes each entry with its own `evbuffer_add_printf("%s: %s\r\n")`
    /// (vsnprintf, ~1,100 instructions) and each evhttp_add_header costs a calloc, two
    /// strdups, its checks and three frees afterwards; a cached rect query's six fields
    /// were ~40% of what the server spends on it (callgrind, BENCHMARKS.md "Sixth pass").
    /// The bytes on the wire are the same as `.perField` gives (`ReplyHeaderFormattingTests`).
    case block
    /// One evhttp_add_header per field: evhttp's own way, kept as the reference the block
    /// is tested against.
    case perField
}

/// A reply's header fields as the lines they become ("Name: value\r\n", in order), built in
/// a buffer the loop reuses, then handed to evhttp. A field whose name is not an RFC 9110
/// token, or whose value holds a control byte (CR, LF and NUL included; tab allowed), is
/// left out, as evhttp_add_header refuses a CR or LF: a value can never add a line.
///
/// Noncopyable, with its own buffer: written with memcpy, not Array appends (those cost
/// ~3,500 instructions for a cached rect query's six fields; now ~600, callgrind).
struct ReplyHeaderLines: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0
    /// Where each block entry starts (see `ReplyHeaderFormatting.block`), and its name's length.
    private var entries: InlineArray<8, (start: Int, nameLength: Int)> = .init(repeating: (0, 0))
    private var entryCount = 0

    init(capacity: Int = 512) {
        self.capacity = capacity
        base = .allocate(byteCount: capacity, alignment: 1)
    }

    deinit { base.deallocate() }

    mutating func removeAll() {
        count = 0
        entryCount = 0
    }

    /// The lines written so far.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Adds a field after checking its bytes; false (and nothing added) when the name or
    /// value is not acceptable, or when it would start a ninth block entry (evhttp looks
    /// up five names; one reply never has more than one of each).
    @discardableResult
    mutating func add(_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool {
        guard !name.isEmpty, name.allSatisfy(isTokenByte), isFieldValue(value) else { return false }
        return addChecked(name, value)
    }

    @discardableResult
    mutating func add(_ name: String, _ value: String) -> Bool {
        name.withUTF8Bytes { name in value.withUTF8Bytes { value in add(name, value) } }
    }

    /// A field the server spells itself (a literal name, a value of its own making): its
    /// bytes are known to be acceptable and are not checked again.
    @discardableResult
    mutating func addTrusted(_ name: StaticString, _ value: UnsafeRawBufferPointer) -> Bool {
        addChecked(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), value)
    }

    private mutating func addChecked(_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool {
        if entryCount == 0 || Self.evhttpLooksUp(name) {
            guard entryCount < entries.count else { return false }
            entries[entryCount] = (count, name.count)
            entryCount += 1
        }
        let needed = count + name.count + value.count + 4
        if needed > capacity { grow(to: needed) }
        var at = base + count
        at.copyMemory(from: name.baseAddress!, byteCount: name.count)
        at += name.count
        at.storeBytes(of: 0x203A, as: UInt16.self)  // ": " (little-endian)
        at += 2
        if let start = value.baseAddress { at.copyMemory(from: start, byteCount: value.count) }
        at += value.count
        at.storeBytes(of: 0x0A0D, as: UInt16.self)  // "\r\n"
        count = needed
        return true
    }

    private mutating func grow(to needed: Int) {
        let grown = UnsafeMutableRawPointer.allocate(byteCount: max(needed, 2 * capacity), alignment: 1)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = max(needed, 2 * capacity)
    }

    /// Puts the lines into evhttp's list `headers`, after any entries already there.
    func install(into headers: UnsafeMutablePointer<evkeyvalq>, as formatting: ReplyHeaderFormatting) {
        switch formatting {
        case .block:
            for index in 0..<entryCount {
                let (start, nameLength) = entries[index]
                let end = index + 1 < entryCount ? entries[index + 1].start : count
                let valueStart = start + nameLength + 2
                // The value runs to the entry's last CRLF, which evhttp writes itself.
                _ = eventhttp_append_header(headers, (base + start).assumingMemoryBound(to: CChar.self), nameLength,
                                            (base + valueStart).assumingMemoryBound(to: CChar.self),
                                            end - 2 - valueStart)
            }
        case .perField:
            withBytes { all in
                var lineStart = 0
                while lineStart < all.count {
                    // Names are tokens (no colon) and values have no CR: the first ": " and
                    // the next CR delimit them.
                    var colon = lineStart
                    while all[colon] != UInt8(ascii: ":") { colon += 1 }
                    var lineEnd = colon + 2
                    while all[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
                    let name = Array(all[lineStart..<colon]) + [0], value = Array(all[(colon + 2)..<lineEnd]) + [0]
                    name.withUnsafeBytes { name in
                        value.withUnsafeBytes { value in
                            _ = evhttp_add_header(headers, name.baseAddress!.assumingMemoryBound(to: CChar.self),
                                                  value.baseAddress!.assumingMemoryBound(to: CChar.self))
                        }
                    }
                    lineStart = lineEnd + 2
                }
            }
        }
    }

    /// The fields evhttp 2.1 finds by name in a reply's list (evhttp_make_header_response,
    /// evhttp_is_request_connection_close); each must key an entry or evhttp would not see
    /// it. Content-Type is looked up only when a default type is set, and the server sets
    /// none (it always gives one itself, see `EventLoop.writeHeaderLines`).
    static func evhttpLooksUp(_ name: UnsafeRawBufferPointer) -> Bool {
        switch name.count {
        case 4: return asciiCaseInsensitiveEquals(name, "date")
        case 10: return asciiCaseInsensitiveEquals(name, "connection")
        case 14: return asciiCaseInsensitiveEquals(name, "content-length")
        case 16: return asciiCaseInsensitiveEquals(name, "proxy-connection")
        case 17: return asciiCaseInsensitiveEquals(name, "transfer-encoding")
        default: return false
        }
    }
}

/// `lowercase` is lowercase ASCII of the same length as `bytes`, and `bytes` a token (so
/// setting bit 0x20 lowercases its letters and changes nothing else that could match).
private func asciiCaseInsensitiveEquals(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
    let other = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
    guard bytes.count == other.count else { return false }
    for i in 0..<bytes.count where bytes[i] | 0x20 != other[i] { return false }
    return true
}

extension String {
    /// The UTF-8 bytes in place for a native string (one stored as UTF-8, small or not),
    /// copied into an array otherwise.
    func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(utf8).withUnsafeBytes(body)
    }
}
