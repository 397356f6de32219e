import Testing
@testable import LayoutEngine

/// The batch validator's table of claimed index paths answers what a dictionary of first
/// claimants answers, through its growth, for paths near and far apart.
@Suite("Index-path claims")
struct IndexPathClaimsTests {
    @Test func answersTheFirstClaimantLikeADictionary() {
        var rng = SeededRandom(seed: 24)
        for round in 0..<200 {
            var claims = IndexPathClaims(capacity: round % 3 == 0 ? 0 : rng.int(0...50))
            var reference: [IndexPath: Int] = [:]
            for k in 0..<rng.int(0...400) {
                let p =
                    rng.bool()
                    ? IndexPath(rng.int(0...3), rng.int(0...60))
                    : IndexPath(rng.int(0...1_000_000), rng.int(0...Int(Int32.max)) * (rng.bool() ? 1 : 1 << 20))
                let first = reference[p]
                if first == nil { reference[p] = k }
                #expect(claims.claim(p, by: k) == first)
            }
            // Every path still answers its first claimant after the table grew.
            for (p, first) in reference { #expect(claims.claim(p, by: -1) == first) }
        }
    }
}
