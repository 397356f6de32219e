import LayoutEngine
import SeededRandom
import TesseraJSON
import TesseraSupport
import Testing
@testable import LayoutService

/// The rect reply written as the layout finds its elements (`ElementReplyWriter`, with its
/// stage and `CellEcho`) against the slow reference it replaced: the elements listed by
/// `elements(in:view:limit:)`, then written by `JSONWriter.elements` inside the session reply.
/// Byte for byte, for every layout kind, at random rects, fresh and from the cache.
@Suite("Streamed element replies")
struct StreamedElementsTests {
    static let bodies: [(name: String, body: String)] = [
        (
            "flow, headers pinned, two sections",
            #"{"layout":{"type":"flow","itemSize":[80,80],"minimumLineSpacing":10,"minimumInteritemSpacing":10,"sectionInset":{"top":10,"left":10,"bottom":10,"right":10},"headerReferenceSize":[0,36],"footerReferenceSize":[0,24],"sectionHeadersPinToVisibleBounds":true},"dataSource":{"sections":[{"itemCount":140},{"items":[[170,80],[80,80],[80,120],[260,60],[33.3,17.25]]},{"itemCount":1234}]},"view":{"bounds":[390,420],"contentOffset":{"x":0,"y":160},"scale":3}}"#
        ),
        (
            "flow, fractional grid",
            #"{"layout":{"type":"flow","itemSize":[97.5,61.25],"minimumLineSpacing":0.5,"minimumInteritemSpacing":1},"dataSource":{"sections":[{"itemCount":5000}]},"view":{"bounds":[390,844],"scale":2}}"#
        ),
        (
            "flow, horizontal",
            #"{"layout":{"type":"flow","scrollDirection":"horizontal","itemSize":[40,30],"headerReferenceSize":[20,0]},"dataSource":{"sections":[{"itemCount":300},{"itemCount":7}]},"view":{"bounds":[390,300]}}"#
        ),
        (
            "waterfall",
            #"{"layout":{"type":"waterfall","columnCount":3,"headerHeight":32,"footerHeight":20,"sectionInset":{"top":8,"left":8,"bottom":8,"right":8}},"dataSource":{"sections":[{"sizes":[400,300,300,500,600,400,400,640,500,300,300,300,400,560,640,400,300,420,400,400,399,401,333,777]},{"sizes":[10,10,20,30,31,17]}]},"view":{"bounds":[390,700],"scale":3}}"#
        ),
        (
            "justified",
            #"{"layout":{"type":"justified","targetRowHeight":120},"dataSource":{"sections":[{"items":[0.5,1.5,1,1.8,0.4,0.7,0.9,1.1,1.7,2,2.1,1.33,0.75,1.5,0.5,1.5,1,1.8,0.4,0.7]}]},"view":{"bounds":[600,500]}}"#
        ),
        (
            "cover flow",
            #"{"layout":{"type":"coverFlow","cellSize":[120,120],"reflection":true,"headerHeight":24},"dataSource":{"sections":[{"itemCount":50},{"itemCount":4}]},"view":{"bounds":[480,320],"contentOffset":{"x":130,"y":0}}}"#
        ),
        (
            "line",
            #"{"layout":{"type":"line","itemSize":[120,120],"sectionInset":{"top":60,"left":60,"bottom":60,"right":60},"minimumLineSpacing":30},"dataSource":{"sections":[{"itemCount":80}]},"view":{"bounds":[480,260],"contentOffset":{"x":150,"y":0}}}"#
        ),
        (
            "circle",
            #"{"layout":{"type":"circle","background":true,"itemSize":[56,56]},"dataSource":{"sections":[{"itemCount":12}]},"view":{"bounds":[400,400]}}"#
        ),
        (
            "tree",
            #"{"layout":{"type":"tree","itemSize":[90,36]},"dataSource":{"sections":[{"items":[{"children":[0,1,2]}]},{"items":[{"children":[0,1]},{"children":[2]},{}]},{"itemCount":3}]}}"#
        ),
        (
            "stack",
            #"{"layout":{"type":"stack","itemSize":[180,240],"angleStep":6,"visibleCount":4,"offset":{"x":6,"y":6}},"dataSource":{"sections":[{"itemCount":6}]},"view":{"bounds":[390,420]}}"#
        ),
        (
            "column",
            #"{"layout":{"type":"column","numColumns":3,"padding":6},"dataSource":{"sections":[{"items":[{"height":120},{"height":80},{"height":200},{"height":60},{"height":140},{"height":90},{"height":110},{"height":70},{"height":160}]}]},"view":{"bounds":[390,500]}}"#
        ),
        (
            "compositional",
            #"{"layout": {"type": "compositional", "interSectionSpacing": 8, "section": {"interGroupSpacing": 4, "contentInsets": {"leading": 12, "trailing": 12}, "boundarySupplementaryItems": [{"kind": "header", "alignment": "top", "pinToVisibleBounds": true, "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 36}}}], "group": {"axis": "horizontal", "count": 3, "interItemSpacing": {"fixed": 4}, "size": {"width": {"fractionalWidth": 1}, "height": {"fractionalWidth": 0.33}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}, "supplementaryItems": [{"kind": "badge", "size": {"width": {"absolute": 18}, "height": {"absolute": 18}}, "anchor": {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.3, "y": -0.3}}}]}]}}}, "dataSource": {"sections": [{"itemCount": 120}, {"itemCount": 8, "layout": {"orthogonalScrollingBehavior": "groupPaging", "interGroupSpacing": 10, "contentInsets": {"top": 8, "leading": 16, "bottom": 8, "trailing": 16}, "decorationItems": [{"kind": "background"}], "group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 0.8}, "height": {"absolute": 160}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]}}}, {"itemCount": 999}]}, "view": {"bounds": [390, 700], "scale": 3}}"#
        ),
        (
            "compositional grid",
            #"{"layout":{"type":"compositional","section":{"group":{"axis":"horizontal","count":4,"size":{"width":{"fractionalWidth":1},"height":{"fractionalWidth":0.25}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},"dataSource":{"sections":[{"itemCount":10000}]},"view":{"bounds":[390,844],"scale":3}}"#
        ),
        (
            "compositional grid, right to left (axis flipped)",
            #"{"layout":{"type":"compositional","section":{"decorationItems":[{"kind":"bg"}],"group":{"axis":"horizontal","count":3,"size":{"width":{"fractionalWidth":1},"height":{"absolute":97.5}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},"dataSource":{"sections":[{"itemCount":500}]},"view":{"bounds":[393,844],"scale":3,"layoutDirection":"rightToLeft"}}"#
        ),
        (
            "list sections, inset grouped and plain",
            #"{"layout":{"type":"compositional","section":{"list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary"}}},"dataSource":{"sections":[{"itemCount":40},{"itemCount":3,"layout":{"list":{"appearance":"plain","headerMode":"supplementary"}}},{"itemCount":200}]},"view":{"bounds":[393,852],"scale":3,"contentOffset":{"x":0,"y":900}}}"#
        ),
        (
            "list sections, right to left with safe areas",
            #"{"layout":{"type":"compositional","section":{"list":{"appearance":"grouped","headerMode":"firstItemInSection"}}},"dataSource":{"sections":[{"itemCount":60},{"itemCount":90}]},"view":{"bounds":[852,393],"scale":2,"layoutDirection":"rightToLeft","safeAreaInsets":{"left":59,"right":47}}}"#
        )
    ]

