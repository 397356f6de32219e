import LayoutEngine
import TesseraSupport

/// The scanner's hot part: lists of identifiers, a million in a large PUT, each read once
/// and packed as `IdentifierColumn` packs them (a tag byte, then the string's bytes or the
/// integer's eight little-endian bytes).
extension SnapshotBodyScanner {
    /// The identifiers of the array whose `[` is at `start`, appended to `bytes` and `ends`;
    /// the position after its `]`, or -1 where the array is not a list of identifiers the
    /// scanner takes.
    ///
    /// Both go out in chunks written in place (`Array.append(addingCapacity:)`): a first
    /// chunk of a few identifiers, then one sized from what they took, so that a long list
    /// is one more chunk and its arrays end near their size. (The body's own size as the
    /// room, its rest halved for the ends, cost a copy to exact size and page faults for
    /// all of it: the scan took 1.6 times the parse's wall time for fewer instructions.)
    static func identifiers(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ bytes: inout OutputBuffer, _ ends: inout [UInt32]
    ) -> Int {
        let first = skipSpace(base, start &+ 1, end)
        guard first < end else { return -1 }
        if base[first] == UInt8(ascii: "]") { return first &+ 1 }
        var cursor = ListCursor(position: first)
        let bytesBefore = bytes.count
        var outcome = RunOutcome.full
        while outcome == .full {
            var endRoom = 64, byteRoom = 64 &* longestPacked
            if cursor.count > 0 {
                // The rest of the body (which may hold other lists too) read like the part so
                // far; the next chunk stops where it is full, so a low guess costs a chunk.
                let perByte = Double(end &- cursor.position) / Double(cursor.position &- first)
                endRoom = Int(Double(cursor.count) * perByte) &+ 64
                byteRoom = Int(Double(bytes.count &- bytesBefore) * perByte * (1 + 1.0 / 64)) &+ longestPacked
            }
            let before = bytes.count
            ends.append(addingCapacity: endRoom) { (span: inout OutputSpan<UInt32>) in
                span.withUnsafeMutableBufferPointer { spare, written in
                    outcome = bytes.withReserved(byteRoom) { w in run(base, end, &cursor, &w, spare, &written, before: before) }
                }
            }
        }
        return outcome == .finished ? cursor.position : -1
    }

    /// Room for the longest identifier packed, checked once per identifier instead of a
    /// reservation each.
    private static var longestPacked: Int { IdentifierReader.maxLength &+ 1 }

    /// Where a list's scan stands between reservations: the next identifier's position, how
    /// many are read, and the last string's length.
    struct ListCursor {
        var position: Int
        var count = 0
        var guess = 0
    }

    enum RunOutcome {
        /// The reservation is full; the list goes on.
        case full
        /// The list's `]` was read.
        case finished
        /// Something the scanner does not take.
        case failed
    }

    /// Identifiers of a list from the cursor on, into `w` and `chunk` until either is full or
    /// the list ends; `written` counts the chunk's ends. The cursor's fields are taken into
    /// locals for the loop (the closures around it would otherwise keep them in memory) and
    /// given back at its end.
    @inline(__always)
    static func run(
        _ base: UnsafePointer<UInt8>, _ end: Int, _ cursor: inout ListCursor, _ w: inout OutputWriter,
        _ chunk: UnsafeMutableBufferPointer<UInt32>, _ written: inout Int, before: Int
    ) -> RunOutcome {
        var q = cursor.position, k = 0, guess = cursor.guess
        defer {
            cursor = ListCursor(position: q, count: cursor.count &+ k, guess: guess)
            written = k
        }
        let longest = longestPacked
        while w.remaining >= longest, k < chunk.count {
            q = identifier(base, q, end, &guess, &w)
            guard q >= 0 else { return .failed }
            chunk.initializeElement(at: k, to: UInt32(truncatingIfNeeded: before &+ w.count))
            k &+= 1
            // Compact lists have no white space: the comma is the next byte.
            guard q < end else { return .failed }
            var next = base[q]
            if next <= 0x20 {
                q = skipSpace(base, q, end)
                guard q < end else { return .failed }
                next = base[q]
            }
            if next == UInt8(ascii: ",") {
                q &+= 1
                guard q < end else { return .failed }
                if base[q] <= 0x20 {
                    q = skipSpace(base, q, end)
                    guard q < end else { return .failed }
                }
                continue
            }
            guard next == UInt8(ascii: "]") else { return .failed }
            q &+= 1
            return .finished
        }
        return .full
    }

