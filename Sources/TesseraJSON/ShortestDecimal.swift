import TesseraSupport

/// Swift's shortest round-trip form of a double (`description`'s bytes), computed with
/// exact 128-bit integer arithmetic for the values frames are made of: not integers, and
/// 0.01 ≤ |v| < 2^50. Everything else returns nil and the caller uses the standard
/// library's formatter.
///
/// Hand-written because measured faster on a hot path: encoding the 100,000 elements of the
/// justified benchmark layout spent a third of the encoder in `swift_float64ToString`; this
/// takes about half as much per double, the digits written in a fixed width with the point
/// moved in afterwards (instead of whole and fraction parts through length-dependent cases)
/// and the interval's only candidate taken without a division (callgrind on `tessera-bench
/// --work encode-cells --items 100000`; docs/performance.md#shortest-decimal).
/// `ShortestDecimalTests` holds it to `description` over millions of random doubles,
/// layout-like values, ties and edge cases.
///
/// The method. With v = m·2^e (m the 53-bit significand), every decimal strictly between the
/// midpoints to v's neighbours, (4m ∓ 2)·2^(e−2) (∓1 below a power of two), reads back as v.
/// Scaled by 10^k, where k leaves 17 significant digits (always enough), the midpoints and v
/// are 128-bit integers over 2^(2−e): the candidates are the integers between the scaled
/// midpoints. In this range no candidate can sit exactly on a midpoint (that needs more
/// than 17 digits), so open and closed intervals agree. Trailing digits are dropped while a
/// multiple of the next power of ten stays inside; of the shortest candidates the one
/// closest to v is taken, the even one when v is exactly between two, as `description`
/// does (such ties occur from about 2^47 up, where v has few fraction bits).
///
/// `@usableFromInline`, `@inlinable`: `JSONCursor.number` inlines it into the service's encoders.
@usableFromInline package enum ShortestDecimal {
    /// Bytes `write` may touch: a sign, then "0." and 18 digits (21 in all), or 17 digits and
    /// the point, whose last eight-byte store may end 8 bytes past it (26); rounded up.
    @inlinable package static var maxBytes: Int { 32 }

    /// Writes `value` through `out` and moves past it: true; or false when `value` is outside
    /// this fast path (the write position has not moved then). Every store is checked against
    /// the writer's reservation (`OutputWriter`), which must leave `maxBytes` from the write
    /// position for the fixed-width stores.
    @inlinable @inline(__always)
    package static func write(_ value: Double, to out: inout OutputWriter) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 0.01, magnitude < 0x1p50 else { return false }
        // Exact: truncation of a double below 2^50. Through Int, one instruction each way
        // (UInt64's conversions take a dozen).
        let truncated = Int(magnitude)
        guard Double(truncated) != magnitude else { return false }
        let whole = UInt64(truncatingIfNeeded: truncated)
        let bits = magnitude.bitPattern
        let fraction = bits & 0x000F_FFFF_FFFF_FFFF
        let m = fraction | 0x0010_0000_0000_0000
        let shift = 1077 - Int(bits >> 52) // 2 − e, in 5...61 for this range

        let wholeDigits = decimalDigits(whole)
        // Fractional digits to compute: 17 significant digits in all.
        let k = wholeDigits > 0 ? 17 - wholeDigits : (magnitude >= 0.1 ? 17 : 18)
        let scale = powerOf10(k)

        // v·10^k, its upper midpoint and its lower midpoint, over 2^shift.
        let (vHigh, vLow) = (m << 2).multipliedFullWidth(by: scale)
        let step = scale << 1
        let upLow = vLow &+ step
        let upHigh = vHigh &+ (upLow < vLow ? 1 : 0)
        let below = fraction == 0 ? scale : step
        let downLow = vLow &- below
        let downHigh = vHigh &- (vLow < below ? 1 : 0)
        let right = UInt64(64 &- shift)
        let s = UInt64(shift)
        let vFloor = (vHigh &<< right) | (vLow &>> s)
        let vRemainder = vLow & ((1 &<< s) &- 1)
        let half: UInt64 = 1 &<< (s &- 1)
        var low = ((downHigh &<< right) | (downLow &>> s)) &+ 1
        var high = (upHigh &<< right) | (upLow &>> s)

        // Drop digits while a shorter candidate stays inside.
        var dropped = 0
        while true {
            let nextHigh = high / 10
            let nextLow = (low &+ 9) / 10
            if nextLow > nextHigh { break }
            high = nextHigh
            low = nextLow
            dropped &+= 1
        }
        // The candidate nearest v at this length: the only one, usually (at 16 digits the
        // interval is a tenth or two of a unit wide), else the nearest of two or more.
        var digits: UInt64
        if low == high {
            digits = low
        } else if dropped == 0 {
            // Above the middle, or on it (v exactly between two candidates) when vFloor is
            // odd: the even one, as `description` does.
            digits = vRemainder &+ (vFloor & 1) > half ? vFloor &+ 1 : vFloor
        } else {
            let unit = powerOf10(dropped)
            let quotient = vFloor / unit
            let rest = vFloor &- quotient &* unit
            let middle = unit >> 1
            let above = rest > middle || (rest == middle && (vRemainder | (quotient & 1)) != 0)
            digits = above ? quotient &+ 1 : quotient
        }
        digits = min(max(digits, low), high)

        // The digits are v's whole part, then `fractionDigits` more: the whole part cannot
        // round up, since the interval around a non-integer never reaches an integer (every
        // integer below 2^53 is a double). Written left-aligned in a fixed width, then opened
        // at the point (`maxBytes` covers the fixed width and the stores' overhang).
        var n = 0
        if value < 0 {
            out.store(UInt8(ascii: "-"), at: 0)
            n = 1
        }
        let fractionDigits = k &- dropped
        if wholeDigits == 0 {
            // "0." and the fraction, zero-padded to its digit count (at most 18).
            out.store(UInt8(ascii: "0"), at: n)
            out.store(UInt8(ascii: "."), at: n &+ 1)
            eighteenDigits(digits &* powerOf10(18 &- fractionDigits), at: n &+ 2, &out)
            out.advance(by: n &+ 2 &+ fractionDigits)
            return true
        }
        // At most 17 digits in all (17 significant digits were computed).
        let total = wholeDigits &+ fractionDigits
        seventeenDigits(digits &* powerOf10(17 &- total), at: n, &out)
        // Move the fraction, bytes wholeDigits..<17, one byte right, the point in between,
        // reading only the 17 bytes written above. Below 9 whole digits: the eight bytes from
        // the fraction's start and the last eight (overlapping; both loads before the
        // stores). Otherwise the fraction is within the last eight, shifted down to its start.
        let fractionStart = n &+ wholeDigits
        let last = out.load(littleEndianAt: n &+ 9)
        if wholeDigits <= 8 {
            out.store(littleEndian: out.load(littleEndianAt: fractionStart), at: fractionStart &+ 1)
            out.store(littleEndian: last, at: n &+ 10)
        } else {
            out.store(littleEndian: last &>> UInt64(8 &* (wholeDigits &- 9)), at: fractionStart &+ 1)
        }
        out.store(UInt8(ascii: "."), at: fractionStart)
        out.advance(by: n &+ total &+ 1)
        return true
    }

    /// The 17 digits of `x` < 10^17 (leading zeros included), `offset` bytes past the write
    /// position: one, then two groups of eight. Stores 17 bytes.
    @inlinable @inline(__always)
    package static func seventeenDigits(_ x: UInt64, at offset: Int, _ out: inout OutputWriter) {
        let first = x / 10_000_000_000_000_000
        let rest = x &- first &* 10_000_000_000_000_000
        let upper = rest / 100_000_000
        out.store(UInt8(truncatingIfNeeded: first) &+ UInt8(ascii: "0"), at: offset)
        out.store(littleEndian: eightDigits(UInt32(truncatingIfNeeded: upper)), at: offset &+ 1)
        out.store(littleEndian: eightDigits(UInt32(truncatingIfNeeded: rest &- upper &* 100_000_000)), at: offset &+ 9)
    }

    /// The 18 digits of `x` < 10^18 (leading zeros included), `offset` bytes past the write
    /// position: two, then two groups of eight. Stores 18 bytes.
    @inlinable @inline(__always)
    package static func eighteenDigits(_ x: UInt64, at offset: Int, _ out: inout OutputWriter) {
        let first = x / 10_000_000_000_000_000
        let rest = x &- first &* 10_000_000_000_000_000
        let upper = rest / 100_000_000
        out.store(twoDigits: Int(truncatingIfNeeded: first), at: offset)
        out.store(littleEndian: eightDigits(UInt32(truncatingIfNeeded: upper)), at: offset &+ 2)
        out.store(littleEndian: eightDigits(UInt32(truncatingIfNeeded: rest &- upper &* 100_000_000)), at: offset &+ 10)
    }

    /// The eight decimal digits of `n` < 10^8 as ASCII, first digit in the lowest byte
    /// (`DecimalDigits.eight`).
    @inlinable @inline(__always)
    package static func eightDigits(_ n: UInt32) -> UInt64 {
        DecimalDigits.eight(n)
    }

    /// The number of decimal digits of `x` (0 for 0): `DecimalDigits.count`.
    @inlinable @inline(__always)
    package static func decimalDigits(_ x: UInt64) -> Int {
        DecimalDigits.count(x)
    }

    /// 10^e for 0 ≤ e ≤ 19, exact in 64 bits (`DecimalDigits.powerOf10`).
    @inlinable @inline(__always)
    package static func powerOf10(_ e: Int) -> UInt64 {
        DecimalDigits.powerOf10(e)
    }
}
