import SeededRandom
import Testing
import LayoutService

/// The version's entity tag is written digit by digit (a hot path); it must read as the
/// quoted decimal every HTTP client compares with `If-Match` / `If-None-Match`.
@Suite struct EntityTagTests {
    @Test func entityTagsAreTheQuotedDecimal() {
        var draws = XorShiftStar(state: 0xE7A6)
        // Around 10^12 the string it is written into changes from small to allocated.
        let versions =
            [
                0, 1, 9, 10, 99, 100, 12_345, 999_999_999_999, 1_000_000_000_000, -999_999_999_999,
                -1_000_000_000_000, Int.max, Int.min, -1
            ]
            + (0..<2_000).map { _ in Int(bitPattern: UInt(draws.next() >> (draws.next() % 64))) }
        for version in versions {
            #expect(TesseraService._entityTag(version) == "\"\(version)\"")
            #expect(TesseraService._versionHeader(version).first?.1 == "\"\(version)\"")
        }
    }
}
