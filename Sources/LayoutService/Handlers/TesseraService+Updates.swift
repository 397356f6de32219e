import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions/{id}/updates: performBatchUpdates. Validated as a whole (422 naming
    /// the operation, nothing changed), applied at the cost of what it touches where the layout
    /// can update itself, and answered with the animation plan for `rect` (`PlanArea`: what is
    /// on screen without one, everything with null).
    public func applyUpdates(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        changing(id, ifMatch: ifMatch, SessionChange(.updates, body: body), reading: Self.jsonRoot, updatesStep, reply: planResponse)
    }

    /// The state after a batch of updates, and its animation plan (also the log's replay).
    func updatesStep(_ root: JSONValue, _ state: SessionState) throws(APIError) -> (SessionState, PlannedChange) {
        try requireIdle(state)
        // Index paths alone would leave the snapshot unable to say which item is which.
        guard state.identifiers == nil else { throw .hasIdentifiers("POST /v1/sessions/{id}/updates") }
        let limits = store.configuration
        let (batch, area) = try UpdatesDecoder(
            kind: state.kind, maxItems: limits.maxItemsPerSession,
            maxSections: limits.maxSectionsPerSession
        ).decode(root)
        let anchor = try ContentOffsetAnchor.read(root[ContentOffsetAnchor.key])
        let update: ValidatedBatchUpdate
        do throws(BatchUpdateError) {
            update = try batch.validated(against: state.dataSource)
        } catch {
            throw .invalidUpdate(error.field, error.message)
        }
        let total = update.newDataSource.totalItemCount
        guard total <= limits.maxItemsPerSession else {
            throw .invalidUpdate("updates", "the update would leave \(total) items; a session holds at most \(limits.maxItemsPerSession)")
        }
        let sections = update.newDataSource.sections.count
        guard sections <= limits.maxSectionsPerSession else {
            throw .invalidUpdate("updates", "the update would leave \(sections) sections; a session holds at most \(limits.maxSectionsPerSession)")
        }
        var next = state
        next.dataSource = update.newDataSource
        next.prepared = try relayout(state, update)
        let correspondence = UpdateCorrespondence(update: update)
        let offset = try settle(anchor, from: state, to: &next, correspondence: correspondence)
        let plan = try buildPlan(
            AnimationPlanBuilder(from: state, to: next, correspondence: correspondence),
            over: area, offset: offset)
        return (next, PlannedChange(plan: plan, offset: offset))
    }

    /// The layout after an update: incrementally where the prepared layout supports it.
    func relayout(_ state: SessionState, _ update: ValidatedBatchUpdate) throws(APIError) -> any PreparedLayout {
        try relayout(state, to: update.newDataSource, hint: update.layoutHint)
    }

    /// The layout of `dataSource`, reusing what `hint` says is unchanged where it can.
    func relayout(_ state: SessionState, to dataSource: DataSource, hint: LayoutUpdateHint) throws(APIError) -> any PreparedLayout {
        guard let incremental = state.prepared as? any IncrementallyUpdatable else {
            return try prepare(state.layout, dataSource, state.view)
        }
        do {
            return try incremental.updated(to: dataSource, hint: hint, view: state.view)
        } catch {
            throw .layout(error)
        }
    }
}
