import Glibc
import TesseraSupport

/// The per-line rules of `RequestParser`, each citing the RFC 9112 clause it keeps.
extension RequestParser {
    /// RFC 9112 §3: "method SP request-target SP HTTP-version", single spaces. Methods the
    /// router does not serve are 501 (RFC 9110 §9.1); the target is origin-form or
    /// absolute-form (§3.2.1, §3.2.2) of visible ASCII.
    mutating func checkRequestLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        guard let base = line.baseAddress, let first = memchr(base, 0x20, line.count) else { return .malformedRequestLine }
        let firstSpace = base.distance(to: UnsafeRawPointer(first))
        var lastSpace = line.count - 1
        while lastSpace > firstSpace, line[lastSpace] != 0x20 { lastSpace -= 1 }
        guard firstSpace < lastSpace else { return .malformedRequestLine }
        let token = UnsafeRawBufferPointer(rebasing: line[..<firstSpace])
        let target = UnsafeRawBufferPointer(rebasing: line[(firstSpace + 1)..<lastSpace])
        let version = UnsafeRawBufferPointer(rebasing: line[(lastSpace + 1)...])
        if target.count > limits.maxTargetLength { return .uriTooLong }
        guard let parsed = HTTPMethod(token: token) else {
            return !token.isEmpty && token.allSatisfy(isTokenByte) ? .unsupportedMethod : .malformedRequestLine
        }
        message.method = parsed
        guard version.count == 8, memcmp(version.baseAddress!, "HTTP/", 5) == 0, isDigit(version[5]),
            version[6] == UInt8(ascii: "."), isDigit(version[7])
        else { return .malformedRequestLine }
        guard version[5] == UInt8(ascii: "1"), version[7] == UInt8(ascii: "1") || version[7] == UInt8(ascii: "0") else {
            return .unsupportedVersion
        }
        message.minorVersion = Int(version[7] - UInt8(ascii: "0"))
        guard !target.isEmpty, allPrintable(target) else { return .invalidTarget }
        if target[0] != UInt8(ascii: "/") {
            guard let path = RequestTarget.originForm(ofAbsolute: target) else { return .invalidTarget }
            message.absoluteFormPath = path
        }
        message.target.appendBytes(target)
        phase = .headerLines
        headerBytes = 0
        contentLength = nil
        sawTransferEncoding = false
        sawHost = false
        connectionTokens = ConnectionTokens()
        return nil
    }

    /// RFC 9112 §5 (field lines), §6 (message body length), RFC 9110 §10.1.1 (Expect) and
    /// §7.6.1 (Connection).
    mutating func checkHeaderLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        if line.isEmpty { return finishHead() }
        guard let (name, value) = splitField(line) else { return .malformedHeader }
        switch name.count {
        case 14 where equalsIgnoringCase(name, "content-length"):
            // §6.3: a list or a repeated field is refused, not reconciled (llhttp does too).
            let value = framingValue(value, in: line)
            guard contentLength == nil, !value.isEmpty, value.allSatisfy(isDigit) else { return .invalidContentLength }
            // More significant digits than the limit has cannot be within it (and cannot
            // overflow here). Leading zeros do not count: "007" is 7 (1*DIGIT, RFC 9110 §8.6).
            let digits = value.drop { $0 == UInt8(ascii: "0") }
            guard digits.count <= String(limits.maxBodyBytes).utf8.count else { return .payloadTooLarge }
            let length = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard length <= limits.maxBodyBytes else { return .payloadTooLarge }
            contentLength = length
        case 17 where equalsIgnoringCase(name, "transfer-encoding"):
            // §6.1: only "chunked", once. Another coding is 501 (a server SHOULD answer a
            // coding it does not understand so); a second field could hide one.
            guard !sawTransferEncoding else { return .malformedHeader }
            sawTransferEncoding = true
            guard equalsIgnoringCase(framingValue(value, in: line), "chunked") else { return .unsupportedTransferEncoding }
        case 6 where equalsIgnoringCase(name, "expect"):
            guard equalsIgnoringCase(value, "100-continue") else { return .expectationFailed }
            message.expectsContinue = true
        case 10 where equalsIgnoringCase(name, "connection"):
            connectionTokens.read(value)
        case 4 where equalsIgnoringCase(name, "host"):
            // RFC 9112 §3.2: more than one Host is a 400.
            guard !sawHost else { return .duplicateHost }
            sawHost = true
        default:
            break
        }
        message.fields.append(name: name, value: value)
        return nil
    }

    /// A framing field's value (Content-Length, Transfer-Encoding) as `splitField` trimmed
    /// it, but with only trailing spaces dropped: a trailing HTAB stays, and so the value is
    /// refused ("5\t", "chunked\t"), as llhttp's strict mode refuses it. RFC 9110 §5.5 would
    /// drop it, but parsers that disagree on a message's framing are how requests are smuggled.
    private func framingValue(_ value: UnsafeRawBufferPointer, in line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let start = value.baseAddress, let lineStart = line.baseAddress else { return value }
        let offset = lineStart.distance(to: start)
        var end = line.count
        while end > offset, line[end - 1] == 0x20 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: line[offset..<max(offset, end)])
    }

    /// The blank line: decides the body's framing (§6.3) and the connection's fate (§9.3).
    private mutating func finishHead() -> RejectionReason? {
        // §6.1: Content-Length beside Transfer-Encoding is how requests are smuggled.
        if contentLength != nil && sawTransferEncoding { return .conflictingFraming }
        // §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing.
        if sawTransferEncoding && message.minorVersion == 0 { return .transferEncodingInHTTP10 }
        message.keepAlive =
            message.minorVersion == 1
            ? !connectionTokens.close : connectionTokens.keepAlive && !connectionTokens.close
        let hasBody = sawTransferEncoding || (contentLength ?? 0) > 0
        // A bodiless request reserves nothing, so only a body needs its client.
        if hasBody { chooseBodyClient() }
        // RFC 9110 §10.1.1: a server MAY ignore Expect in an HTTP/1.0 request.
        continueDue = hasBody && message.expectsContinue && message.minorVersion == 1
        if sawTransferEncoding {
            bodyBytes = 0
            phase = .chunkSizeLine
        } else if let contentLength, contentLength > 0 {
            // A client that waits for 100 Continue is told now, not after sending the body,
            // when the body would not fit; the bytes are reserved only as they arrive.
            if continueDue, let refusal = refusalBeforeInviting(contentLength) { return refusal }
            // Room for what arrives, not for what the head declares (`bodyCapacityAhead`).
            message.body.reserveCapacity(min(contentLength, Self.bodyCapacityAhead))
            phase = .body(remaining: contentLength)
        } else {
            finishRequest()
        }
        return nil
    }

    /// §7.1: `chunk-size [chunk-ext]`: hex digits (leading zeros allowed), then extensions
    /// `;name` or `;name=value` (a token or a quoted string) without whitespace, which are
    /// ignored (§7.1.1). The body limit is checked before the chunk is read; its bytes are
    /// reserved as they arrive.
    mutating func checkChunkSizeLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        var index = 0
        while index < line.count, hexValue(line[index]) != nil { index += 1 }
        guard index > 0, ChunkExtensions.areValid(UnsafeRawBufferPointer(rebasing: line[index...])) else {
            return .malformedChunk
        }
        var significant = 0
        while significant < index - 1, line[significant] == UInt8(ascii: "0") { significant += 1 }
        // Sixteen hex digits or more exceed any body limit (and an Int).
        guard index - significant <= 15 else { return .payloadTooLarge }
        let size = line[significant..<index].reduce(0) { $0 << 4 | Int(hexValue($1)!) }
        if size == 0 {
            phase = .trailerLines
            return nil
        }
        guard bodyBytes + size <= limits.maxBodyBytes else { return .payloadTooLarge }
        bodyBytes += size
        phase = .chunkData(remaining: size)
        return nil
    }

    /// §7.1.2: trailer fields are parsed like header fields, then dropped (a handler sees
    /// only the head's fields). Content-Length and Transfer-Encoding are refused there: a
    /// field that frames the message cannot be a trailer (RFC 9110 §6.5.1), and a reader
    /// that merged trailers into the head would frame the message differently (llhttp
    /// refuses both too).
    mutating func checkTrailerLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        if line.isEmpty {
            finishRequest()
            return nil
        }
        guard let (name, _) = splitField(line) else { return .malformedHeader }
        if equalsIgnoringCase(name, "content-length") || equalsIgnoringCase(name, "transfer-encoding") {
            return .malformedChunk
        }
        return nil
    }

    /// "name: value" (§5.1): a token name, no whitespace before the colon, a value of
    /// field-vchars, spaces and tabs, trimmed of leading and trailing whitespace. An
    /// obs-fold continuation line (one starting with whitespace) is refused (§5.2).
    ///
    /// Walked through the pointer, the name against a bitmap of token bytes: over `Slice`s
    /// (bounds-checked indexing, `allSatisfy`, `dropFirst`) this cost several times as much
    /// a header line (docs/performance.md#eight-byte-checks). `RequestParserTests` holds
    /// every rule.
    func splitField(_ line: UnsafeRawBufferPointer) -> (name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        guard let base = line.baseAddress, let found = memchr(base, Int32(UInt8(ascii: ":")), line.count) else { return nil }
        let colon = base.distance(to: UnsafeRawPointer(found))
        guard colon > 0 else { return nil }
        for i in 0..<colon where !isTokenByte(base.load(fromByteOffset: i, as: UInt8.self)) { return nil }
        var start = colon + 1, end = line.count
        if !isFieldValue(UnsafeRawBufferPointer(start: base + start, count: end - start)) { return nil }
        while start < end, isBlank(base.load(fromByteOffset: start, as: UInt8.self)) { start += 1 }
        while end > start, isBlank(base.load(fromByteOffset: end - 1, as: UInt8.self)) { end -= 1 }
        return (UnsafeRawBufferPointer(start: base, count: colon), UnsafeRawBufferPointer(start: base + start, count: end - start))
    }
}