    /// The reply the handler wrote before it streamed: the listed elements, written whole.
    /// With the axis flipped every element also answers its visualFrame: the listed elements
    /// go through that writer's general path (`take`), which its plain-cell path must equal.
    private static func reference(_ service: TesseraService, _ id: String, rect: Rect?) throws -> [UInt8] {
        let state = try service.session(id).current
        let list = try state.prepared.elements(in: rect, view: state.view, limit: .max)
        if state.axisDrawing.flipsAxis {
            let (_, writer) = try service.rectReply(state, progress: nil, capacity: 64)
            for a in list { writer.take(a) }
            return Reply.json(200, writer.finish()).body
        }
        return TesseraService.sessionReply(state.version, capacity: 64) { w in
            w.key("contentSize")
            w.size(state.prepared.contentSize)
            w.key("elements")
            w.elements(list)
        }.body
    }

    @Test(arguments: Self.bodies.indices)
    func everyLayoutStreamsTheListedReply(index: Int) throws {
        let (name, json) = Self.bodies[index]
        let service = makeService()
        let id = try createSession(service, json)
        let size = try service.session(id).current.prepared.contentSize
        var g = XorShiftStar(state: 0x57_4552 + UInt64(index))
        func coordinate(_ extent: Double) -> Double {
            // Whole, halves, quarters and odd decimals; some outside the content.
            let v = Double(g.next() % UInt64(max(1, extent * 1.2) * 4)) / 4 - extent * 0.1
            return g.next() % 3 == 0 ? (v * 1000).rounded() / 1000 + 0.001 : v
        }
        var queries: [(String, Rect?)] = [("", nil), ("rect=0,0,0,0", Rect(x: 0, y: 0, width: 0, height: 0))]
        for _ in 0..<60 {
            let r = Rect(
                x: coordinate(size.width), y: coordinate(size.height),
                width: Double(g.next() % 900) / 2, height: Double(g.next() % 1800) / 2)
            queries.append(("rect=\(r.minX),\(r.minY),\(r.width),\(r.height)", r))
        }
        for (query, rect) in queries {
            let expected = try Self.reference(service, id, rect: rect)
            // Fresh, fresh again (kept), then from the cache.
            for pass in 0..<3 {
                let reply = service.elements(id: id, query: query)
                #expect(reply.status == 200, "\(name) \(query)")
                #expect(reply.body == expected, "\(name) \(query) pass \(pass): \(String(decoding: reply.body.prefix(400), as: UTF8.self))")
                if reply.body != expected { return }
            }
        }
    }

