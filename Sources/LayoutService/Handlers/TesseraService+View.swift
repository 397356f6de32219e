import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// PATCH /v1/sessions/{id}/view: new bounds / contentOffset / contentInset / scale.
    /// Asks the layout what the change invalidates (shouldInvalidateLayoutForBoundsChange)
    /// and prepares again only when the layout itself no longer holds.
    public func patchView(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
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
        return try changingView(to: view, state)
    }

    /// The state in a new view: prepared again only where the layout says the change
    /// invalidates it (shouldInvalidateLayoutForBoundsChange), and so its transition's and
    /// drag's layouts.
    func changingView(to view: ViewContext, _ state: SessionState) throws(APIError) -> (SessionState, InvalidationContext) {
        let context = Self.invalidation(of: state.prepared, from: state.view, to: view)
        var next = state
        next.view = view
        if context.invalidatesLayout {
            next.prepared = try prepare(state.layout, state.dataSource, view)
        }
        if let t = state.transition, Self.invalidation(of: t.prepared, from: state.view, to: view).invalidatesLayout {
            next.transition?.prepared = try prepare(t.layout, state.dataSource, view)
        }
        // A drag in progress keeps its tentative order in the new view too.
        if let m = state.movement, Self.invalidation(of: m.tentative, from: state.view, to: view).invalidatesLayout {
            next.movement?.tentative = try prepare(state.layout, m.tentativeDataSource, view)
        }
        return (next, context)
    }

    /// What a view change invalidates in `prepared`. A new layout direction invalidates it all:
    /// a prepared layout does not know the direction it was prepared for, and the vertical flow
    /// mirrors its own frames in one direction and not the other (docs/layout-direction.md, L2).
    static func invalidation(of prepared: any PreparedLayout, from old: ViewContext, to new: ViewContext) -> InvalidationContext {
        if old.layoutDirection != new.layoutDirection { return .everything }
        return prepared.invalidation(from: old, to: new)
    }

    /// The state scrolled to `offset` (the same as a PATCH of the view's contentOffset).
    func scrolling(_ state: SessionState, to offset: Point) throws(APIError) -> SessionState {
        guard offset != state.view.contentOffset else { return state }
        var view = state.view
        view.contentOffset = offset
        return try changingView(to: view, state).0
    }

    /// Where a change that kept the view leaves its offset, and the state scrolled there:
    /// clamped to the new content without an anchor, following the anchor with one
    /// (docs/api.md, "Anchored updates").
    func settle(
        _ anchor: ContentOffsetAnchor?, from state: SessionState, to next: inout SessionState,
        correspondence: any ElementCorrespondence
    ) throws(APIError) -> OffsetSettlement {
        let settled =
            if let anchor {
                try OffsetSettlement.anchored(
                    anchor, old: state.prepared, new: next.prepared, view: state.view,
                    correspondence: correspondence, visibleLimit: limits.maxElementsPerReply)
            } else {
                OffsetSettlement.kept(state.view, in: next.prepared)
            }
        next = try scrolling(next, to: settled.contentOffset)
        return settled
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
