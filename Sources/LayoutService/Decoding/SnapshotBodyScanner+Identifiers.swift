import LayoutEngine
import TesseraSupport

/// The scanner's hot part: lists of identifiers, a million in a large PUT, each read once
/// and packed as `IdentifierColumn` packs them (a tag byte, then the string's bytes or the
/// integer's eight little-endian bytes).
extension SnapshotBodyScanner {
    /// The identifiers of the array whose `[` is at `start`, appended to `bytes` and `ends`;
    /// the position after its `]`, or -1 where the array is not a list of identifiers the
    /// scanner takes.
    static func identifiers(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ bytes: inout OutputBuffer, _ ends: inout [UInt32]
    ) -> Int {
        var q = skipSpace(base, start &+ 1, end)
        guard q < end else { return -1 }
        if base[q] == UInt8(ascii: "]") { return q &+ 1 }
        // Room for the longest identifier, checked once per identifier instead of a
        // reservation each.
        let longest = IdentifierReader.maxLength &+ 1
        while true {
            // A string packs into fewer bytes than it takes in the body (its quotes and comma
            // become one tag byte), so one reservation of the body's rest holds the list
            // unless it has many integers.
            let room = max(4096, min(end &- q, 1 << 24) &+ longest)
            let before = bytes.count
            var finished = false
            let failed = bytes.withReserved(room) { w -> Bool in
                while w.remaining >= longest {
                    q = identifier(base, q, end, &w)
                    guard q >= 0 else { return true }
                    ends.append(UInt32(truncatingIfNeeded: before &+ w.count))
                    q = skipSpace(base, q, end)
                    guard q < end else { return true }
                    if base[q] == UInt8(ascii: ",") {
                        q = skipSpace(base, q &+ 1, end)
                        guard q < end else { return true }
                        continue
                    }
                    guard base[q] == UInt8(ascii: "]") else { return true }
                    q &+= 1
                    finished = true
                    return false
                }
                return false
            }
            if failed { return -1 }
            if finished { return q }
        }
    }

    /// The identifier at `p` (a string or an integer; the caller made sure `p < end`) into
    /// `w`, which has room for the longest; the position after it, or -1 where it is not one
    /// the scanner takes.
    @inline(__always)
    static func identifier(_ base: UnsafePointer<UInt8>, _ p: Int, _ end: Int, _ w: inout OutputWriter) -> Int {
        guard base[p] == UInt8(ascii: "\"") else { return integer(base, p, end, &w) }
        let from = p &+ 1
        let close = closingQuote(base, from, end)
        guard close >= 0 else { return -1 }
        let length = close &- from
        guard length <= IdentifierReader.maxLength else { return -1 }
        w.byte(IdentifierColumn.stringTag)
        copy(base + from, length, into: &w)
        return close &+ 1
    }

    /// The closing quote of a string whose bytes start at `from`, or -1 when the string has
    /// an escape, a control character or a byte outside ASCII (the generic parser checks
    /// those), or no end. Sixteen bytes a step: a 16-byte identifier takes two.
    @inline(__always)
    static func closingQuote(_ base: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var q = from
        while q &+ 16 <= end {
            let v = UnsafeRawPointer(base + q).loadUnaligned(as: SIMD16<UInt8>.self)
            // Bytes below 0x20 or from 0x80 up wrap to 0x60 or more once 0x20 is taken off.
            let special = (v .== SIMD16(repeating: 0x22)) .| (v .== SIMD16(repeating: 0x5C)) .| ((v &- 0x20) .>= 0x60)
            guard any(special) else {
                q &+= 16
                continue
            }
            break
        }
        while q < end {
            let b = base[q]
            if b == UInt8(ascii: "\"") { return q }
            guard b != UInt8(ascii: "\\"), b &- 0x20 < 0x60 else { return -1 }
            q &+= 1
        }
        return -1
    }

    /// `length` bytes from `source` into `w`: eight at a time, the last eight overlapping the
    /// ones before (no copy call for an identifier of 8 bytes or more).
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, _ length: Int, into w: inout OutputWriter) {
        guard length >= 8 else {
            w.bytes(UnsafeBufferPointer(start: source, count: length))
            return
        }
        let raw = UnsafeRawPointer(source)
        var c = 0
        while c &+ 8 < length {
            w.store(littleEndian: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: c, as: UInt64.self)), at: c)
            c &+= 8
        }
        w.store(littleEndian: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)), at: length &- 8)
        w.advance(by: length)
    }

    /// An integer identifier at `p`: `-`, then `0` or up to 15 digits not starting with `0`
    /// (every such number is exact in a double, as the generic reader's ±2^53 asks). What
    /// follows is the caller's separator check: a fraction, an exponent or a leading zero's
    /// next digit fail it.
    @inline(__always)
    static func integer(_ base: UnsafePointer<UInt8>, _ p: Int, _ end: Int, _ w: inout OutputWriter) -> Int {
        var q = p
        let negative = base[q] == UInt8(ascii: "-")
        if negative { q &+= 1 }
        guard q < end else { return -1 }
        let first = base[q] &- UInt8(ascii: "0")
        guard first < 10 else { return -1 }
        let digits = q
        var value = UInt64(first)
        q &+= 1
        if first != 0 {
            while q < end, base[q] &- UInt8(ascii: "0") < 10 {
                value = value &* 10 &+ UInt64(base[q] &- UInt8(ascii: "0"))
                q &+= 1
            }
        }
        guard q &- digits <= 15 else { return -1 }
        // -0 is 0, as the double the generic reader reads becomes.
        let signed = negative ? -Int64(value) : Int64(value)
        w.byte(IdentifierColumn.integerTag)
        w.littleEndian(UInt64(bitPattern: signed))
        return q
    }
}
