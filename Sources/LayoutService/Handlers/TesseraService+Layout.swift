import LayoutEngine

extension TesseraService {
    /// POST /v1/layout: lays out once, answers contentSize, elements (all, or those in
    /// `rect`) and info; keeps nothing.
    public func oneShotLayout(body: [UInt8]) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let request = try LayoutRequest.decode(body, maxItems: store.configuration.maxItemsPerSession,
                                                maxSections: store.configuration.maxSectionsPerSession, allowRect: true)
            let prepared = try prepare(request.layout, request.dataSource, request.view)
            let elements = try self.elements(of: prepared, in: request.rect, view: request.view)
            var w = JSONWriter(capacity: 64 + elements.count * 110)
            w.beginObject()
            w.key("contentSize"); w.size(prepared.contentSize)
            w.key("info"); w.info(prepared.info)
            w.key("elements"); w.elements(elements)
            w.endObject()
            return .json(200, w)
        }
    }
}
