import LayoutEngine

/// xorshift32 (Marsaglia: 13, 17, 5), as in Benchmarks/justified/compare.mjs.
struct XorShift32 {
    private var state: UInt32

    init(seed: UInt32) {
        precondition(seed != 0)
        state = seed
    }

    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
}

/// The inputs of the figures, as request bodies and as engine values built from the same
/// numbers.
enum Bodies {
    static let view = ViewContext(bounds: Size(width: 390, height: 844))
    static let viewJSON = #""view":{"bounds":[390,844]}"#
    static let flowParameters = FlowLayout.Parameters(
        itemSize: Size(width: 50, height: 50),
        minimumLineSpacing: 10, minimumInteritemSpacing: 10)
    static let flowJSON = #"{"type":"flow","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#
    static let waterfallJSON = #"{"type":"waterfall","columnCount":2}"#
    static let justifiedJSON = #"{"type":"justified"}"#

    /// A flow layout of sections given by counts.
    static func uniform(_ counts: [Int]) -> [UInt8] {
        var w = ByteWriter(capacity: 256)
        w.append(#"{"layout":"# + flowJSON + #","dataSource":{"sections":["#)
        for (i, n) in counts.enumerated() {
            if i > 0 { w.append(",") }
            w.append(#"{"itemCount":"#)
            w.int(n)
            w.append("}")
        }
        w.append("]}," + viewJSON + "}")
        return w.bytes
    }

    /// The explicit item sizes: w, h in 30…99 from xorshift32, one draw per item.
    static let sizeSeed: UInt32 = 2_463_534_242

    static func size(_ x: UInt32) -> (Int, Int) {
        (30 + Int(x % 70), 30 + Int((x >> 8) % 70))
    }

    /// Sections of `{"size":[w,h]}` items, under the given layout object.
    static func sizes(layout: String, _ counts: [Int]) -> [UInt8] {
        sizeSections(layout: layout, counts, bytesPerItem: 18, key: "items") { w, i, width, height in
            w.append(i == 0 ? #"{"size":["# : #",{"size":["#)
            w.int(width)
            w.byte(UInt8(ascii: ","))
            w.int(height)
            w.append("]}")
        }
    }

    /// The same sections in the compact form: `{"sizes":[w0,h0,…]}`.
    static func compactSizes(layout: String, _ counts: [Int]) -> [UInt8] {
        sizeSections(layout: layout, counts, bytesPerItem: 6, key: "sizes") { w, i, width, height in
            if i > 0 { w.byte(UInt8(ascii: ",")) }
            w.int(width)
            w.byte(UInt8(ascii: ","))
            w.int(height)
        }
    }

    /// A body whose sections are `{"KEY":[…]}` with one `item` per size, drawn in order.
    private static func sizeSections(
        layout: String, _ counts: [Int], bytesPerItem: Int, key: String,
        item: (inout ByteWriter, Int, Int, Int) -> Void
    ) -> [UInt8] {
        var g = XorShift32(seed: sizeSeed)
        var w = ByteWriter(capacity: counts.reduce(0, +) * bytesPerItem + 256)
        w.append(#"{"layout":"# + layout + #","dataSource":{"sections":["#)
        for (s, n) in counts.enumerated() {
            if s > 0 { w.append(",") }
            w.append(#"{""# + key + #"":["#)
            for i in 0..<n {
                let (width, height) = size(g.next())
                item(&w, i, width, height)
            }
            w.append("]}")
        }
        w.append("]}," + viewJSON + "}")
        return w.bytes
    }

    /// The same sizes as `sizes(layout:_:)`, as an engine data source.
    static func sizesDataSource(_ counts: [Int]) -> DataSource {
        var g = XorShift32(seed: sizeSeed)
        return DataSource(
            sections: counts.map { n in
                let sizes = (0..<n).map { _ in
                    let (w, h) = size(g.next())
                    return Size(width: Double(w), height: Double(h))
                }
                return SectionData(itemCount: n, sizes: sizes)
            })
    }

    /// compare.mjs's photo ratios (its default seed): a draw x gives a panorama
    /// 3 + 4·(next / 2³²) when x % 64 == 0, else 0.5 + 1.5·(x / 2³²).
    static func photoRatios(_ n: Int, seed: UInt32 = 2_463_534_242) -> [Double] {
        var g = XorShift32(seed: seed)
        return (0..<n).map { _ in
            let x = g.next()
            return x % 64 == 0 ? 3 + 4 * (Double(g.next()) / 4_294_967_296) : 0.5 + 1.5 * (Double(x) / 4_294_967_296)
        }
    }

    /// A one-shot justified layout of bare aspect ratios (the original's defaults: no view,
    /// so the container is 1060 wide). Swift prints each double in its shortest round-trip
    /// form, so the server reads back the very same numbers.
    static func justifiedRatios(_ ratios: [Double]) -> [UInt8] {
        var w = ByteWriter(capacity: ratios.count * 20 + 128)
        w.append(#"{"layout":"# + justifiedJSON + #","dataSource":{"sections":[{"items":["#)
        for (i, r) in ratios.enumerated() {
            if i > 0 { w.byte(UInt8(ascii: ",")) }
            w.append(r.description)
        }
        w.append("]}]}}")
        return w.bytes
    }
}

struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func int(_ v: Int) {
        precondition(v >= 0)
        if v >= 10 { int(v / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(v % 10))
    }
}
