import Testing
import LayoutEngine

// Bit-for-bit agreement with the original on long generated sequences. Every expected value
// here was captured from the reference implementation, flickr/justified-layout 4.1, run on
// node by Benchmarks/justified/compare.mjs (same generator, same checksum), e.g.
//   node compare.mjs <lib> --n 2000 --config '{"maxNumRows":100}' --sizes
// The checksum covers every bit of every box's left, top, width and height, then
// containerHeight and widowCount.

@Suite("Justified layout: bit-exact against the original")
struct JustifiedChecksumTests {
    typealias P = JustifiedLayout.Parameters

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var count: Int
        var sizes: Bool
        var parameters: P
        var containerHeight: Double
        var widowCount: Int
        var boxCount: Int
        var checksum: UInt32
        var testDescription: String { "\(name) (\(count) \(sizes ? "sizes" : "ratios"))" }
    }

    static let cadenceCentre = P(fullWidthBreakoutRowCadence: 3, widowLayoutStyle: .center)
    static let uneven = P(
        containerPadding: .sides(top: 40, right: 12, bottom: 24, left: 30),
        boxSpacing: .axes(horizontal: 6, vertical: 18), widowLayoutStyle: .justify)
    static let wideLowTight = P(containerWidth: 1440, targetRowHeight: 180, targetRowHeightTolerance: 0.1)
    static let phone = P(
        containerWidth: 375, containerPadding: 0, boxSpacing: 2, targetRowHeight: 120,
        fullWidthBreakoutRowCadence: 1)

    static let cases: [Case] = [
        Case(
            name: "defaults", count: 2000, sizes: false, parameters: P(),
            containerHeight: 288557.58546217973, widowCount: 1, boxCount: 2000, checksum: 745159218),
        Case(
            name: "defaults", count: 2000, sizes: true, parameters: P(),
            containerHeight: 298350.320610966, widowCount: 0, boxCount: 2000, checksum: 3859290053),
        Case(
            name: "breakout every 3rd row, centred widows", count: 2003, sizes: false, parameters: cadenceCentre,
            containerHeight: 379643.87187907245, widowCount: 3, boxCount: 2003, checksum: 2768307181),
        Case(
            name: "breakout every 3rd row, centred widows", count: 2003, sizes: true, parameters: cadenceCentre,
            containerHeight: 334387.3312444235, widowCount: 1, boxCount: 2003, checksum: 2791502027),
        Case(
            name: "padding per side, spacing per axis, justified widows", count: 2000, sizes: false, parameters: uneven,
            containerHeight: 299189.6324686974, widowCount: 1, boxCount: 2000, checksum: 465878453),
        Case(
            name: "padding per side, spacing per axis, justified widows", count: 2000, sizes: true, parameters: uneven,
            containerHeight: 309502.7479316989, widowCount: 1, boxCount: 2000, checksum: 1456742144),
        Case(
            name: "1440 wide, target 180, tolerance 0.1", count: 2000, sizes: false, parameters: wideLowTight,
            containerHeight: 63696.39027357457, widowCount: 4, boxCount: 2000, checksum: 2186661228),
        Case(
            name: "1440 wide, target 180, tolerance 0.1", count: 2000, sizes: true, parameters: wideLowTight,
            containerHeight: 77004.71703417004, widowCount: 6, boxCount: 2000, checksum: 2244631222),
        Case(
            name: "forced 1.5", count: 2000, sizes: false, parameters: P(forceAspectRatio: 1.5),
            containerHeight: 353343.3333333312, widowCount: 0, boxCount: 2000, checksum: 3580568514),
        Case(
            name: "100 rows", count: 2000, sizes: false, parameters: P(maxNumRows: 100),
            containerHeight: 34363.82549743087, widowCount: 0, boxCount: 242, checksum: 765140938),
        Case(
            name: "100 rows", count: 2000, sizes: true, parameters: P(maxNumRows: 100),
            containerHeight: 36381.749138753126, widowCount: 0, boxCount: 230, checksum: 2409706935),
        Case(
            name: "no widows, tolerance 0.4", count: 2000, sizes: false,
            parameters: P(targetRowHeightTolerance: 0.4, showWidows: false),
            containerHeight: 374503.37158175185, widowCount: 0, boxCount: 2000, checksum: 3413057028),
        Case(
            name: "no widows, tolerance 0.4", count: 2000, sizes: true,
            parameters: P(targetRowHeightTolerance: 0.4, showWidows: false),
            containerHeight: 365572.41436454304, widowCount: 0, boxCount: 1999, checksum: 149846212),
        Case(
            name: "phone, every row a breakout row", count: 2000, sizes: false, parameters: phone,
            containerHeight: 235818.09565358097, widowCount: 0, boxCount: 2000, checksum: 1245086246),
        Case(
            name: "phone, every row a breakout row", count: 2000, sizes: true, parameters: phone,
            containerHeight: 157294.68482064677, widowCount: 1, boxCount: 2000, checksum: 1389947416)
    ]

    static func layOut(_ c: Case) throws -> PreparedJustifiedLayout {
        c.sizes
            ? try Justified.layout(sizes: PhotoSequence.sizes(c.count), c.parameters)
            : try Justified.layout(PhotoSequence.ratios(c.count), c.parameters)
    }

    @Test(arguments: cases)
    func generatedSequence(_ c: Case) throws {
        let l = try Self.layOut(c)
        let frames = l.frames
        #expect(frames.count == c.boxCount)
        #expect(l.containerHeight == c.containerHeight)
        #expect(l.widowCount == c.widowCount)
        #expect(justifiedChecksum(frames, containerHeight: l.containerHeight, widowCount: l.widowCount) == c.checksum)
    }

    @Test func theGeneratorIsCompareMjss() {
        // compare.mjs --n 20 --dump: the ratios of boxes 0, 14 and 15 (15 is a panorama).
        let ratios = PhotoSequence.ratios(20)
        #expect(ratios[0] == 0.7526695776032284)
        #expect(ratios[14] == 1.1844066756311804)
        #expect(ratios[15] == 4.329047446139157)
    }

    @Test func selectedBoxesOfTheDefaultSequence() throws {
        // compare.mjs --n 2000 --dump --boxes 0,1,2,13,14,15,999,1000,1998,1999
        let frames = try Self.layOut(Self.cases[0]).frames
        #expect(
            [0, 1, 2, 13, 14, 15, 999, 1000, 1998, 1999].map { frames[$0] } == [
                box(10, 10, 229.46151758788844, 304.8635475856175),
                box(249.46151758788844, 10, 418.33233209105657, 304.8635475856175),
                box(677.793849678945, 10, 372.2061503210549, 304.8635475856175),
                box(484.56199251726343, 1290.6358172406422, 565.4380074827366, 307.9070458672609),
                box(10, 1608.542863107903, 1040, 640),
                box(10, 2258.542863107903, 1040, 240.23760721946343),
                box(471.301145814542, 141421.39565589058, 578.698854185458, 380.2856044596132),
                box(10, 141811.6812603502, 226.13951524310895, 334.4665316256922),
                box(552.1805208786859, 287943.7810835409, 497.81947912131403, 296.9021893194179),
                box(10, 288250.6832728603, 562.5988581498476, 296.9021893194179)
            ])
    }

    @Test func selectedCentredWidows() throws {
        // compare.mjs --n 2003 --config '{"fullWidthBreakoutRowCadence":3,"widowLayoutStyle":"center"}'
        //   --dump --boxes 1999,2000,2001,2002
        let frames = try Self.layOut(Self.cases[2]).frames
        #expect(
            Array(frames[1999...]) == [
                box(503.5394159765799, 379047.10091189743, 546.4605840234201, 288.3854835875036),
                box(175.00147488311342, 379345.48639548494, 188.80554787480477, 288.3854835875036),
                box(373.80702275791816, 379345.48639548494, 166.03802673305574, 288.3854835875036),
                box(549.8450494909739, 379345.48639548494, 335.1534756259126, 288.3854835875036)
            ])
    }

    @Test func aHundredThousandPhotos() throws {
        // node compare.mjs <lib> --n 100000 (about 30 s there).
        let l = try Justified.layout(PhotoSequence.ratios(100_000))
        #expect(l.containerHeight == 14639314.430515137)
        #expect(l.widowCount == 1)
        #expect(justifiedChecksum(l.frames, containerHeight: l.containerHeight, widowCount: l.widowCount) == 482057840)
    }

    @Test func aHundredThousandSizesWithBreakoutsAndJustifiedWidows() throws {
        // node compare.mjs <lib> --n 100000 --sizes --config
        //   '{"fullWidthBreakoutRowCadence":4,"widowLayoutStyle":"justify","boxSpacing":{"horizontal":4,"vertical":8}}'
        let p = P(boxSpacing: .axes(horizontal: 4, vertical: 8), fullWidthBreakoutRowCadence: 4, widowLayoutStyle: .justify)
        let l = try Justified.layout(sizes: PhotoSequence.sizes(100_000), p)
        #expect(l.containerHeight == 16850209.962634984)
        #expect(l.widowCount == 0)
        #expect(justifiedChecksum(l.frames, containerHeight: l.containerHeight, widowCount: l.widowCount) == 3211520712)
    }
}
