import LayoutEngine

/// The query of `GET …/elements`: `rect=x,y,w,h` (all elements when absent) and `progress=p`
/// (during an interactive transition), nothing else.
///
/// Read straight from the query's bytes when it is in the form clients send (each parameter
/// once, joined by `&`, numbers as plain decimals of up to 15 digits); anything else
/// (percent-escapes, `+`, repeated or empty parameters, exponents, long numbers, errors)
/// through `QueryParameters` and `Double(_:)`, which also name every error. A scrolling
/// client sends a new rect every time, and the general path cost ~30,000 instructions a
/// query, more than answering it (docs/performance.md#rect-query-bytes). `RectQueryTests`
/// holds the two to the same result on every query it generates.
struct RectQuery: Equatable {
    var rect: Rect?
    /// The progress as the query gave it (`queryLayout` checks it and names it in errors).
    var progressText: String?

    init(rect: Rect?, progressText: String?) {
        self.rect = rect
        self.progressText = progressText
    }

    init(_ raw: String?) throws(APIError) {
        if let quick = Self.common(raw) {
            self = quick
        } else {
            self = try Self.general(raw)
        }
    }

    /// The progress as a number, when the query gave one that is finite (nil otherwise; an
    /// unreadable one is refused by `queryLayout`, so its reply is never cached).
    var progress: Double? {
        guard let progressText, let p = Double(progressText), p.isFinite else { return nil }
        return p
    }

    /// The normalised key of the reply, nil when the query's reply must not be cached (a
    /// progress that is not a number: the answer is an error).
    var replyQuery: ReplyQuery? {
        if progressText != nil && progress == nil { return nil }
        return .elements(rect: rect, progress: progress)
    }

    /// The reference: decoded by `QueryParameters`, every error named.
    static func general(_ raw: String?) throws(APIError) -> RectQuery {
        let q = try QueryParameters(raw)
        try q.rejectUnknown(["rect", "progress"])
        return RectQuery(rect: try q.rect(), progressText: q["progress"])
    }

    /// The common form read from its bytes; nil for anything else (the general path decides
    /// it, errors included).
    static func common(_ query: String?) -> RectQuery? {
        guard var raw = query, !raw.isEmpty else { return RectQuery(rect: nil, progressText: nil) }
        return raw.withUTF8 { bytes -> RectQuery? in
            var rect: Rect?
            var progressText: String?
            var i = 0
            let n = bytes.count
            while true {
                if Self.startsWith("rect=", bytes, at: i) {
                    guard rect == nil else { return nil }
                    i += 5
                    guard let x = Self.decimal(bytes, &i), Self.skip(",", bytes, &i),
                        let y = Self.decimal(bytes, &i), Self.skip(",", bytes, &i),
                        let w = Self.decimal(bytes, &i), Self.skip(",", bytes, &i),
                        let h = Self.decimal(bytes, &i), w >= 0, h >= 0
                    else { return nil }
                    rect = Rect(x: x, y: y, width: w, height: h)
                } else if Self.startsWith("progress=", bytes, at: i) {
                    guard progressText == nil else { return nil }
                    i += 9
                    let start = i
                    guard Self.decimal(bytes, &i) != nil else { return nil }
                    progressText = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                } else {
                    return nil
                }
                if i == n { break }
                guard Self.skip("&", bytes, &i), i < n else { return nil }
            }
            return RectQuery(rect: rect, progressText: progressText)
        }
    }

    @inline(__always)
    private static func startsWith(_ text: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let n = text.utf8CodeUnitCount
        guard bytes.count - i >= n else { return false }
        for k in 0..<n where bytes[i + k] != text.utf8Start[k] { return false }
        return true
    }

    @inline(__always)
    private static func skip(_ byte: Unicode.Scalar, _ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: byte) else { return false }
        i += 1
        return true
    }

    /// `-?d+(.d+)?` with at most 15 significant digits, as `Double(_:)` reads it: the digits
    /// make an integer below 2^53 and the fraction a power of ten up to 10^22, both exact
    /// doubles, so their quotient is the correctly rounded value (Clinger's fast path). Nil,
    /// the cursor anywhere, for any other text.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Double? {
        let n = bytes.count
        var negative = false
        if i < n && bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var integerDigits = 0
        while i < n, case let d = bytes[i] &- UInt8(ascii: "0"), d < 10 {
            if mantissa != 0 || d != 0 { significant += 1 }
            mantissa = mantissa &* 10 &+ UInt64(d)
            integerDigits += 1
            i += 1
            if significant > 15 { return nil }
        }
        guard integerDigits > 0 else { return nil }
        var fractionDigits = 0
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, case let d = bytes[i] &- UInt8(ascii: "0"), d < 10 {
                if mantissa != 0 || d != 0 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(d)
                fractionDigits += 1
                i += 1
                if significant > 15 || fractionDigits > 22 { return nil }
            }
            guard fractionDigits > 0 else { return nil }
        }
        let value = Double(mantissa) / Self.powerOfTen(fractionDigits)
        return negative ? -value : value
    }

    /// 10^e for 0 ≤ e ≤ 22, each exact as a double.
    private static func powerOfTen(_ e: Int) -> Double {
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }
}
