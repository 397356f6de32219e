import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// PATCH /v1/sessions/{id}/view: new bounds / contentOffset / contentInset / scale.
    /// Asks the layout what the change invalidates (shouldInvalidateLayoutForBoundsChange)
    /// and prepares again only when the layout itself no longer holds.
    public func patchView(id: String, body: [UInt8], ifMatch: String? = nil) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let s = try session(id)
            let tape = try JSONTape.parseBody(body)
            let (next, context) = try mutate(s, ifMatch: ifMatch, SessionChange(.view, body: body)) { state throws(APIError) in
                try viewStep(tape.root, state)
            }
            var w = JSONWriter()
            w.beginObject()
            w.key("version")
            w.int(next.version)
            w.key("invalidated")
            w.bool(context.shouldInvalidate)
            w.key("invalidation")
            w.beginObject()
            w.key("layout")
            w.bool(context.invalidatesLayout)
            w.key("allAttributes")
            w.bool(context.invalidatesAllAttributes)
            w.key("elements")
            w.beginArray()
            for key in context.invalidatedElements { w.elementKey(key) }
            w.endArray()
            w.endObject()
            w.key("contentSize")
            w.size(next.prepared.contentSize)
            w.endObject()
            return .json(200, w, headers: TesseraService.versionHeader(next.version))
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
