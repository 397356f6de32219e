import Testing
import LayoutEngine

/// `PixelGrid.roundedHalfAway`, the snap's rounding without a call to the C library, against
/// the standard library's `rounded(.toNearestOrAwayFromZero)`: the same bits (signed zeros
/// included) for ties, the neighbours of ties, values near and past 2^52, huge values,
/// infinities, NaN and random doubles of every exponent.
@Suite("Pixel grid rounding")
struct PixelGridTests {
    private static func same(_ x: Double) -> Bool {
        let fast = PixelGrid.roundedHalfAway(x), reference = x.rounded(.toNearestOrAwayFromZero)
        return fast.bitPattern == reference.bitPattern || (fast.isNaN && reference.isNaN)
    }

    @Test func edgesRoundAsTheStandardLibrary() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
            0.5000000000000001, 4503599627370495.5, 4503599627370496, 4503599627370497, 0x1p52 - 0.5, 0x1p53,
            9007199254740993, 1e300, -1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .greatestFiniteMagnitude, 0x1p63, -0x1p63, 0x1p64
        ]
        for k in -4...2000 {
            let tie = Double(k) + 0.5
            values += [tie, -tie, tie.nextUp, tie.nextDown, -tie.nextUp, -tie.nextDown, Double(k) / 3, Double(k) * 0.1]
        }
        for v in values { #expect(Self.same(v), "\(v)") }
    }

    @Test func randomDoublesRoundAsTheStandardLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let v = Double(bitPattern: state)
            #expect(Self.same(v), "\(v)")
            // Values on pixel grids as layouts make them: points times scales 1, 2 and 3.
            let grid = Double(state % 2_000_000) / 64 * Double(1 + state % 3)
            #expect(Self.same(grid), "\(grid)")
        }
    }
}
