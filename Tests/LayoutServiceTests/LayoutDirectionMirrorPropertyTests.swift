import LayoutEngine
import LayoutService
import Testing

/// L2 as a property, through the service: for random vertical flows (uniform and mixed
/// sections, section insets, headers and footers, content insets, estimated sizes, scales),
/// a right-to-left session answers its left-to-right twin's elements, in the same order, each
/// mirrored across D = bounds.width − contentInset.left − contentInset.right: `x' = D − x − w`,
/// y and size unchanged; so every row is the same row, mirrored.
@Suite struct LayoutDirectionMirrorPropertyTests {
    struct Frame: Equatable {
        var x, y, width, height: Double
        var indexPath: [Int]
        var kind: String

        /// Equal up to an ulp or two: Foundation's JSON reader, which the tests parse answers
        /// with, is not correctly rounded for every 17-digit number.
        static func == (a: Frame, b: Frame) -> Bool {
            func close(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= 1e-9 * max(1, abs(u)) }
            return close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
                && a.indexPath == b.indexPath && a.kind == b.kind
        }
    }

    static func frames(_ service: TesseraService, _ id: String, rect: String? = nil) throws -> [Frame] {
        let elements = try #require(try object(service.elements(id: id, query: rect.map { "rect=\($0)" }))["elements"] as? [[String: Any]])
        return elements.map { e in
            let f = e["frame"] as? [String: Double] ?? [:]
            return Frame(
                x: f["x"] ?? .nan, y: f["y"] ?? .nan, width: f["width"] ?? .nan, height: f["height"] ?? .nan,
                indexPath: e["indexPath"] as? [Int] ?? [], kind: e["kind"] as? String ?? "cell")
        }
    }

    @Test func rightToLeftFramesAreTheLeftToRightOnesMirrored() throws {
        var random = SystemRandomNumberGenerator()
        let service = makeService()
        for _ in 0..<40 {
            func n(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
            var sections: [String] = []
            for _ in 0..<n(1...4) {
                let count = n(0...25)
                if Bool.random(using: &random) {
                    let items = (0..<count).map { _ in "{\"size\":[\(n(10...150)),\(n(10...80))]}" }
                    sections.append(#"{"items":[\#(items.joined(separator: ","))]}"#)
                } else {
                    sections.append(#"{"itemCount":\#(count)}"#)
                }
            }
            var layout =
                #"{"type":"flow","itemSize":[\#(n(20...140)),\#(n(20...90))],"minimumInteritemSpacing":\#(n(0...20)),"sectionInset":{"left":\#(n(0...30)),"right":\#(n(0...10)),"top":\#(n(0...10))},"headerReferenceSize":[0,\#(n(0...1) * 30)],"footerReferenceSize":[0,\#(n(0...1) * 15)]"#
            if Bool.random(using: &random) { layout += #","estimatedItemSize":[80,40]"# }
            layout += "}"
            let (width, left, right) = (n(200...500), n(0...25), n(0...25))
            let scale = [0, 2, 3].randomElement(using: &random)!
            func view(_ direction: String) -> String {
                #"{"bounds":[\#(width),700],"contentInset":{"left":\#(left),"right":\#(right)},"scale":\#(scale),"layoutDirection":"\#(direction)"}"#
            }
            let data = #"{"sections":[\#(sections.joined(separator: ","))]}"#
            let ltr = try createSession(service, #"{"layout":\#(layout),"dataSource":\#(data),"view":\#(view("leftToRight"))}"#)
            let rtl = try createSession(service, #"{"layout":\#(layout),"dataSource":\#(data),"view":\#(view("rightToLeft"))}"#)
            let D = Double(width - left - right)
            let mirrored = try Self.frames(service, ltr).map { f in
                var m = f
                m.x = D - f.x - f.width
                return m
            }
            let got = try Self.frames(service, rtl)
            #expect(
                got == mirrored,
                "\(layout) \(data) \(view("rightToLeft")) first diff: \(zip(got, mirrored).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "count \(got.count) vs \(mirrored.count)")"
            )
            // A rect in the layout's own space answers the mirrored elements that meet it.
            let (x, y, w, h) = (n(-20...500), n(0...1500), n(1...300), n(1...600))
            let rect = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
            let expected = mirrored.filter {
                Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height).intersects(rect)
            }
            #expect(try Self.frames(service, rtl, rect: "\(x),\(y),\(w),\(h)") == expected)
        }
    }
}
