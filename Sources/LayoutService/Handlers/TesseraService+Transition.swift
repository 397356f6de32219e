import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions/{id}/transition: begins an interactive transition to another layout.
    /// Until it ends, `elements?progress=p` interpolates between the two layouts.
    public func beginTransition(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        changing(id, ifMatch: ifMatch, SessionChange(.transitionBegin, body: body), reading: Self.jsonRoot) { root, state throws(APIError) in
            (try transitionBeginStep(root, state), ())
        } reply: { next, _ in
            transitionResponse(next, status: 201)
        }
    }

    /// POST .../transition/finish keeps the new layout; .../transition/cancel the old one.
    public func endTransition(id: String, finish: Bool, ifMatch: String? = nil) -> Reply {
        let change = SessionChange(finish ? .transitionFinish : .transitionCancel)
        return changing(id, ifMatch: ifMatch, change, reading: { _ in finish }) { finish, state throws(APIError) in
            (try transitionEndStep(finish: finish, state), ())
        } reply: { next, _ in
            transitionResponse(next, status: 200)
        }
    }

    /// The state with a transition begun (also the log's replay).
    func transitionBeginStep(_ root: JSONValue, _ state: SessionState) throws(APIError) -> SessionState {
        try requireIdle(state)
        var next = state
        next.transition = try decodeNextLayout(root, state, allowRect: false).0
        return next
    }

    /// The state with the transition finished or cancelled (also the log's replay).
    func transitionEndStep(finish: Bool, _ state: SessionState) throws(APIError) -> SessionState {
        guard let t = state.transition else { throw .conflict("no interactive transition is in progress") }
        var next = state
        next.transition = nil
        if finish {
            next.kind = t.kind
            next.layout = t.layout
            next.layoutJSON = t.layoutJSON
            next.prepared = t.prepared
        }
        return next
    }

    /// `axisFlipped` as the session's (`GET /v1/sessions/{id}`) for the layout that answers
    /// queries without a progress, and the target's in `transition`: a query at a progress
    /// answers `visualFrame` when either is there (docs/layout-direction.md).
    private func transitionResponse(_ state: SessionState, status: Int) -> Reply {
        Self.sessionReply(state.version, status: status) { w in
            w.key("layout")
            w.raw(state.layoutJSON[...])
            if state.layout.flipsAxis(in: state.view) {
                w.key("axisFlipped")
                w.bool(true)
            }
            if let t = state.transition {
                w.key("transition")
                w.beginObject()
                w.key("toLayout")
                w.raw(t.layoutJSON[...])
                w.key("toContentSize")
                w.size(t.prepared.contentSize)
                if t.layout.flipsAxis(in: state.view) {
                    w.key("axisFlipped")
                    w.bool(true)
                }
                w.endObject()
            }
            w.key("contentSize")
            w.size(state.prepared.contentSize)
        }
    }

    /// The layout that answers queries: the transition layout at `progress` when one is given.
    func queryLayout(_ state: SessionState, progress: String?) throws(APIError) -> any PreparedLayout {
        guard let progress else { return state.prepared }
        return try transitionLayout(state, progress: progress).layout
    }

    /// The transition layout at `progress`, and the transition it belongs to.
    func transitionLayout(_ state: SessionState, progress: String) throws(APIError) -> (layout: TransitionLayout, target: PendingTransition) {
        guard let t = state.transition else {
            throw .invalidRequest("progress", "is only meaningful during an interactive transition")
        }
        guard let p = Double(progress), p.isFinite, p >= 0, p <= 1 else {
            throw .invalidRequest("progress", "must be a number from 0 to 1 (got \(ClientText.quoted(progress)))")
        }
        return (TransitionLayout(from: state.prepared, view: state.view, to: t.prepared, view: state.view, progress: p), t)
    }
}
