import TesseraSupport
import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
@testable import LayoutService
import InMemoryStore

/// The one-shot reply of all a justified layout's elements, written straight from the prepared
/// layout (`TesseraService.allCellsReply`), against the general path (every element built as
/// `LayoutAttributes`, then written by `JSONWriter.elements`): the same bytes, the same refusal.
@Suite("Justified one-shot reply fast path")
struct JustifiedCellsReplyTests {
    /// The general path's reply for all elements, as `oneShotLayout` writes it for any layout.
    private func generalReply(_ prepared: any PreparedLayout) -> [UInt8] {
        let elements = prepared.elements(in: nil, view: ViewContext())
        var w = JSONWriter()
        w.oneShotHead(prepared)
        w.elements(elements)
        w.endObject()
        return w.bytes
    }

    private func layout(_ sections: [SectionData], width: Double = 1060, rowHeight: Double = 320) throws -> PreparedJustifiedLayout {
        try JustifiedLayout(.init(containerWidth: width, targetRowHeight: rowHeight))
            .prepareJustified(DataSource(sections: sections), view: ViewContext())
    }

    /// Ratios from everyday photos to extreme panoramas and slivers (frames with long,
    /// tiny and huge numbers).
    private func ratios(_ count: Int, _ g: inout XorShiftStar) -> [Double] {
        (0..<count).map { _ in
            let x = g.next()
            switch x % 8 {
            case 0: return Double(x >> 11) / 0x1p53 * 1e-6 + 1e-9
            case 1: return 1e6 + Double(x >> 40)
            case 2: return Double(x % 7 + 1) / 4
            default: return 0.5 + 1.5 * Double(x >> 11) / 0x1p53
            }
        }
    }

    @Test func sameBytesAsTheGeneralPath() throws {
        let service = TesseraService.inMemory()
        var g = XorShiftStar(state: 0x5EED_0001)
        for round in 0..<40 {
            let count = Int(g.next() % 300)
            let sizes = (0..<count).map { _ in Size(width: Double(g.next() % 5000 + 1) / 3, height: Double(g.next() % 4000 + 1) / 7) }
            let sections = [
                SectionData(itemCount: count, aspectRatios: ratios(count, &g)),
                SectionData(itemCount: 0),
                SectionData(
                    itemCount: count, sizes: sizes,
                    overrides: SectionOverrides(["fullWidthBreakoutRowCadence": .number(3)])),
                SectionData(
                    itemCount: count / 2 + 1,
                    overrides: SectionOverrides([
                        "forceAspectRatio": .number(Double(round + 1) / 7),
                        "showWidows": .bool(round % 2 == 0)
                    ]))
            ]
            let width = 100 + Double(g.next() % 20_000) / 9
            let prepared = try layout(sections, width: width, rowHeight: 20 + Double(g.next() % 1000) / 3)
            let fast = try service.allCellsReply(prepared)
            #expect(fast.status == 200)
            #expect(fast.body == generalReply(prepared), "round \(round)")
        }
    }

    /// Through `POST /v1/layout` itself: the same bytes as the general path for the decoded
    /// request, and a `rect` still goes the general way (only the elements it meets).
    @Test func oneShotTakesTheFastPathForAllElements() throws {
        let service = TesseraService.inMemory()
        var g = XorShiftStar(state: 0x5EED_0002)
        let items = ratios(2000, &g).map(\.description).joined(separator: ",")
        let json = #"{"layout":{"type":"justified","targetRowHeight":250},"dataSource":{"sections":[{"items":["# + items + "]}]}}"
        let reply = service.oneShotLayout(body: Array(json.utf8))
        #expect(reply.status == 200)
        let request = try LayoutRequest.decode(Array(json.utf8), maxItems: 1_000_000, maxSections: 1000, allowRect: true)
        let prepared = try service.prepare(request.layout, request.dataSource, request.view)
        #expect(reply.body == generalReply(prepared))

        let withRect =
            #"{"layout":{"type":"justified"},"rect":{"x":0,"y":0,"width":500,"height":400},"dataSource":{"sections":[{"items":["# + items + "]}]}}"
        let partial = service.oneShotLayout(body: Array(withRect.utf8))
        #expect(partial.status == 200)
        #expect(partial.body.count < reply.body.count)
    }

    /// Too many elements: the general path's 400, before anything is written.
    @Test func refusesAsTheGeneralPathDoes() throws {
        var limits = TesseraService.Limits()
        limits.maxElementsPerReply = 10
        let service = TesseraService.inMemory(limits: limits)
        let prepared = try layout([
            SectionData(itemCount: 6, aspectRatios: Array(repeating: 1.5, count: 6)),
            SectionData(itemCount: 5, aspectRatios: Array(repeating: 0.7, count: 5))
        ])
        let general: Reply
        do {
            _ = try service.elements(of: prepared, in: nil, view: ViewContext())
            Issue.record("the general path accepted 11 elements with a limit of 10")
            return
        } catch {
            general = Reply(error)
        }
        do {
            _ = try service.allCellsReply(prepared)
            Issue.record("the fast path accepted 11 elements with a limit of 10")
        } catch {
            let fast = Reply(error)
            #expect(fast.status == 400)
            #expect(fast.status == general.status && fast.body == general.body)
        }
        let ten = try layout([SectionData(itemCount: 10, aspectRatios: Array(repeating: 1.5, count: 10))])
        #expect(try service.allCellsReply(ten).body == generalReply(ten))
    }

    /// The bound the reply's buffer is sized by holds for the longest cell: the longest index
    /// paths, five numbers of the longest shortest form, the forced extra. Written through a
    /// reservation of exactly the bound, whose writer traps on any store past it (the
    /// formatter's scratch and eight-byte stores included).
    @Test func theLongestCellFitsItsBound() {
        let longest = -1.2345678901234567e-300
        let frame = Rect(x: longest, y: longest, width: longest, height: longest)
        let extras = PreparedJustifiedLayout.CellExtras(aspectRatio: longest, isForced: true)
        var writer = JSONWriter(capacity: 0)
        var row = JSONWriter.RowEcho()
        writer.appendWritten(maxCount: JSONWriter.maxJustifiedCellBytes) { c in
            JSONWriter.justifiedCell(IndexPath(Int.min, Int.min), frame, extras, comma: true, &c, row: &row)
        }
        #expect(writer.bytes.count == JSONWriter.maxJustifiedCellBytes)
        #expect(IndexPath(Int.min, Int.min).section.description.utf8.count == 20)
        #expect(longest.description.utf8.count == 24)
    }
}
