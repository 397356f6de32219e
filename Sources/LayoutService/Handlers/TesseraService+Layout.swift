import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/layout: lays out once, answers contentSize, elements (all, or those in
    /// `rect`) and info; keeps nothing.
    public func oneShotLayout(body: [UInt8]) -> Reply {
        .handling { () throws(APIError) -> Reply in
            let request = try layoutRequest(body, allowRect: true)
            let prepared = try prepare(request.layout, request.dataSource, request.view)
            let drawing = AxisDrawing.of(request.layout, prepared, in: request.view)
            // The justified writer knows no visualFrame: a flipped axis takes the general path.
            if request.rect == nil, !drawing.flipsAxis, let justified = prepared as? PreparedJustifiedLayout {
                return try allCellsReply(justified)
            }
            let elements = try self.elements(of: prepared, in: request.rect, view: request.view)
            var w = JSONWriter(capacity: 64 + elements.count * (drawing.flipsAxis ? 200 : 110))
            w.oneShotHead(prepared)
            w.elements(elements, drawing: drawing)
            w.endObject()
            return .json(200, w)
        }
    }

    /// A request's layout, data and view, within the store's limits on items and sections.
    func layoutRequest(_ body: [UInt8], allowRect: Bool) throws(APIError) -> LayoutRequest {
        try LayoutRequest.decode(
            body, maxItems: store.configuration.maxItemsPerSession,
            maxSections: store.configuration.maxSectionsPerSession, allowRect: allowRect)
    }

    /// The one-shot reply with all the elements of a justified layout, written straight from
    /// the prepared layout into one buffer sized beforehand: the same bytes as the general
    /// path above (`JustifiedCellsReplyTests`), the same 400 when there are too many.
    ///
    /// Hand-written because measured faster on a hot path: the general path builds an array
    /// of 100,000 `LayoutAttributes` (each with its own `extras` array), writes each through
    /// scratch memory into a reply that grows twice, then frees them all
    /// (docs/performance.md#justified-cells: instructions and wall time before and after).
    func allCellsReply(_ layout: PreparedJustifiedLayout) throws(APIError) -> Reply {
        let count = layout.cellCount
        guard count <= limits.maxElementsPerReply else {
            throw .tooManyElements(rect: nil, limit: limits.maxElementsPerReply)
        }
        let reply = JSONWriter.allCellsReply(layout)
        guard !reply.wroteNonFiniteNumber else { throw .nonFiniteResult }
        return Reply(status: 200, body: reply.bytes)
    }
}

extension JSONWriter {
    /// `{"contentSize":…,"info":…,"elements":` (the caller writes the list and the `}`).
    mutating func oneShotHead(_ prepared: any PreparedLayout) {
        beginObject()
        key("contentSize")
        size(prepared.contentSize)
        key("info")
        info(prepared.info)
        key("elements")
    }
}