    /// The identifier at `p` (a string or an integer; the caller made sure `p < end`) into
    /// `w`, which has room for the longest; the position after it, or -1 where it is not one
    /// the scanner takes. `guess` is the length of the string before.
    @inline(__always)
    static func identifier(_ base: UnsafePointer<UInt8>, _ p: Int, _ end: Int, _ guess: inout Int, _ w: inout OutputWriter) -> Int {
        guard base[p] == UInt8(ascii: "\"") else { return integer(base, p, end, &w) }
        let from = p &+ 1
        // Identifiers in a list mostly have one length. Where this one has the last one's,
        // its bytes are checked and copied in the same pass, a word at a time, and nothing
        // looks for its quote.
        let n = guess
        if n >= 8, from &+ n < end, base[from &+ n] == UInt8(ascii: "\"") {
            let source = UnsafeRawPointer(base + from)
            var special: UInt64 = 0
            var c = 0
            while c &+ 8 < n {
                let word = source.loadUnaligned(fromByteOffset: c, as: UInt64.self)
                special |= specialBytes(word)
                w.store(littleEndian: UInt64(littleEndian: word), at: 1 &+ c)
                c &+= 8
            }
            let last = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            if special | specialBytes(last) == 0 {
                w.store(littleEndian: UInt64(littleEndian: last), at: 1 &+ n &- 8)
                w.store(IdentifierColumn.stringTag, at: 0)
                w.advance(by: 1 &+ n)
                return from &+ n &+ 1
            }
        }
        let close = closingQuote(base, from, end)
        guard close >= 0 else { return -1 }
        let length = close &- from
        guard length <= IdentifierReader.maxLength else { return -1 }
        guess = length
        w.byte(IdentifierColumn.stringTag)
        copy(base + from, length, into: &w)
        return close &+ 1
    }

    /// The closing quote of a string whose bytes start at `from`, or -1 when the string has
    /// an escape, a control character or a byte that is not valid UTF-8 (the generic path
    /// answers those), or no end. Eight bytes a step, with the bit tricks of the JSON parser's
    /// own plain-string scan: exact for the lowest such byte in a word; a byte from 0x80 up
    /// starts a scalar checked by the parser's own rule (`UTF8Sequence`). (Swift's SIMD masks
    /// compile to a loop per lane here: a 16-byte step through them cost ten times this.)
    @inline(__always)
    static func closingQuote(_ base: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var q = from
        while true {
            while q &+ 8 <= end {
                let found = specialBytes(UnsafeRawPointer(base + q).loadUnaligned(as: UInt64.self))
                guard found != 0 else {
                    q &+= 8
                    continue
                }
                q &+= found.trailingZeroBitCount &>> 3
                break
            }
            guard q < end else { return -1 }
            let b = base[q]
            if b == UInt8(ascii: "\"") { return q }
            if b >= 0x80 {
                guard let length = UTF8Sequence.length(UnsafeBufferPointer(start: base, count: end), at: q) else { return -1 }
                q &+= length
                continue
            }
            guard b != UInt8(ascii: "\\"), b >= 0x20 else { return -1 }
            q &+= 1
        }
    }

    /// The high bit of every byte of `word` (little-endian) that is a quote, a backslash,
    /// below 0x20 or from 0x80 up; exact for the lowest one (a borrow runs only upwards).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // Below the lowest special byte nothing borrows, and each term's high bit is clear
        // for a byte from 0x20 to 0x7F that is neither; from 0x80 up, `word` sets it anyway.
        return ((quote &- ones) | (backslash &- ones) | (word &- ones &* 0x20) | word) & 0x8080_8080_8080_8080
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
    /// (every such number is exact in a double, as the generic reader's ±(2^53 − 1) asks). What
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