    /// The same during an interactive transition, at a progress (the transition layout lists
    /// its blended elements and hands them on one by one).
    @Test func aTransitionStreamsTheListedReply() throws {
        let service = makeService()
        let id = try createSession(service, Self.bodies[0].body)
        let begin = service.beginTransition(id: id, body: body(#"{"layout":{"type":"circle"}}"#))
        #expect(begin.status == 201, "\(String(decoding: begin.body, as: UTF8.self))")
        let state = try service.session(id).current
        let transition = try #require(state.transition)
        for progress in [0, 0.25, 0.5, 1] {
            let layout = TransitionLayout(from: state.prepared, view: state.view, to: transition.prepared, view: state.view, progress: progress)
            let rect = Rect(x: 0, y: 0, width: 390, height: 600)
            let list = try layout.elements(in: rect, view: state.view, limit: .max)
            let expected = TesseraService.sessionReply(state.version, capacity: 64) { w in
                w.key("contentSize")
                w.size(layout.contentSize)
                w.key("elements")
                w.elements(list)
            }.body
            let reply = service.elements(id: id, query: "rect=0,0,390,600&progress=\(progress)")
            #expect(reply.body == expected, "progress \(progress)")
        }
    }

    /// More elements than a reply may carry: refused as before (the part already written is
    /// dropped), on a worker; on an event loop, past its budget, moved to a worker.
    @Test func aReplyPastTheLimitIsRefusedWhole() throws {
        var limits = TesseraService.Limits()
        limits.maxElementsPerReply = 20
        limits.maxElementsOnEventLoop = 5
        let service = TesseraService(
            store: .inMemory(configuration: SessionStore.Configuration(), clock: SystemSessionClock()), limits: limits)
        let id = try createSession(service, Self.bodies[1].body)
        let refused = service.elements(id: id, query: "rect=0,0,390,844")
        #expect(refused.status == 400)
        #expect(try errorOf(refused).field == "rect")
        #expect(try errorOf(refused).message.contains("more than 20 elements"))
        #expect(service.elements(id: id, query: "rect=0,0,390,844", on: .eventLoop).needsWorker)
        #expect(service.elements(id: id, query: "rect=0,0,390,50", on: .eventLoop).reply?.status == 200)
    }
}
