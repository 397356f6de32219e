/// A seeded xorshift* generator for the JSON fast-path property tests: the same draws on
/// every run, so a failure names a reproducible input.
struct XorShiftStar {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    /// `count` random decimal digits.
    mutating func digits(_ count: Int) -> String {
        (0..<count).map { _ in String(next() % 10) }.joined()
    }
}
