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
        guard let query, !query.isEmpty else { return RectQuery(rect: nil, progressText: nil) }
        // The bytes where they are (`withUTF8` copies a string whose bytes are shared, as the
        // server's query strings are); a string without contiguous bytes goes the general way.
        return query.utf8.withContiguousStorageIfAvailable { bytes -> RectQuery? in
            var rect: Rect?
            var progressText: String?
            var i = 0
            let n = bytes.count
            while true {
                if Self.at(bytes, i, "rect=") {
                    guard rect == nil else { return nil }
                    i &+= 5
                    guard let x = Self.decimal(bytes, &i, then: UInt8(ascii: ",")), let y = Self.decimal(bytes, &i, then: UInt8(ascii: ",")),
                        let w = Self.decimal(bytes, &i, then: UInt8(ascii: ",")), let h = Self.decimal(bytes, &i, then: UInt8(ascii: "&")),
                        w >= 0, h >= 0
                    else { return nil }
                    rect = Rect(x: x, y: y, width: w, height: h)
                } else if Self.at(bytes, i, "progress=") {
                    guard progressText == nil else { return nil }
                    i &+= 9
                    let start = i
                    guard Self.decimal(bytes, &i, then: UInt8(ascii: "&")) != nil else { return nil }
                    // Up to the `&` that `decimal` stepped past, if it did (a number never ends in one).
                    let end = bytes[i &- 1] == UInt8(ascii: "&") ? i &- 1 : i
                    progressText = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                } else {
                    return nil
                }
                // `decimal` stepped past the `&` when another parameter follows; a trailing one
                // ends the query, as the general path (which skips empty parameters) reads it.
                if i == n { break }
            }
            return RectQuery(rect: rect, progressText: progressText)
        } ?? nil
    }

    /// Whether `text` (ASCII) is at `bytes[i...]`.
    @inline(__always)
    private static func at(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count &- i >= count else { return false }
        let start = text.utf8Start
        var k = 0
        while k < count {
            if bytes[i &+ k] != start[k] { return false }
            k &+= 1
        }
        return true
    }

    /// `-?d+(.d+)?` with at most 15 digits in all, as `Double(_:)` reads it: the digits make an
    /// integer below 2^53 and the fraction a power of ten up to 10^15, both exact doubles, so
    /// their quotient is the correctly rounded value (Clinger's fast path). The number must
    /// end the query or be followed by `separator`, which the cursor steps past. Nil, the
    /// cursor anywhere, for any other text.
    @inline(__always)
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, then separator: UInt8) -> Double? {
        let n = bytes.count
        var k = i
        let negative = k < n && bytes[k] == UInt8(ascii: "-")
        if negative { k &+= 1 }
        var mantissa: UInt64 = 0
        let start = k
        while k < n, case let d = bytes[k] &- UInt8(ascii: "0"), d < 10 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            k &+= 1
        }
        let integerDigits = k &- start
        var digits = integerDigits
        var fraction = 0
        if k < n && bytes[k] == UInt8(ascii: ".") {
            k &+= 1
            let fractionStart = k
            while k < n, case let d = bytes[k] &- UInt8(ascii: "0"), d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                k &+= 1
            }
            fraction = k &- fractionStart
            guard fraction > 0 else { return nil }
            digits &+= fraction
        }
        guard integerDigits > 0, digits <= 15 else { return nil }
        if k < n {
            guard bytes[k] == separator else { return nil }
            k &+= 1
        }
        i = k
        let value = Double(mantissa) / Self.powerOfTen(fraction)
        return negative ? -value : value
    }

    /// 10^e for 0 ≤ e ≤ 15, each exact as a double.
    @inline(__always)
    private static func powerOfTen(_ e: Int) -> Double {
        switch e {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }
}
