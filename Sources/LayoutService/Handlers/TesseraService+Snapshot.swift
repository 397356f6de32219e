import TesseraSupport
import LayoutEngine
import TesseraJSON

/// Diffable snapshots over HTTP (docs/snapshots.md): read a session's identifiers, or send a
/// new snapshot and get UIKit's batch and its animation plan.
extension TesseraService {
    /// GET /v1/sessions/{id}/snapshot: `{"version", "sections": [{"id", "items": [ids]}]}`.
    public func getSnapshot(id: String) -> Reply {
        .handling { () throws(APIError) -> Reply in
            let state = try session(id).current
            guard let snapshot = state.identifiers else { throw .noIdentifiers() }
            return Self.sessionReply(state.version, capacity: 64 + snapshot.itemIDs.byteCount * 2 + snapshot.itemCount * 2) { w in
                w.key("sections")
                w.beginArray()
                var n = 0
                for (s, count) in snapshot.itemCounts.enumerated() {
                    w.beginObject()
                    w.key("id")
                    w.identifier(snapshot.sectionIDs, s)
                    w.key("items")
                    w.beginArray()
                    for k in n..<n + count { w.identifier(snapshot.itemIDs, k) }
                    w.endArray()
                    n += count
                    w.endObject()
                }
                w.endArray()
            }
        }
    }

    /// PUT /v1/sessions/{id}/snapshot: the new snapshot, diffed against the session's.
    public func putSnapshot(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        snapshotChange(id, ifMatch: ifMatch, SessionChange(.snapshot, body: body))
    }

    /// POST /v1/sessions/{id}/snapshot/operations: identifier operations applied in order,
    /// answered like the PUT.
    public func applySnapshotOperations(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        snapshotChange(id, ifMatch: ifMatch, SessionChange(.snapshotOperations, body: body))
    }

    private func snapshotChange(_ id: String, ifMatch: String?, _ change: SessionChange) -> Reply {
        changing(id, ifMatch: ifMatch, change, reading: Self.snapshotBody(change.kind)) { body, state throws(APIError) in
            try snapshotStep(change.kind, body, state, planned: true)
        } reply: { state, outcome in
            snapshotResponse(state, outcome)
        }
    }

    /// How a change's body is read: a PUT's through the snapshot scanner first, the
    /// operations' as their JSON document.
    static func snapshotBody(_ kind: SessionChange.Kind) -> ([UInt8]) throws(APIError) -> SnapshotBody {
        { body throws(APIError) in
            kind == .snapshot ? try SnapshotBody(body) : .document(try jsonRoot(body))
        }
    }

    /// The step of both (also the log's replay, without a plan): the new snapshot as the PUT
    /// sends it, or as the operations make it from the session's; nil state when it equals
    /// the session's and changes no data.
    func snapshotStep(
        _ kind: SessionChange.Kind, _ body: SnapshotBody, _ state: SessionState, planned: Bool
    ) throws(APIError) -> (SessionState?, SnapshotOutcome) {
        try requireIdle(state)
        guard let current = state.identifiers else { throw .noIdentifiers() }
        let limits = store.configuration
        let request =
            kind == .snapshotOperations
            ? try SnapshotOperationsDecoder(
                kind: state.kind, maxItems: limits.maxItemsPerSession, maxSections: limits.maxSectionsPerSession
            ).decode(body.document(), current: current)
            : try SnapshotRequestDecoder(
                kind: state.kind, maxItems: limits.maxItemsPerSession, maxSections: limits.maxSectionsPerSession
            ).decode(body)
        // A change being made (not one replayed from the log, accepted under the limits of
        // its time) keeps the session within its identifier bytes.
        if planned { _ = try limits.checkedIdentifierBytes(request.snapshot, field: kind == .snapshot ? "sections" : "operations") }
        return try applySnapshot(request, to: state, planned: planned)
    }
}
