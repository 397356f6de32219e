import SeededRandom
import Testing
import LayoutService

/// Compact data sources: a section's items as flat arrays (`sizes`, `heights`,
/// `aspectRatios`) are the same section as the `items` form, and are refused as strictly.
@Suite("Compact data sources")
struct CompactDataSourceTests {
    let service = makeService { $0.maxItemsPerSession = 1000 }

    /// xorshift64*: the same numbers on every run.
    struct Numbers {
        var draws: XorShiftStar
        init(state: UInt64) { draws = XorShiftStar(state: state) }
        mutating func next() -> UInt64 { draws.next() }
        /// A number as a client would write it: integers, short decimals and full doubles.
        mutating func text(below limit: Double) -> String {
            let unit = Double(next() >> 11) / Double(1 << 53)
            switch next() % 3 {
            case 0: return String(Int(unit * limit))
            case 1: return String(Double(Int(unit * limit * 100)) / 100)
            default: return String(unit * limit)
            }
        }
    }

    private func session(_ layout: String, _ sections: [String]) throws -> String {
        try createSession(
            service, #"{"layout":\#(layout),"dataSource":{"sections":[\#(sections.joined(separator: ","))]},"view":{"bounds":[390,844]}}"#)
    }

    /// Every element of both sessions, byte for byte (same version, same layout).
    private func expectSameLayout(
        _ layout: String, items: [String], compact: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let a = try session(layout, items), b = try session(layout, compact)
        let left = service.elements(id: a, query: nil), right = service.elements(id: b, query: nil)
        #expect(left.status == 200, sourceLocation: sourceLocation)
        #expect(left.body == right.body, sourceLocation: sourceLocation)
        #expect(left.body.count > 100, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func compactSizesLayOutExactlyAsItems(seed: UInt64) throws {
        var numbers = Numbers(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        let counts = (0..<3).map { _ in Int(numbers.next() % 40) }
        var items: [String] = [], compact: [String] = []
        for count in counts {
            let sizes = (0..<count).map { _ in (numbers.text(below: 200), numbers.text(below: 200)) }
            items.append(#"{"items":[\#(sizes.map { #"{"size":[\#($0.0),\#($0.1)]}"# }.joined(separator: ","))]}"#)
            compact.append(#"{"sizes":[\#(sizes.map { "\($0.0),\($0.1)" }.joined(separator: ","))]}"#)
        }
        for layout in [#"{"type":"flow","itemSize":[10,10]}"#, #"{"type":"waterfall","columnCount":3}"#, #"{"type":"justified"}"#] {
            try expectSameLayout(layout, items: items, compact: compact)
        }
    }

    /// `{"size": [w, h]}` items take ItemsDecoder's node-level fast path; the same sizes as
    /// bare `[w, h]` items or `{"size": {"width", "height"}}` objects take the general path.
    /// All three must give the same session.
    @Test(arguments: [11, 12, 13])
    func theSizeItemFastPathAgreesWithTheGeneralPath(seed: UInt64) throws {
        var numbers = Numbers(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        let sizes = (0..<60).map { _ in (numbers.text(below: 120), numbers.text(below: 120)) }
        let fast = #"{"items":[\#(sizes.map { #"{"size":[\#($0.0),\#($0.1)]}"# }.joined(separator: ","))]}"#
        let bare = #"{"items":[\#(sizes.map { "[\($0.0),\($0.1)]" }.joined(separator: ","))]}"#
        let objects = #"{"items":[\#(sizes.map { #"{"size":{"width":\#($0.0),"height":\#($0.1)}}"# }.joined(separator: ","))]}"#
        // Fast and general items interleaved in one section, too.
        let mixed =
            #"{"items":[\#(sizes.enumerated().map { i, s in i % 3 == 0 ? "[\(s.0),\(s.1)]" : #"{"size":[\#(s.0),\#(s.1)]}"# }.joined(separator: ","))]}"#
        // Longer runs of fast items (the fast path takes a run at a time), ended by a
        // general item, the last item among them.
        let runs =
            #"{"items":[\#(sizes.enumerated().map { i, s in i % 7 == 6 || i == sizes.count - 1 ? "[\(s.0),\(s.1)]" : #"{"size":[\#(s.0),\#(s.1)]}"# }.joined(separator: ","))]}"#
        let layout = #"{"type":"flow","itemSize":[10,10]}"#
        try expectSameLayout(layout, items: [fast], compact: [bare])
        try expectSameLayout(layout, items: [fast], compact: [objects])
        try expectSameLayout(layout, items: [fast], compact: [mixed])
        try expectSameLayout(layout, items: [fast], compact: [runs])
    }

    /// Sizes the fast path declines (negative, out of range, an escaped key) still get the
    /// general path's errors.
    @Test func theFastPathLeavesBadItemsToTheGeneralPath() throws {
        let p = "dataSource.sections[1]"
        try expectError(#"{"items":[{"size":[1,2]},{"size":[-1,2]}]}"#, field: "\(p).items[1].size")
        try expectError(#"{"items":[{"size":[1,2]},{"size":[1,2e16]}]}"#, field: "\(p).items[1].size[1]")
        try expectError(#"{"items":[{"size":[1,2]},{"siz\u0065":[1,2]},{"sizes":[1,2]}]}"#, field: "\(p).items[2].sizes")
    }

    @Test(arguments: [7, 8, 9])
    func compactHeightsAndRatiosLayOutExactlyAsItems(seed: UInt64) throws {
        var numbers = Numbers(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        let heights = (0..<30).map { _ in numbers.text(below: 300) }
        try expectSameLayout(
            #"{"type":"column","numColumns":3}"#,
            items: [#"{"items":[\#(heights.map { #"{"height":\#($0)}"# }.joined(separator: ","))]}"#],
            compact: [#"{"heights":[\#(heights.joined(separator: ","))]}"#])
        let ratios = (0..<30).map { _ in numbers.text(below: 3) }.map { $0 == "0" || $0 == "0.0" ? "1.5" : $0 }
        try expectSameLayout(
            #"{"type":"justified"}"#,
            items: [#"{"items":[\#(ratios.map { #"{"aspectRatio":\#($0)}"# }.joined(separator: ","))]}"#],
            compact: [#"{"aspectRatios":[\#(ratios.joined(separator: ","))]}"#])
    }

    @Test func itemCountMayConfirmTheCompactCount() throws {
        let id = try session(#"{"type":"flow"}"#, [#"{"itemCount":2,"sizes":[10,20,30,40]}"#, #"{"sizes":[]}"#])
        let info = try object(service.getSession(id: id))
        #expect(info["itemCount"] as? Int == 2)
    }

    private func expectError(
        _ section: String, field: String, layout: String = #"{"type":"flow"}"#,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let json = #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":1},\#(section)]},"view":{"bounds":[390,844]}}"#
        let r = service.createSession(body: body(json))
        #expect(r.status == 400, "\(String(decoding: r.body, as: UTF8.self))", sourceLocation: sourceLocation)
        let e = try errorOf(r)
        #expect(e.code == "invalid_request", sourceLocation: sourceLocation)
        #expect(e.field == field, "\(e.message)", sourceLocation: sourceLocation)
        #expect(service.store.count == 0, "a refused create adds no session", sourceLocation: sourceLocation)
    }

    @Test func badNumbersAreNamedByIndex() throws {
        let p = "dataSource.sections[1]"
        try expectError(#"{"sizes":[1,2,3,4,5,6,7,-8]}"#, field: "\(p).sizes[7]")
        try expectError(#"{"sizes":[1,2,-3,4]}"#, field: "\(p).sizes[2]")
        try expectError(#"{"sizes":[1,2,3,"4"]}"#, field: "\(p).sizes[3]")
        try expectError(#"{"sizes":[1,null,3,4]}"#, field: "\(p).sizes[1]")
        try expectError(#"{"sizes":[1e16,2]}"#, field: "\(p).sizes[0]")
        try expectError(#"{"heights":[1,2,-0.5]}"#, field: "\(p).heights[2]", layout: #"{"type":"column"}"#)
        try expectError(#"{"heights":[1,[2]]}"#, field: "\(p).heights[1]", layout: #"{"type":"column"}"#)
        try expectError(#"{"aspectRatios":[1,2e15]}"#, field: "\(p).aspectRatios[1]", layout: #"{"type":"justified"}"#)
        try expectError(#"{"aspectRatios":[1,true]}"#, field: "\(p).aspectRatios[1]", layout: #"{"type":"justified"}"#)
    }

    @Test func badShapesAreNamed() throws {
        let p = "dataSource.sections[1]"
        try expectError(#"{"sizes":[1,2,3]}"#, field: "\(p).sizes")
        try expectError(#"{"sizes":{"w":1}}"#, field: "\(p).sizes")
        try expectError(#"{"heights":"1,2"}"#, field: "\(p).heights", layout: #"{"type":"column"}"#)
        try expectError(#"{"sizes":[1,2],"items":[[1,2]]}"#, field: "\(p).items")
        try expectError(#"{"itemCount":3,"sizes":[1,2,3,4]}"#, field: "\(p).itemCount")
        try expectError(#"{"sizes":[1,2,3,4],"heights":[1]}"#, field: "\(p).heights", layout: #"{"type":"column"}"#)
        try expectError(#"{"sizez":[1,2]}"#, field: "\(p).sizez")
        let tooMany = Array(repeating: "1", count: 1000).joined(separator: ",")
        try expectError(#"{"heights":[\#(tooMany)]}"#, field: "\(p).heights", layout: #"{"type":"column"}"#)
    }
}
