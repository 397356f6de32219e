import LayoutEngine
import TesseraJSON

/// Diffable snapshots over HTTP (docs/snapshots.md): read a session's identifiers, or send a
/// new snapshot and get UIKit's batch and its animation plan.
extension TesseraService {
    /// GET /v1/sessions/{id}/snapshot: `{"version", "sections": [{"id", "items": [ids]}]}`.
    public func getSnapshot(id: String) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let state = try session(id).current
            guard let snapshot = state.identifiers else { throw .noIdentifiers() }
            var w = JSONWriter(capacity: 64 + snapshot.itemIDs.byteCount * 2 + snapshot.itemCount * 2)
            w.beginObject()
            w.key("version")
            w.int(state.version)
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
            w.endObject()
            return .json(200, w, headers: TesseraService.versionHeader(state.version))
        }
    }

    /// PUT /v1/sessions/{id}/snapshot: the new snapshot, diffed against the session's.
    public func putSnapshot(id: String, body: [UInt8], ifMatch: String? = nil) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let s = try session(id)
            let tape = try JSONTape.parseBody(body)
            let (state, outcome) = try mutateIfChanged(s, ifMatch: ifMatch, SessionChange(.snapshot, body: body)) { state throws(APIError) in
                try snapshotStep(tape.root, state, planned: true)
            }
            return snapshotResponse(state, outcome)
        }
    }

    /// The PUT's step (also the log's replay, without a plan): nil state when the new
    /// snapshot equals the session's and changes no data.
    func snapshotStep(_ root: JSONValue, _ state: SessionState, planned: Bool) throws(APIError) -> (SessionState?, SnapshotOutcome) {
        try requireIdle(state)
        guard state.identifiers != nil else { throw .noIdentifiers() }
        let limits = store.configuration
        let request = try SnapshotRequestDecoder(
            kind: state.kind, maxItems: limits.maxItemsPerSession,
            maxSections: limits.maxSectionsPerSession
        ).decode(root)
        return try applySnapshot(request, to: state, planned: planned)
    }
}

extension TesseraService {
    /// POST /v1/sessions/{id}/snapshot/operations: identifier operations applied in order,
    /// answered like the PUT.
    public func applySnapshotOperations(id: String, body: [UInt8], ifMatch: String? = nil) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let s = try session(id)
            let tape = try JSONTape.parseBody(body)
            let (state, outcome) = try mutateIfChanged(s, ifMatch: ifMatch, SessionChange(.snapshotOperations, body: body)) {
                state throws(APIError) in
                try snapshotOperationsStep(tape.root, state, planned: true)
            }
            return snapshotResponse(state, outcome)
        }
    }

    func snapshotOperationsStep(_ root: JSONValue, _ state: SessionState, planned: Bool) throws(APIError) -> (SessionState?, SnapshotOutcome) {
        try requireIdle(state)
        guard let current = state.identifiers else { throw .noIdentifiers() }
        let limits = store.configuration
        let request = try SnapshotOperationsDecoder(
            kind: state.kind, maxItems: limits.maxItemsPerSession,
            maxSections: limits.maxSectionsPerSession
        ).decode(root, current: current)
        return try applySnapshot(request, to: state, planned: planned)
    }
}
