import CLibevent
import Glibc

/// The per-line rules of `RequestStreamValidator`. Each is at least as strict as libevent
/// 2.1.12's http.c at the same step (cited), so evhttp cannot fail on a line that passed.
extension RequestStreamValidator {
    /// evhttp_parse_request_line: "METHOD SP target SP HTTP/x.y"; unknown methods and
    /// absolute-form targets ("//host/…" parses as an authority) are refused here.
    mutating func checkRequestLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        guard let base = line.baseAddress, let first = memchr(base, 0x20, line.count) else { return .malformedRequestLine }
        let firstSpace = base.distance(to: UnsafeRawPointer(first))
        var lastSpace = line.count - 1
        while lastSpace > firstSpace, line[lastSpace] != 0x20 { lastSpace -= 1 }
        guard firstSpace < lastSpace else { return .malformedRequestLine }
        let token = UnsafeRawBufferPointer(rebasing: line[..<firstSpace])
        let target = line[(firstSpace + 1)..<lastSpace]
        let version = UnsafeRawBufferPointer(rebasing: line[(lastSpace + 1)...])
        if target.count > limits.maxTargetLength { return .uriTooLong }
        guard let parsed = HTTPMethod(token: token) else {
            return !token.isEmpty && token.allSatisfy(isTokenByte) ? .unsupportedMethod : .malformedRequestLine
        }
        method = parsed
        if !(version.count == 8 && memcmp(version.baseAddress!, "HTTP/1.", 7) == 0
             && (version[7] == UInt8(ascii: "1") || version[7] == UInt8(ascii: "0"))) {
            let digits = Array(version.dropFirst(5))
            let looksLikeVersion = version.starts(with: "HTTP/".utf8) && digits.count == 3
                && digits[1] == UInt8(ascii: ".") && isDigit(digits[0]) && isDigit(digits[2])
            return looksLikeVersion ? .unsupportedVersion : .malformedRequestLine
        }
        guard target.first == UInt8(ascii: "/"), target.dropFirst().first != UInt8(ascii: "/"),
              allPrintable(UnsafeRawBufferPointer(rebasing: target)) else { return .invalidTarget }
        phase = .headerLines
        headerBytes = 0
        contentLength = nil
        sawTransferEncoding = false
        isChunked = false
        return nil
    }

    /// evhttp_parse_headers_ + evhttp_get_body_length + evhttp_have_expect.
    mutating func checkHeaderLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        if line.isEmpty { return finishHead() }
        guard let (name, value) = splitField(line) else { return .malformedHeader }
        if equalsIgnoringCase(name, "content-length") {
            // Duplicates are refused outright (RFC 9112 §6.3 allows rejecting them).
            guard contentLength == nil, !value.isEmpty, value.allSatisfy(isDigit) else { return .invalidContentLength }
            // More digits than the limit has cannot be within it (and cannot overflow here).
            guard value.count <= String(limits.maxBodyBytes).utf8.count else { return .payloadTooLarge }
            let length = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard length <= limits.maxBodyBytes else { return .payloadTooLarge }
            contentLength = length
        } else if equalsIgnoringCase(name, "transfer-encoding") {
            guard !sawTransferEncoding else { return .malformedHeader }
            sawTransferEncoding = true
            // evhttp only understands exactly "chunked"; "gzip, chunked" would be read as
            // a Content-Length body.
            guard equalsIgnoringCase(value, "chunked") else { return .unsupportedTransferEncoding }
            isChunked = true
        } else if equalsIgnoringCase(name, "expect") {
            guard equalsIgnoringCase(value, "100-continue") else { return .expectationFailed }
        } else if equalsIgnoringCase(name, StreamRejection.lowercasedMarkerName) {
            return .reservedHeader
        }
        return nil
    }

    /// evhttp_get_body: HEAD never has a body; chunked wins over Content-Length, which we
    /// refuse to see together (request smuggling).
    private mutating func finishHead() -> RejectionReason? {
        if contentLength != nil && sawTransferEncoding { return .conflictingFraming }
        if method == .HEAD {
            phase = .requestLine  // the caller starts the next request
        } else if isChunked {
            bodyBytes = 0
            phase = .chunkSizeLine
        } else if let contentLength, contentLength > 0 {
            if let refusal = reserveBody(contentLength) { return refusal }
            phase = .body(remaining: contentLength)
        } else {
            phase = .requestLine
        }
        return nil
    }

    /// evhttp_handle_chunked_read: hex size, no extensions (evhttp fails on ';'); the body
    /// limit is checked before the chunk is read, as evhttp does.
    mutating func checkChunkSizeLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        guard !line.isEmpty, line.count <= 15, line.allSatisfy({ hexValue($0) != nil }) else { return .malformedChunk }
        let size = line.reduce(0) { $0 << 4 | Int(hexValue($1)!) }
        if size == 0 {
            phase = .trailerLines
            return nil
        }
        guard bodyBytes + size <= limits.maxBodyBytes else { return .payloadTooLarge }
        if let refusal = reserveBody(size) { return refusal }
        bodyBytes += size
        phase = .chunkData(remaining: size)
        return nil
    }

    /// evhttp_read_trailer parses trailers like headers (Debian's patched 2.1.12 then drops
    /// them; upstream adds them to the request's headers).
    mutating func checkTrailerLine(_ line: UnsafeRawBufferPointer) -> RejectionReason? {
        if line.isEmpty {
            phase = .requestLine
            return nil
        }
        guard let (name, _) = splitField(line) else { return .malformedHeader }
        return equalsIgnoringCase(name, StreamRejection.lowercasedMarkerName) ? .reservedHeader : nil
    }

    /// "name: value" with a token name and a value of visible characters, spaces and tabs
    /// (obs-fold continuation lines are refused: evhttp fails on a leading one).
    ///
    /// Walked through the pointer, the name against a bitmap of token bytes: over `Slice`s
    /// (bounds-checked indexing, `allSatisfy`, `dropFirst`) this cost ~330 instructions a
    /// header line (callgrind, cached rect query; BENCHMARKS.md "Per-request costs after the
    /// telemetry pass"). `RequestStreamValidatorTests` holds every rule.
    private func splitField(_ line: UnsafeRawBufferPointer) -> (name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
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

/// Field-value bytes: anything but control bytes, tab excepted, and DEL. Eight bytes at a
/// time while none is below 0x20 or DEL (the same borrow identities as `allPrintable`);
/// a word with one (a tab, or a refusal) is judged byte by byte.
func isFieldValue(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let below = (word &- ones &* 0x20) & ~word
        let delete = word ^ (ones &* 0x7F)
        if (below | ((delete &- ones) & ~delete)) & highs != 0 { break }
        i += 8
    }
    while i < bytes.count {
        let byte = base.load(fromByteOffset: i, as: UInt8.self)
        if byte < 0x20 ? byte != 0x09 : byte == 0x7F { return false }
        i += 1
    }
    return true
}

@inline(__always)
private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
}

private func isDigit(_ byte: UInt8) -> Bool {
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

/// Visible ASCII only (0x21…0x7E): what evhttp accepts in a request target. Eight bytes at
/// a time (a target is most of a request line): "has a byte below 0x21" is the exact
/// borrow identity, and a byte of 0x7F or more has its top bit set before or after adding
/// one (a carry out of 0xFF only reaches bytes already found).
private func allPrintable(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let below = (word &- ones &* 0x21) & ~word
        let above = word | (word &+ ones)
        if (below | above) & highs != 0 { return false }
        i += 8
    }
    while i < bytes.count {
        let byte = base.load(fromByteOffset: i, as: UInt8.self)
        if byte <= 0x20 || byte >= 0x7F { return false }
        i += 1
    }
    return true
}

/// `text` is lowercase ASCII (the names this file compares with); lengths first, since most
/// header names differ in length from all of them.
private func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount, let base = bytes.baseAddress else { return bytes.isEmpty && text.utf8CodeUnitCount == 0 }
    let expected = text.utf8Start
    for i in 0..<bytes.count where asciiLowercased(base.load(fromByteOffset: i, as: UInt8.self)) != expected[i] {
        return false
    }
    return true
}
