import LayoutService
import Testing

/// The frames a right-to-left session answers through the service (issue 37, L2 and L4).
@Suite struct LayoutDirectionFramesTests {
    /// Each element's frame as [x, y, width, height].
    static func frames(_ service: TesseraService, _ id: String) throws -> [[Double]] {
        let elements = try #require(try object(service.elements(id: id, query: nil))["elements"] as? [[String: Any]])
        return elements.compactMap { $0["frame"] as? [String: Double] }.map { f in
            ["x", "y", "width", "height"].map { f[$0] ?? .nan }
        }
    }

    /// L2 worked by hand: a 390-wide vertical flow, items 100 × 50, no insets: a row holds 3
    /// (3 × 100 + 2 × 10 = 320 ≤ 390), justified: the free 90 split into two gaps of 45, so
    /// x = 0, 145, 290. Right to left each `x' = 390 − x − 100`: 290, 145, 0.
    @Test func aVerticalFlowMirrorsItsOwnFrames() throws {
        let service = makeService()
        let layout = #"{"type":"flow","itemSize":[100,50]}"#
        let ltr = try createSession(service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844]}}"#)
        let rtl = try createSession(
            service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844],"layoutDirection":"rightToLeft"}}"#
        )
        #expect(try Self.frames(service, ltr).map { $0[0] } == [0, 145, 290])
        #expect(try Self.frames(service, rtl).map { $0[0] } == [290, 145, 0])
        // The rect is in the layout's own space: the right end holds item 0.
        let right = try #require(try object(service.elements(id: rtl, query: "rect=300,0,10,10"))["elements"] as? [[String: Any]])
        #expect(right.map { $0["indexPath"] as? [Int] } == [[0, 0]])
    }

    /// A direction patched in is a new layout pass: the same flow session mirrors its frames
    /// after `PATCH …/view {"layoutDirection": "rightToLeft"}` and unmirrors them after the way
    /// back (the view change used to keep the prepared frames of the old direction).
    @Test func aPatchedDirectionMirrorsTheFrames() throws {
        let service = makeService()
        let id = try createSession(
            service, #"{"layout":{"type":"flow","itemSize":[100,50]},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844]}}"#)
        #expect(try Self.frames(service, id).map { $0[0] } == [0, 145, 290])
        let patched = try object(service.patchView(id: id, body: body(#"{"layoutDirection":"rightToLeft"}"#)))
        #expect(patched["invalidated"] as? Bool == true)
        #expect(try Self.frames(service, id).map { $0[0] } == [290, 145, 0])
        #expect(service.patchView(id: id, body: body(#"{"layoutDirection":"leftToRight"}"#)).status == 200)
        #expect(try Self.frames(service, id).map { $0[0] } == [0, 145, 290])
    }

    /// With the flag the axis flips instead (L1): the layout's frames stay left-to-right.
    @Test func theFlagKeepsTheFramesLeftToRight() throws {
        let service = makeService()
        let id = try createSession(
            service,
            #"{"layout":{"type":"flow","itemSize":[100,50],"flipsHorizontallyInOppositeLayoutDirection":true},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844],"layoutDirection":"rightToLeft"}}"#
        )
        #expect(try Self.frames(service, id).map { $0[0] } == [0, 145, 290])
        // The same screen as the mirrored frames: visualFrame.x = 390 − x − 100.
        let elements = try #require(try object(service.elements(id: id, query: nil))["elements"] as? [[String: Any]])
        #expect(elements.map { ($0["visualFrame"] as? [String: Double])?["x"] } == [290, 145, 0])
        #expect(try object(service.getSession(id: id))["axisFlipped"] as? Bool == true)
    }

    /// L4: the compositional layout's frames stay leading-based, equal to left-to-right ones.
    @Test func aCompositionalLayoutKeepsItsFrames() throws {
        let service = makeService()
        let layout =
            #"{"type":"compositional","section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}}]}}}"#
        let ltr = try createSession(service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844]}}"#)
        let rtl = try createSession(
            service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844],"layoutDirection":"rightToLeft"}}"#
        )
        #expect(try Self.frames(service, ltr) == Self.frames(service, rtl))
        #expect(try Self.frames(service, rtl).map { $0[0] } == [0, 100, 200, 300])
    }

    /// L4 on screen: the axis is flipped, so each element also answers `visualFrame`, its frame
    /// mirrored across the content's width: 400 − x − 100 = 300, 200, 100, 0. The session
    /// says the axis is flipped; a left-to-right session says nothing and writes no
    /// `visualFrame`.
    @Test func aFlippedAxisAnswersVisualFrames() throws {
        let service = makeService()
        let layout =
            #"{"type":"compositional","section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}}]}}}"#
        let rtl = try createSession(
            service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844],"layoutDirection":"rightToLeft"}}"#
        )
        let elements = try #require(try object(service.elements(id: rtl, query: "rect=0,0,400,50"))["elements"] as? [[String: Any]])
        #expect(elements.map { ($0["visualFrame"] as? [String: Double])?["x"] } == [300, 200, 100, 0])
        #expect(try object(service.getSession(id: rtl))["axisFlipped"] as? Bool == true)
        let item = try object(service.item(id: rtl, section: "0", item: "1"))
        #expect((item["visualFrame"] as? [String: Double])?["x"] == 200)
        let ltr = try createSession(service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844]}}"#)
        let plain = try #require(try object(service.elements(id: ltr, query: "rect=0,0,400,50"))["elements"] as? [[String: Any]])
        #expect(plain.allSatisfy { $0["visualFrame"] == nil })
        #expect(try object(service.getSession(id: ltr))["axisFlipped"] == nil)
    }

    @Test func anUnknownDevelopmentDirectionIsRefusedByName() throws {
        let r = makeService().createSession(
            body: body(
                #"{"layout":{"type":"waterfall","developmentLayoutDirection":"sideways"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844]}}"#
            ))
        #expect(r.status == 400)
        #expect(try errorOf(r).field == "layout.developmentLayoutDirection")
    }

    /// A mirrored query streams its reply (`MirroringSink`) and is held to the same element
    /// limit: 1 × 1 cells, 100 to a row, 3 rows meet 300 elements, over a limit of 250; 2 rows
    /// (200) are answered, mirrored (item 0 at x = 100 − 0 − 1 = 99).
    @Test func aMirroredQueryKeepsTheElementLimit() throws {
        let service = RequestCostLimitTests.service(maxElements: 250, onLoop: 1000)
        let id = try createSession(
            service,
            #"{"layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":1000}]},"view":{"bounds":[100,100],"layoutDirection":"rightToLeft"}}"#
        )
        let refused = service.elements(id: id, query: "rect=0,0,100,2.5")
        #expect(refused.status == 400)
        #expect(try errorOf(refused).message.contains("more than 250 elements"))
        let answered = try #require(try object(service.elements(id: id, query: "rect=0,0,100,1.5"))["elements"] as? [[String: Any]])
        #expect(answered.count == 200)
        #expect((answered.first?["frame"] as? [String: Double])?["x"] == 99)
    }
}
