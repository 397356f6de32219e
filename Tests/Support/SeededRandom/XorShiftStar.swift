/// A seeded xorshift* generator for the JSON fast-path property tests: the same draws on
/// every run, so a failure names a reproducible input. (A module of its own: the JSON tests
/// and the service tests both draw from it.)
package struct XorShiftStar {
    package var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    package mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    /// `count` random decimal digits.
    package mutating func digits(_ count: Int) -> String {
        (0..<count).map { _ in String(next() % 10) }.joined()
    }
}
