import TesseraSupport
import LayoutEngine
import TesseraJSON

/// What applying a snapshot answers beside the new state.
struct SnapshotOutcome {
    /// The derived batch, in `POST …/updates`'s vocabulary.
    var operations: [BatchUpdateOperation] = []
    /// New index paths of items whose data changed in place (reconfigured).
    var reconfigured: [IndexPath] = []
    /// The animation plan; nil when the client asked for none.
    var plan: [PlanEntry]? = nil
    /// Where the change left the content offset; nil when it changed nothing.
    var offset: OffsetSettlement? = nil
}

extension TesseraService {
    /// The state after `request` (docs/snapshots.md): the diff's batch applied as
    /// `POST …/updates` applies it, reconfigured items and changed section layouts given their
    /// new data in place, the layout updated incrementally where it can be.
    func applySnapshot(_ request: SnapshotRequest, to state: SessionState, planned: Bool) throws(APIError) -> (SessionState?, SnapshotOutcome) {
        let old = state.identifiers!
        // The session's own snapshot again, with no item data, reloads, reconfigures or section
        // layouts: nothing can change, as the diff below would find (identity, no batch).
        // Comparing the packed columns costs a fraction of diffing them.
        if request.reloaded.isEmpty, request.reconfigured.isEmpty,
            request.sections.allSatisfy({ $0.given == nil && !$0.hasLayout }), request.snapshot == old
        {
            var outcome = SnapshotOutcome()
            outcome.plan = request.animatingDifferences && planned ? [] : nil
            outcome.offset = try unmoved(request.anchor, state)
            return (nil, outcome)
        }
        let correspondence: SnapshotCorrespondence
        do throws(DiffableSnapshotError) {
            correspondence = try old.correspondence(
                to: request.snapshot, reloaded: request.reloaded,
                reconfigured: request.reconfigured)
        } catch {
            throw .snapshot(error)
        }
        let diff = SnapshotDiff(correspondence)
        let items = SnapshotItemData(request: request, correspondence: correspondence, old: state.dataSource)
        try items.checkNewItemsHaveData(request.snapshot)

        // Items the batch keeps (moved or in place, not reloaded) whose data changed: they are
        // reconfigured, their data replaced in place after the batch.
        var changes: [IndexPath: SectionData.Item] = [:]
        for (t, input) in request.sections.enumerated() {
            guard let given = input.given, correspondence.newSectionOrigin[t] >= 0 else { continue }
            for j in given.indices where given[j] {
                guard let from = items.keptOrigin(IndexPath(t, j)) else { continue }
                let data = input.data.item(at: j)
                if state.dataSource.sections[from.section].item(at: from.item) != data { changes[IndexPath(t, j)] = data }
            }
        }
        var overrideChanges: [Int: SectionOverrides] = [:]
        for (t, input) in request.sections.enumerated() where input.hasLayout {
            let o = correspondence.newSectionOrigin[t]
            guard o >= 0 else { continue }
            if !Self.sameOverrides(state.dataSource.sections[o].overrides, input.data.overrides) {
                overrideChanges[t] = input.data.overrides
            }
        }

        var outcome = SnapshotOutcome()
        outcome.reconfigured = Array(Set(diff.reconfiguredItems.map(\.to)).union(changes.keys)).sorted()
        guard !diff.isEmpty || !changes.isEmpty || !overrideChanges.isEmpty else {
            outcome.plan = request.animatingDifferences && planned ? [] : nil
            outcome.offset = try unmoved(request.anchor, state)
            return (nil, outcome)
        }

        let update: ValidatedBatchUpdate
        do throws(BatchUpdateError) {
            (outcome.operations, update) = try diff.batch(
                applyingTo: state.dataSource,
                sectionData: { t in items.insertedSection(t) },
                itemData: { p in items.itemData(new: p) },
                reloadData: { p in items.reloadData(old: p) })
        } catch {
            // The diff's contract says this cannot happen (SnapshotDiffTests hold it).
            throw APIError(
                status: 500, code: "internal_error",
                message: "the derived batch was refused (please report it): \(error.field): \(error.message)")
        }
        var dataSource = update.newDataSource
        var hint = update.layoutHint
        for (t, overrides) in overrideChanges {
            dataSource.sections[t].overrides = overrides
            hint.touch(section: t, from: 0)
        }
        for (t, paths) in Dictionary(grouping: changes.keys, by: \.section) {
            let sorted = paths.map(\.item).sorted()
            dataSource.sections[t] = dataSource.sections[t].replacingItems(at: sorted, with: sorted.map { changes[IndexPath(t, $0)]! })
            hint.touch(section: t, from: sorted[0])
        }

        var next = state
        next.dataSource = dataSource
        next.identifiers = request.snapshot
        next.prepared = try relayout(state, to: dataSource, hint: hint)
        let elements = UpdateCorrespondence(update: update)
        outcome.offset = try settle(request.anchor, from: state, to: &next, correspondence: elements)
        if planned && request.animatingDifferences {
            outcome.plan = try buildPlan(
                AnimationPlanBuilder(from: state, to: next, correspondence: elements),
                over: request.area, offset: outcome.offset ?? .unchanged(state.view))
        }
        return (next, outcome)
    }

    /// A snapshot that changes nothing moves nothing; an anchor asked for is still named (and
    /// checked), as it would have held.
    private func unmoved(_ anchor: ContentOffsetAnchor?, _ state: SessionState) throws(APIError) -> OffsetSettlement {
        var settled = OffsetSettlement.unchanged(state.view)
        guard let anchor else { return settled }
        let held = try OffsetSettlement.anchored(
            anchor, old: state.prepared, new: state.prepared, view: state.view,
            correspondence: IdentityCorrespondence(), visibleLimit: limits.maxElementsPerReply)
        settled.anchorRequested = true
        settled.anchor = held.anchor
        return settled
    }

    /// Overrides compared without where their JSON came from: a compositional section keeps
    /// its request path beside it and in its decoded value, so such sections compare by
    /// their canonical JSON.
    static func sameOverrides(_ a: SectionOverrides, _ b: SectionOverrides) -> Bool {
        func comparable(_ o: SectionOverrides) -> [String: ParameterValue] {
            o.values.filter { key, value in
                if key == SessionImage.sectionPathKey { return false }
                if case .compositionalSection = value { return false }
                return true
            }
        }
        return comparable(a) == comparable(b)
    }

    func snapshotResponse(_ state: SessionState, _ outcome: SnapshotOutcome) -> Reply {
        Self.sessionReply(state.version, capacity: 256 + (outcome.plan?.count ?? 0) * 260) { w in
            w.key("updates")
            w.updates(outcome.operations)
            w.key("reconfigured")
            w.beginArray()
            for p in outcome.reconfigured { w.indexPath(p) }
            w.endArray()
            if let plan = outcome.plan {
                w.key("plan")
                w.plan(plan)
            }
            w.key("contentSize")
            w.size(state.prepared.contentSize)
            w.key("info")
            w.info(state.prepared.info)
            w.settlement(outcome.offset ?? .unchanged(state.view))
        }
    }
}
