import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// Reads `{"layout": {...}, "rect"?}` for a layout switch or a transition, and prepares the
    /// new layout over the session's data and view.
    func decodeNextLayout(_ root: JSONValue, _ state: SessionState, allowRect: Bool) throws(APIError) -> (PendingTransition, Rect?) {
        let o = try ObjectReader(root, path: "")
        try o.rejectUnknownKeys(allowRect ? ["layout", "rect", ContentOffsetAnchor.key] : ["layout"])
        guard let layoutValue = o["layout"] else { throw .invalidRequest("layout", "is required") }
        let (kind, layout, json) = try LayoutRequest.decodeLayout(layoutValue, path: "layout")
        if kind.needsBounds, state.view.bounds == .zero {
            throw .invalidRequest("layout.type", "the \(kind.type) layout needs view bounds; PATCH the view first")
        }
        let prepared = try prepare(layout, state.dataSource, state.view)
        return (PendingTransition(kind: kind, layout: layout, layoutJSON: json, prepared: prepared), try o.rect("rect"))
    }

    /// PUT /v1/sessions/{id}/layout: setCollectionViewLayout:animated:. Answers the animation
    /// plan from the old attributes to the new ones for the elements in `rect` (`PlanArea`).
    public func switchLayout(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        changing(id, ifMatch: ifMatch, SessionChange(.layoutSwitch, body: body), reading: Self.jsonRoot, layoutSwitchStep, reply: planResponse)
    }

    /// The state after a layout switch, and its animation plan (also the log's replay).
    func layoutSwitchStep(_ root: JSONValue, _ state: SessionState) throws(APIError) -> (SessionState, PlannedChange) {
        try requireIdle(state)
        let (target, _) = try decodeNextLayout(root, state, allowRect: true)
        let area = try PlanArea.read(try ObjectReader(root, path: ""))
        let anchor = try ContentOffsetAnchor.read(root[ContentOffsetAnchor.key])
        var next = state
        next.kind = target.kind
        next.layout = target.layout
        next.layoutJSON = target.layoutJSON
        next.prepared = target.prepared
        let offset = try settle(anchor, from: state, to: &next, correspondence: IdentityCorrespondence())
        let plan = try buildPlan(
            AnimationPlanBuilder(from: state, to: next, correspondence: IdentityCorrespondence()), over: area, offset: offset)
        return (next, PlannedChange(plan: plan, offset: offset))
    }

    /// The plan for `rect` (everything when nil), refused (and the change with it) as soon as
    /// it would hold more entries than one reply carries, as `elements` is.
    func buildPlan(_ builder: AnimationPlanBuilder, in rect: Rect?) throws(APIError) -> [PlanEntry] {
        do throws(ElementLimitExceeded) {
            return try builder.build(in: rect, limit: limits.maxElementsPerReply)
        } catch {
            throw .tooManyElements(rect: rect, limit: error.limit, listing: "the animation plan")
        }
    }

    /// The plan of a change that may have moved the offset (`offset`), over `area`.
    func buildPlan(_ builder: AnimationPlanBuilder, over area: PlanArea, offset: OffsetSettlement) throws(APIError) -> [PlanEntry] {
        let (old, new) = area.rects(old: builder.oldView, new: builder.newView, adjustment: offset.adjustment)
        do throws(ElementLimitExceeded) {
            return try builder.build(old: old, new: new, limit: limits.maxElementsPerReply)
        } catch {
            throw .tooManyElements(rect: old, limit: error.limit, listing: "the animation plan")
        }
    }

    func planResponse(_ state: SessionState, _ change: PlannedChange) -> Reply {
        Self.sessionReply(state.version, capacity: 256 + change.plan.count * 260) { w in
            w.key("contentSize")
            w.size(state.prepared.contentSize)
            w.key("info")
            w.info(state.prepared.info)
            w.settlement(change.offset)
            w.key("plan")
            w.plan(change.plan)
        }
    }
}
