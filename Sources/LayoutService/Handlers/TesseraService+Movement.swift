import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions/{id}/interactive-movement: iOS 9 reordering.
    /// `begin` with an indexPath, `update` with a position (the target is the item under it,
    /// targetIndexPathForInteractivelyMovingItem), `end` (a move update, answered with its
    /// animation plan) or `cancel` (nothing changes).
    public func interactiveMovement(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        changing(id, ifMatch: ifMatch, SessionChange(.movement, body: body), reading: MovementRequest.init) { request, state throws(APIError) in
            let (next, plan) = try movementStep(request, state)
            // Listed while the change is computed, so that a rect meeting more than one
            // reply carries refuses the change too.
            let listed = request.phase == .end ? nil : try movementElements(next, rect: request.rect)
            return (next, (ended: request.phase == .end, plan: plan, listed: listed))
        } reply: { next, result in
            result.ended ? planResponse(next, PlannedChange(plan: result.plan, offset: .unchanged(next.view))) : movementResponse(next, result.listed)
        }
    }

    /// A movement request: its phase and what that phase needs.
    struct MovementRequest {
        enum Phase: String { case begin, update, end, cancel }

        var phase: Phase
        var indexPath: IndexPath?
        var position: Point?
        var rect: Rect?

        init(_ body: [UInt8]) throws(APIError) {
            let o = try ObjectReader(try JSONTape.parseBody(body).root, path: "")
            try o.rejectUnknownKeys(["phase", "indexPath", "position", "rect"])
            guard let phaseName = try o.string("phase") else { throw .invalidRequest("phase", "is required") }
            guard let phase = Phase(rawValue: phaseName) else {
                throw .invalidRequest("phase", "must be begin, update, end or cancel (got \(ClientText.quoted(phaseName)))")
            }
            self.phase = phase
            rect = try o.rect("rect")
            switch phase {
            case .begin:
                guard let v = o["indexPath"] else { throw .invalidRequest("indexPath", "is required to begin") }
                indexPath = try ValueReader.indexPath(v, path: "indexPath")
            case .update:
                guard let p = try o.point("position") else { throw .invalidRequest("position", "is required to update") }
                position = p
            case .end, .cancel:
                break
            }
        }
    }

    /// The state after one movement phase, and the plan when it ends (also the log's replay).
    func movementStep(_ request: MovementRequest, _ state: SessionState) throws(APIError) -> (SessionState, [PlanEntry]) {
        var next = state
        switch request.phase {
        case .begin:
            let origin = request.indexPath ?? IndexPath(section: 0, item: 0)
            try requireIdle(state)
            guard let a = state.prepared.attributesForItem(at: origin, view: state.view) else {
                throw .notFound("no item at [\(origin.section), \(origin.item)]", field: "indexPath")
            }
            next.movement = InteractiveMovement(
                origin: origin, target: origin, position: a.center,
                tentative: state.prepared, tentativeDataSource: state.dataSource)
            return (next, [])
        case .update:
            guard var movement = state.movement else { throw .conflict("no interactive movement is in progress; begin one") }
            let position = request.position ?? movement.position
            movement.position = position
            let target = try targetIndexPath(movement, at: position, view: state.view)
            if target != movement.target {
                let update = try moveUpdate(from: movement.origin, to: target, in: state.dataSource)
                movement.target = target
                movement.tentativeDataSource = update.newDataSource
                movement.tentative = try relayout(state, update)
            }
            next.movement = movement
            return (next, [])
        case .end:
            guard let movement = state.movement else { throw .conflict("no interactive movement is in progress; begin one") }
            let update = try moveUpdate(from: movement.origin, to: movement.target, in: state.dataSource)
            next.movement = nil
            next.dataSource = update.newDataSource
            // The snapshot follows the item, as a diffable data source's reordering does.
            next.identifiers = state.identifiers?.movingItem(from: movement.origin, to: movement.target)
            next.prepared = movement.tentative
            // A movement does not scroll: `next` has the view `state` has.
            let plan = try buildPlan(
                AnimationPlanBuilder(from: state, to: next, correspondence: UpdateCorrespondence(update: update)), in: request.rect)
            return (next, plan)
        case .cancel:
            guard state.movement != nil else { throw .conflict("no interactive movement is in progress") }
            next.movement = nil
            return (next, [])
        }
    }

    /// The movement a session image recorded, rebuilt over the restored state: the tentative
    /// layout is the committed one with the item moved from origin to target, as `update`
    /// computed it.
    func restoredMovement(origin: IndexPath, target: IndexPath, position: Point, over state: SessionState) throws(APIError) -> InteractiveMovement {
        guard origin != target else {
            return InteractiveMovement(
                origin: origin, target: target, position: position,
                tentative: state.prepared, tentativeDataSource: state.dataSource)
        }
        let update = try moveUpdate(from: origin, to: target, in: state.dataSource)
        return InteractiveMovement(
            origin: origin, target: target, position: position,
            tentative: try relayout(state, update), tentativeDataSource: update.newDataSource)
    }

    /// UIKit's targetIndexPathForInteractivelyMovingItem: the cell under the position in the
    /// tentative layout, or the current target when the position is over no cell.
    private func targetIndexPath(_ m: InteractiveMovement, at p: Point, view: ViewContext) throws(APIError) -> IndexPath {
        // Not a zero-size probe: the flow layout returns no cells for one (R14).
        let probe = Rect(x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1)
        let under: [LayoutAttributes]
        do throws(ElementLimitExceeded) {
            under = try m.tentative.elements(in: probe, view: view, limit: limits.maxElementsPerReply)
        } catch {
            throw .invalidRequest("position", "more than \(error.limit) elements lie under the position")
        }
        let hit = under.first {
            $0.category == .cell && !$0.isHidden && $0.frame.minX <= p.x && p.x <= $0.frame.maxX && $0.frame.minY <= p.y && p.y <= $0.frame.maxY
        }
        return hit?.indexPath ?? m.target
    }

    private func moveUpdate(from origin: IndexPath, to target: IndexPath, in dataSource: DataSource) throws(APIError) -> ValidatedBatchUpdate {
        do throws(BatchUpdateError) {
            return try BatchUpdate(origin == target ? [] : [.moveItem(from: origin, to: target)]).validated(against: dataSource)
        } catch {
            throw .invalidUpdate("position", error.message)
        }
    }

    /// `{version, phase state, targetIndexPath, movingItem, elements?}`: the moving item
    /// follows the position above everything else; the others show the tentative order.
    /// The moving item, which follows the position above everything else.
    private func movingItem(_ state: SessionState) -> LayoutAttributes? {
        guard let m = state.movement, var moving = m.tentative.attributesForItem(at: m.target, view: state.view) else {
            return nil
        }
        moving.frame.origin = Point(x: m.position.x - moving.frame.width / 2, y: m.position.y - moving.frame.height / 2)
        moving.zIndex = Int(Int32.max)
        return moving
    }

    /// The elements of `rect` in the tentative order, the moving item where the finger is;
    /// nil without a rect (or without a movement).
    private func movementElements(_ state: SessionState, rect: Rect?) throws(APIError) -> [LayoutAttributes]? {
        guard let rect, let m = state.movement, let moving = movingItem(state) else { return nil }
        return try elements(of: m.tentative, in: rect, view: state.view).map { $0.key == moving.key ? moving : $0 }
    }

    /// `{version, phase state, targetIndexPath, movingItem, elements?}`: the others show the
    /// tentative order.
    private func movementResponse(_ state: SessionState, _ listed: [LayoutAttributes]?) -> Reply {
        Self.sessionReply(state.version) { w in
            w.key("moving")
            w.bool(state.movement != nil)
            if let m = state.movement, let moving = movingItem(state) {
                // Drawn as the tentative layout is, the moving item too: its position is in
                // the layout's own space, as the rects of queries are.
                let drawing = AxisDrawing.of(state.layout, m.tentative, in: state.view)
                w.key("targetIndexPath")
                w.indexPath(m.target)
                w.key("movingItem")
                w.attributes(moving, drawing: drawing)
                if let listed {
                    w.key("elements")
                    w.elements(listed, drawing: drawing)
                }
            }
            w.key("contentSize")
            w.size((state.movement?.tentative ?? state.prepared).contentSize)
        }
    }
}