/// What the Connection fields of one head said (RFC 9110 §7.6.1: a comma-separated list of
/// case-insensitive options, possibly over several fields).
struct ConnectionTokens: Sendable {
    var close = false
    var keepAlive = false

    mutating func read(_ value: UnsafeRawBufferPointer) {
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count, value[end] != UInt8(ascii: ",") { end += 1 }
            var from = start, to = end
            while from < to, isBlank(value[from]) { from += 1 }
            while to > from, isBlank(value[to - 1]) { to -= 1 }
            let option = UnsafeRawBufferPointer(rebasing: value[from..<to])
            if equalsIgnoringCase(option, "close") { close = true }
            if equalsIgnoringCase(option, "keep-alive") { keepAlive = true }
            start = end + 1
        }
    }
}

/// `chunk-ext = *( ";" chunk-ext-name [ "=" chunk-ext-val ] )`, with no whitespace around
/// the separators (RFC 9112 §7.1.1 allows BWS there; llhttp's strict mode does not).
enum ChunkExtensions {
    static func areValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ";") else { return false }
            index += 1
            let nameStart = index
            while index < bytes.count, isTokenByte(bytes[index]) { index += 1 }
            guard index > nameStart else { return false }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                guard let end = quotedStringEnd(bytes, from: index) else { return false }
                index = end
            } else {
                let valueStart = index
                while index < bytes.count, isTokenByte(bytes[index]) { index += 1 }
                guard index > valueStart else { return false }
            }
        }
        return true
    }

    /// RFC 9110 §5.6.4: the index after the closing quote of the string opening at `start`.
    private static func quotedStringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count, isQuotedPairByte(bytes[index + 1]) else { return nil }
                index += 2
            default:
                guard byte == 0x09 || byte == 0x20 || (byte >= 0x21 && byte != 0x7F) else { return nil }
                index += 1
            }
        }
        return nil
    }

    private static func isQuotedPairByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x20 || (byte >= 0x21 && byte != 0x7F)
    }
}

