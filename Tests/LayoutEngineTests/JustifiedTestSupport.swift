import LayoutEngine

/// Helpers for the justified layout's tests.
enum Justified {
    typealias Parameters = JustifiedLayout.Parameters

    /// One section of bare aspect ratios, laid out.
    static func layout(
        _ ratios: [Double], _ parameters: Parameters = Parameters(),
        view: ViewContext = ViewContext()
    ) throws(LayoutError) -> PreparedJustifiedLayout {
        try JustifiedLayout(parameters).prepareJustified(
            DataSource(sections: [SectionData(itemCount: ratios.count, aspectRatios: ratios)]), view: view)
    }

    /// One section of `{width, height}` items, laid out.
    static func layout(sizes: [Size], _ parameters: Parameters = Parameters()) throws(LayoutError) -> PreparedJustifiedLayout {
        try JustifiedLayout(parameters).prepareJustified(
            DataSource(sections: [SectionData(itemCount: sizes.count, sizes: sizes)]), view: ViewContext())
    }

    static func layout(
        _ dataSource: DataSource, _ parameters: Parameters = Parameters(),
        view: ViewContext = ViewContext()
    ) throws(LayoutError) -> PreparedJustifiedLayout {
        try JustifiedLayout(parameters).prepareJustified(dataSource, view: view)
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws(LayoutError) -> PreparedJustifiedLayout) -> LayoutError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}

extension PreparedJustifiedLayout {
    /// Every box, in item order (the original's `boxes`).
    var frames: [Rect] { elements(in: nil, view: ViewContext()).map(\.frame) }

    /// The original's `containerHeight` (the content height).
    var containerHeight: Double { contentSize.height }

    /// The original's `widowCount`, summed over sections.
    var widowCount: Int { sections.reduce(0) { $0 + $1.widowCount } }
}

/// A box as the original writes it: left, top, width, height.
func box(_ left: Double, _ top: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: left, y: top, width: width, height: height)
}

/// The photo sequence of Benchmarks/justified/compare.mjs, computed with the same integer
/// steps and double operations: xorshift32 (13, 17, 5); a draw x gives a panorama
/// 3 + 4·(next draw / 2³²) when x % 64 == 0, else the ratio 0.5 + 1.5·(x / 2³²); as sizes,
/// width 200 + x % 3800 and height 200 + (x >> 12) % 3800.
struct PhotoSequence {
    static let defaultSeed: UInt32 = 2_463_534_242
    private var state: UInt32

    init(seed: UInt32 = PhotoSequence.defaultSeed) {
        precondition(seed != 0)
        state = seed
    }

    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }

    static func ratios(_ n: Int, seed: UInt32 = defaultSeed) -> [Double] {
        var g = PhotoSequence(seed: seed)
        return (0..<n).map { _ in
            let x = g.next()
            return x % 64 == 0 ? 3 + 4 * (Double(g.next()) / 4_294_967_296) : 0.5 + 1.5 * (Double(x) / 4_294_967_296)
        }
    }

    static func sizes(_ n: Int, seed: UInt32 = defaultSeed) -> [Size] {
        var g = PhotoSequence(seed: seed)
        return (0..<n).map { _ in
            let x = g.next()
            return Size(width: Double(200 + x % 3800), height: Double(200 + (x >> 12) % 3800))
        }
    }
}

/// compare.mjs's checksum: FNV-1a (32 bits) over the little-endian bytes of each box's
/// left, top, width and height, then of containerHeight and widowCount, as doubles.
func justifiedChecksum(_ frames: [Rect], containerHeight: Double, widowCount: Int) -> UInt32 {
    var h: UInt32 = 0x811c_9dc5
    func feed(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            h = (h ^ UInt32(bits & 0xff)) &* 16_777_619
            bits >>= 8
        }
    }
    for f in frames {
        feed(f.minX)
        feed(f.minY)
        feed(f.width)
        feed(f.height)
    }
    feed(containerHeight)
    feed(Double(widowCount))
    return h
}
