#if canImport(Glibc)
    import Glibc
#endif
import TesseraSupport
import LayoutEngine
import SessionStorage
import TesseraJSON

extension TesseraService {
    /// The session at the newest version acknowledged before this call (read-your-writes
    /// through any replica), or 404 naming the id. One cheap store read per request; a copy
    /// that is behind catches up by replaying the log entries it lacks; on an event loop it
    /// does not (that can take a second for millions of items): `APIError.needsWorker`.
    func session(_ id: String, on context: ExecutionContext = .worker) throws(APIError) -> Session {
        guard let version = try store.storedVersion(id) else {
            store.forget(id)
            throw .notFound("no session \(ClientText.quoted(id))", field: "id")
        }
        let copy = store.copy(id)
        guard store.storage.keepsSessionData else {
            // The memory store: this process's copy is the session.
            guard let copy else { throw .notFound("no session \(ClientText.quoted(id))", field: "id") }
            return copy
        }
        if let copy, copy.version >= version { return copy }
        // Building or replaying a copy holds whatever thread runs it: never an event loop.
        if context == .eventLoop { throw .needsWorker }
        return try catchUp(id, copy: copy)
    }

    /// Brings this process's copy up to the store's newest version (or builds it).
    func catchUp(_ id: String, copy: Session?) throws(APIError) -> Session {
        guard let copy else {
            return try store.coldLoads.locked { () throws(APIError) -> Session in
                if let built = store.copy(id) { return try catchUp(id, copy: built) }
                guard let stored = try store.storing("load", { () throws(StorageError) in try store.storage.load(id: id, after: nil) }) else {
                    throw .notFound("no session \(ClientText.quoted(id))", field: "id")
                }
                let session = Session(id: id, state: try rebuild(id, stored, from: nil), now: store.now, replies: store.replies)
                store.keep(session)
                return session
            }
        }
        try copy.writeLock.locked { () throws(APIError) in
            let known = copy.current
            guard let stored = try store.storing("load", { () throws(StorageError) in try store.storage.load(id: id, after: known.version) }) else {
                store.forget(id)
                throw .notFound("no session \(ClientText.quoted(id))", field: "id")
            }
            if stored.version > known.version { copy.install(try rebuild(id, stored, from: known)) }
        }
        return copy
    }

    /// The session image (when given) and the log entries applied in order. Bytes that no longer
    /// decode or apply quarantine the session: kept in the store, reported, never served.
    private func rebuild(_ id: String, _ stored: StoredSession, from known: SessionState?) throws(APIError) -> SessionState {
        do throws(SessionImageError) {
            var state: SessionState
            if let image = stored.image {
                state = try restore(SessionImage(decoding: image.bytes))
                guard state.version == image.version else {
                    throw SessionImageError("the session image says version \(state.version) but is stored as version \(image.version)")
                }
            } else if let known {
                state = known
            } else {
                throw SessionImageError("no session image")
            }
            for entry in stored.log where entry.version > state.version {
                guard entry.version == state.version + 1 else {
                    throw SessionImageError("log entry \(entry.version) does not follow version \(state.version)")
                }
                state = try replay(SessionChange(decoding: entry.bytes), on: state)
            }
            return state
        } catch {
            let reason = error.description
            try? store.storage.quarantine(id: id, reason: reason)
            store.forget(id)
            ServiceMetrics.recordQuarantine()
            TesseraService.report("tessera: session \(id) quarantined: \(reason)\n")
            throw .quarantined(id, reason)
        }
    }

    /// The state a session image describes, with its prepared layouts rebuilt.
    func restore(_ image: SessionImage) throws(SessionImageError) -> SessionState {
        do throws(APIError) {
            let (kind, layout, layoutJSON) = try LayoutRequest.decodeLayout(try JSONTape.parseBody(image.layoutJSON).root, path: "layout")
            let prepared = try prepare(layout, image.dataSource, image.view)
            var state = SessionState(
                version: image.version, kind: kind, layout: layout, layoutJSON: layoutJSON,
                dataSource: image.dataSource, identifiers: image.identifiers,
                view: image.view, prepared: prepared)
            if let json = image.transitionLayoutJSON {
                let (kind, layout, layoutJSON) = try LayoutRequest.decodeLayout(try JSONTape.parseBody(json).root, path: "layout")
                state.transition = PendingTransition(
                    kind: kind, layout: layout, layoutJSON: layoutJSON,
                    prepared: try prepare(layout, image.dataSource, image.view))
            }
            if let m = image.movement {
                state.movement = try restoredMovement(origin: m.origin, target: m.target, position: m.position, over: state)
            }
            return state
        } catch {
            throw SessionImageError("the session image no longer restores: \(error.field.map { "\($0): " } ?? "")\(error.message)")
        }
    }

    /// Re-applies an accepted change through the handler's own step function. Deterministic:
    /// each step depends only on the previous state and the request body.
    func replay(_ change: SessionChange, on state: SessionState) throws(SessionImageError) -> SessionState {
        do throws(APIError) {
            var next: SessionState
            switch change.kind {
            case .updates: next = try updatesStep(try Self.jsonRoot(change.body), state).0
            case .view: next = try viewStep(try Self.jsonRoot(change.body), state).0
            case .layoutSwitch: next = try layoutSwitchStep(try Self.jsonRoot(change.body), state).0
            case .transitionBegin: next = try transitionBeginStep(try Self.jsonRoot(change.body), state)
            case .transitionFinish: next = try transitionEndStep(finish: true, state)
            case .transitionCancel: next = try transitionEndStep(finish: false, state)
            case .movement: next = try movementStep(try MovementRequest(change.body), state).0
            case .preferredSizes: next = try preferredSizesStep(try PreferredSizesRequest(change.body), state).0
            case .scrollToItem: next = try scrollToItemStep(try ScrollToItemRequest(change.body), state).0 ?? state
            // A change that left the snapshot as it was is never logged.
            case .snapshot, .snapshotOperations:
                next = try snapshotStep(change.kind, try Self.snapshotBody(change.kind)(change.body), state, planned: false).0 ?? state
            }
            next.version = state.version + 1
            return next
        } catch {
            throw SessionImageError(
                "log entry \(state.version + 1) (\(change.kind)) no longer applies: \(error.field.map { "\($0): " } ?? "")\(error.message)")
        }
    }

    /// GET /readyz: ready when the store answers (the memory store always does).
    public func readiness() -> Reply {
        do throws(StorageError) {
            try store.storage.ping()
            var w = JSONWriter()
            w.beginObject()
            w.key("status")
            w.string("ready")
            w.endObject()
            return .json(200, w)
        } catch {
            return Reply(.storeUnavailable(error))
        }
    }

    /// A line on standard error for operators (quarantines).
    static func report(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
