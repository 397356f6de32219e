import LayoutEngine
import Testing

// Shared by every property test: one seeded generator and the brute-force query check.

/// SeededRandom (Steele, Lea, Flood 2014): a small seeded generator, so property tests
/// replay exactly. A `RandomNumberGenerator`, so `shuffle(using:)` and friends work too.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits of one draw.
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// In 0..<bound: one draw, modulo `bound`.
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// In `range` (closed): one draw, modulo its size.
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + int(range.count) }

    /// In [low, high).
    mutating func double(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    mutating func double(in range: ClosedRange<Double>) -> Double { double(range.lowerBound, range.upperBound) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// The low bit of one draw.
    mutating func bool() -> Bool { next() & 1 == 1 }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(choices.count)] }
}

enum QueryChecks {
    /// A rect query returns exactly `all` (the full list) filtered by closed intersection,
    /// in the same order, for each of `rects`. Returns whether every query agreed; with
    /// `stopAtFirstMismatch` it records only the first disagreement.
    @discardableResult
    static func rectQueriesEqualBruteForce(
        _ layout: any PreparedLayout, all: [LayoutAttributes], view: ViewContext,
        rects: [Rect], stopAtFirstMismatch: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var agreed = true
        for rect in rects {
            let expected = all.filter { $0.frame.intersects(rect) }
            let got = layout.elements(in: rect, view: view)
            #expect(
                got == expected, "query \(rect) gives \(got.map(\.key)), brute force \(expected.map(\.key))",
                sourceLocation: sourceLocation)
            if got != expected {
                agreed = false
                if stopAtFirstMismatch { break }
            }
        }
        return agreed
    }
}
