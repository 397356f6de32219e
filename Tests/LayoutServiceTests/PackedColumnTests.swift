import LayoutEngine
import Testing
@testable import LayoutService

/// Session images store their columns in the narrowest form that gives every value back bit for
/// bit: whole numbers 0...65535 in 2 bytes, floats in 4, anything else as raw doubles.
@Suite("Persistence: packed columns")
struct PackedColumnTests {
    static func packed(_ values: [Double]) -> [UInt8] {
        var w = ByteWriter()
        w.packedColumn(values)
        return w.bytes
    }

    static func unpacked(_ bytes: [UInt8], count: Int) throws -> [Double] {
        var r = ByteReader(bytes)
        let values = try r.packedColumn(Double.self, count: count, "column")
        #expect(r.isAtEnd)
        return values
    }

    /// Each form by hand: 8 bytes of count, 1 byte of form, then the values.
    @Test(
        arguments: [
            ([0, 1, 65535, 30, 99], PackedColumnForm.uint16, 2),
            ([0.5, 65536, 1e10, -3, 0.25], .float, 4), // halves and big whole numbers are floats exactly
            ([-0.0, 2], .float, 4), // -0 is no UInt16: its sign would be lost
            ([0.1, 2], .raw, 8), // 0.1 is no float
            ([1e300, 1], .raw, 8)
        ] as [([Double], PackedColumnForm, Int)])
    func theNarrowestExactFormIsChosen(values: [Double], form: PackedColumnForm, width: Int) throws {
        let bytes = Self.packed(values)
        #expect(bytes.count == 8 + 1 + values.count * width)
        #expect(bytes[8] == form.rawValue)
        #expect(try Self.unpacked(bytes, count: values.count).map(\.bitPattern) == values.map(\.bitPattern))
    }

    /// Any doubles at all come back bit for bit (NaN included), whichever form they got.
    @Test func everyValueRoundTripsBitForBit() throws {
        var rng = SystemRandomNumberGenerator()
        let kinds: [(inout SystemRandomNumberGenerator) -> Double] = [
            { Double(Int.random(in: 0...65535, using: &$0)) },
            { Double(Float.random(in: -1e6...1e6, using: &$0)) },
            { Double.random(in: -1e9...1e9, using: &$0) },
            { Double(bitPattern: $0.next()) },
            { _ in .nan },
            { _ in -0.0 },
            { _ in .infinity }
        ]
        for _ in 0..<300 {
            let n = Int.random(in: 0...40, using: &rng)
            let mix = (0..<Int.random(in: 1...3, using: &rng)).map { _ in kinds.randomElement(using: &rng)! }
            let values = (0..<n).map { _ in mix.randomElement(using: &rng)!(&rng) }
            #expect(try Self.unpacked(Self.packed(values), count: n).map(\.bitPattern) == values.map(\.bitPattern))
        }
    }

    /// A million whole-number sizes take 4 bytes each in a session image, not 16.
    @Test func wholeNumberSizesTakeFourBytesAnItem() throws {
        let n = 1_000
        let sizes = (0..<n).map { (i: Int) -> Size in
            let (w, h): (Int, Int) = (30 + i % 70, 30 + i / 70)
            return Size(width: Double(w), height: Double(h))
        }
        let image = SessionImage(
            version: 1, layoutJSON: Array(#"{"type":"flow"}"#.utf8), view: ViewContext(bounds: Size(width: 320, height: 480)),
            dataSource: DataSource(sections: [SectionData(itemCount: n, sizes: sizes)]))
        let encoded = image.encoded
        #expect(encoded.count < n * 4 + 256)
        #expect(try SessionImage(decoding: encoded).dataSource == image.dataSource)
    }

    /// A session image written before packing (magic TSN1, raw doubles) still loads.
    @Test func rawColumnSessionImagesStillLoad() throws {
        let sizes = [Size(width: 10, height: 20), Size(width: 0.1, height: 3)]
        let heights = [1.5, 2.25]
        var w = ByteWriter()
        for b in "TSN1".utf8 { w.u8(b) }
        w.int(7)
        w.data(Array(#"{"type":"flow"}"#.utf8))
        for v in [320.0, 480, 0, 0, 0, 0, 0, 0, 0] { w.double(v) }
        w.int(1) // sections
        w.int(2) // items
        w.int(0) // overrides
        w.u8(1 | 2) // sizes and heights
        w.column(sizes)
        w.column(heights)
        w.u8(0) // no transition
        w.u8(0) // no movement
        let decoded = try SessionImage(decoding: w.bytes)
        #expect(decoded.version == 7)
        #expect(decoded.dataSource.sections[0].sizes == sizes)
        #expect(decoded.dataSource.sections[0].heights == heights)
    }
}
