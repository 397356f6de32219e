import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// PATCH /v1/sessions/{id}/view: new bounds / contentOffset / contentInset / scale.
    /// Asks the layout what the change invalidates (shouldInvalidateLayoutForBoundsChange)
    /// and prepares again only when the layout itself no longer holds.
    public func patchView(id: String, body: [UInt8], ifMatch: String? = nil) -> ServiceResponse {
        changing(id, ifMatch: ifMatch, SessionChange(.view, body: body), reading: Self.jsonRoot, viewStep) { next, context in
            Self.sessionReply(next.version) { w in
                w.key("invalidated")
                w.bool(context.shouldInvalidate)
                w.key("invalidation")
                w.invalidation(context)
                w.key("contentSize")
                w.size(next.prepared.contentSize)
            }
        }
    }

    /// The state after a view change, and what it invalidated (also the log's replay).
    func viewStep(_ root: JSONValue, _ state: SessionState) throws(APIError) -> (SessionState, InvalidationContext) {
        let view = try ViewDecoder.decode(root, path: "", over: state.view, maxSections: store.configuration.maxSectionsPerSession)
        let context = state.prepared.invalidation(from: state.view, to: view)
        var next = state
        next.view = view
        if context.invalidatesLayout {
            next.prepared = try prepare(state.layout, state.dataSource, view)
        }
        if let t = state.transition, t.prepared.invalidation(from: state.view, to: view).invalidatesLayout {
            next.transition?.prepared = try prepare(t.layout, state.dataSource, view)
        }
        // A drag in progress keeps its tentative order in the new view too.
        if let m = state.movement, m.tentative.invalidation(from: state.view, to: view).invalidatesLayout {
            next.movement?.tentative = try prepare(state.layout, m.tentativeDataSource, view)
        }
        return (next, context)
    }
}

extension JSONWriter {
    /// `{"layout", "allAttributes", "elements"}`: what a view change invalidated.
    mutating func invalidation(_ context: InvalidationContext) {
        beginObject()
        key("layout")
        bool(context.invalidatesLayout)
        key("allAttributes")
        bool(context.invalidatesAllAttributes)
        key("elements")
        beginArray()
        for k in context.invalidatedElements { elementKey(k) }
        endArray()
        endObject()
    }
}