/// Whether every byte passes `byteOK`: eight bytes at a time while `wordOK` finds none in a
/// word that could fail, then byte by byte from the first word it doubts.
@inline(__always)
private func allBytes(_ bytes: UnsafeRawBufferPointer, word wordOK: (UInt64) -> Bool, byte byteOK: (UInt8) -> Bool) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var i = 0
    while i + 8 <= bytes.count, wordOK(base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { i += 8 }
    while i < bytes.count {
        guard byteOK(base.load(fromByteOffset: i, as: UInt8.self)) else { return false }
        i += 1
    }
    return true
}

/// Field-value bytes: anything but control bytes, tab excepted, and DEL. Eight bytes at a
/// time while none is below 0x20 or DEL (the same borrow identities as `allPrintable`);
/// a word with one (a tab, or a refusal) is judged byte by byte.
func isFieldValue(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    return allBytes(bytes) { word in
        let below = (word &- ones &* 0x20) & ~word
        let delete = word ^ (ones &* 0x7F)
        return (below | ((delete &- ones) & ~delete)) & highs == 0
    } byte: { byte in
        byte < 0x20 ? byte == 0x09 : byte != 0x7F
    }
}

@inline(__always)
func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
}

func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

/// RFC 9110 tchar: letters, digits and !#$%&'*+-.^_`|~, as a bitmap of the 128 ASCII
/// bytes (header names are checked byte by byte on every request).
@inline(__always)
func isTokenByte(_ byte: UInt8) -> Bool {
    // Bits 0x21…0x3F: ! # $ % & ' * + - . and the digits; 0x40…0x7F: letters ^ _ ` | ~.
    let low: UInt64 = 0x03FF_6CFA_0000_0000, high: UInt64 = 0x57FF_FFFF_C7FF_FFFE
    switch byte {
    case 0..<64: return low >> UInt64(byte) & 1 != 0
    case 64..<128: return high >> UInt64(byte - 64) & 1 != 0
    default: return false
    }
}

/// Visible ASCII only (0x21…0x7E): the bytes a request target may have (RFC 3986). Eight bytes at
/// a time (a target is most of a request line): "has a byte below 0x21" is the exact
/// borrow identity, and a byte of 0x7F or more has its top bit set before or after adding
/// one (a carry out of 0xFF only reaches bytes already found).
func allPrintable(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    return allBytes(bytes) { word in
        let below = (word &- ones &* 0x21) & ~word
        let above = word | (word &+ ones)
        return (below | above) & highs == 0
    } byte: { byte in
        byte > 0x20 && byte < 0x7F
    }
}

/// `text` is lowercase ASCII (the names this file compares with); lengths first, since most
/// header names differ in length from all of them.
func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount, let base = bytes.baseAddress else { return bytes.isEmpty && text.utf8CodeUnitCount == 0 }
    let expected = text.utf8Start
    for i in 0..<bytes.count where asciiLowercased(base.load(fromByteOffset: i, as: UInt8.self)) != expected[i] {
        return false
    }
    return true
}
