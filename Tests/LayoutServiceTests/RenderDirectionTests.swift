import Foundation
import Rendering
import Testing
import LayoutService
import InMemoryStore

/// render.svg, POST /v1/render and `tessera render` of a right-to-left collection view
/// (issue 37): where the axis is flipped the picture shows each element at its visual frame;
/// where the layout mirrors its own frames it draws them as they are. Worked by hand.
@Suite("Rendering a layout direction")
struct RenderDirectionTests {
    /// Four quarter-width items, 50 high: in a 400-point view at x = 0, 100, 200, 300 in the
    /// compositional layout's own (leading-based) space, whatever the direction (L4).
    static let quarters =
        #"{"type":"compositional","section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}}]}}}"#

    static func quartersBody(_ direction: String? = nil, rect: String = "") -> String {
        let d = direction.map { #","layoutDirection":"\#($0)""# } ?? ""
        return #"{"layout":\#(quarters),"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844]\#(d)}\#(rect)}"#
    }

    /// Each drawn cell's index path and its rect's x, in drawing order.
    static func cellXs(_ svg: [UInt8]) -> [String: Double] {
        var xs: [String: Double] = [:]
        for part in String(decoding: svg, as: UTF8.self).components(separatedBy: "<g class=\"cell\"").dropFirst() {
            let path = part.components(separatedBy: "data-index-path=\"")[1].prefix { $0 != "\"" }
            let x = part.components(separatedBy: "<rect x=\"")[1].prefix { $0 != "\"" }
            xs[String(path)] = Double(x)
        }
        return xs
    }

    @Test func aRightToLeftSessionIsDrawnMirrored() throws {
        let service = makeService()
        let rtl = try createSession(service, Self.quartersBody("rightToLeft"))
        // The axis is flipped: visualFrame.x = 400 − x − 100, so item 0 is at the right.
        let picture = service.renderSession(id: rtl, query: "rect=0,0,400,50")
        #expect(picture.status == 200)
        #expect(Self.cellXs(picture.body) == ["0,0": 300, "0,1": 200, "0,2": 100, "0,3": 0])
        let ltr = try createSession(service, Self.quartersBody())
        #expect(Self.cellXs(service.renderSession(id: ltr, query: "rect=0,0,400,50").body) == ["0,0": 0, "0,1": 100, "0,2": 200, "0,3": 300])
    }

    /// The rect stays in the layout's space, as `elements` takes it: 0…90 holds item 0 only,
    /// and the picture shows the screen's 310…400, where item 0 is drawn.
    @Test func theRectIsTheLayoutsAndTheirPictureTheScreens() throws {
        let service = makeService()
        let id = try createSession(service, Self.quartersBody("rightToLeft"))
        let text = String(decoding: service.renderSession(id: id, query: "rect=0,0,90,50").body, as: UTF8.self)
        #expect(Self.cellXs(Array(text.utf8)) == ["0,0": 300])
        #expect(text.contains(#"<rect class="requested-rect" x="310" y="0" width="90" height="50"/>"#))
        #expect(text.contains(#"viewBox="302 -8 106 66""#))
    }

    /// The picture is cached by version, and a direction change is a new version: the same
    /// query after it is drawn anew, mirrored.
    @Test func aDirectionChangeIsNotAnsweredFromTheCache() throws {
        let service = makeService()
        let id = try createSession(service, Self.quartersBody())
        for _ in 0..<3 { #expect(Self.cellXs(service.renderSession(id: id, query: "rect=0,0,400,50").body)["0,0"] == 0) }
        #expect(service.patchView(id: id, body: body(#"{"layoutDirection":"rightToLeft"}"#)).status == 200)
        let after = service.renderSession(id: id, query: "rect=0,0,400,50")
        #expect(after.headers.contains { $0 == ("ETag", "\"2\"") })
        #expect(Self.cellXs(after.body)["0,0"] == 300)
    }

    @Test func theOneShotPictureAndTheCommandLineMirrorToo() throws {
        let oneShot = makeService().renderOneShot(body: body(Self.quartersBody("rightToLeft")), query: nil)
        #expect(oneShot.status == 200)
        #expect(Self.cellXs(oneShot.body) == ["0,0": 300, "0,1": 200, "0,2": 100, "0,3": 0])
        let printed = CommandLineTool(service: .inMemory()).render(
            body(Self.quartersBody("rightToLeft")), rect: "0,0,90,50", options: SVGRenderOptions())
        #expect(printed.exitCode == 0)
        #expect(Self.cellXs(printed.standardOutput) == ["0,0": 300])
        let plain = makeService().renderOneShot(body: body(Self.quartersBody()), query: nil)
        #expect(Self.cellXs(plain.body) == ["0,0": 0, "0,1": 100, "0,2": 200, "0,3": 300])
    }

    /// L2 and L1 give the same screen (docs/layout-direction.md's worked example): the vertical
    /// flow mirrors its own frames (290, 145, 0), drawn as they are, not mirrored twice; with
    /// the flag its frames stay 0, 145, 290 and the flipped axis draws them at 290, 145, 0.
    @Test func aFlowLayoutLooksTheSameWithAndWithoutTheFlag() throws {
        let service = makeService()
        func picture(_ flag: Bool) throws -> [String: Double] {
            let layout = #"{"type":"flow","itemSize":[100,50],"flipsHorizontallyInOppositeLayoutDirection":\#(flag)}"#
            let id = try createSession(
                service,
                #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844],"layoutDirection":"rightToLeft"}}"#)
            return Self.cellXs(service.renderSession(id: id, query: "rect=0,0,390,50").body)
        }
        #expect(try picture(false) == ["0,0": 290, "0,1": 145, "0,2": 0])
        #expect(try picture(true) == ["0,0": 290, "0,1": 145, "0,2": 0])
    }

    /// A picture at a transition's progress draws each element where a query at that progress
    /// says (`visualFrame`): a vertical flow of four 100-wide items in a 400-point
    /// right-to-left view mirrors its own frames (300, 200, 100, 0); the compositional
    /// quarters answer 0, 100, 200, 300 and flip the axis, so they are drawn at 300, 200, 100,
    /// 0 too. Halfway every frame is at 150, and every element is still drawn where it was.
    @Test func aPictureAtAProgressDrawsTheTransitionsDrawnFrames() throws {
        let service = makeService()
        let id = try createSession(
            service,
            #"{"layout":{"type":"flow","itemSize":[100,50],"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844],"layoutDirection":"rightToLeft"}}"#
        )
        #expect(service.beginTransition(id: id, body: body(#"{"layout":\#(Self.quarters)}"#)).status == 201)
        let half = service.renderSession(id: id, query: "rect=0,0,400,50&progress=0.5")
        #expect(half.status == 200)
        #expect(Self.cellXs(half.body) == ["0,0": 300, "0,1": 200, "0,2": 100, "0,3": 0])
    }
}
