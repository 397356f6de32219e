#if canImport(Glibc)
    import Glibc
#endif
import LayoutEngine
import SessionStorage
import TesseraSupport

extension TesseraService {
    /// Applies a change to a session: computes the next state from the current one and
    /// commits it to the store as a compare-and-set on the version, appending `change` to the
    /// session's log before anything is acknowledged. When another change won (in this process
    /// or another replica), catches up with the store and recomputes on the newest state;
    /// `If-Match` pins the version the client saw, so a moved-on session answers 412.
    /// Nothing is changed when `step` throws.
    func mutate<Result>(
        _ s: Session, ifMatch: String?, _ change: SessionChange,
        _ step: (SessionState) throws(APIError) -> (SessionState, Result)
    ) throws(APIError) -> (SessionState, Result) {
        try mutateIfChanged(s, ifMatch: ifMatch, change) { state throws(APIError) in
            let (next, result) = try step(state)
            return (next as SessionState?, result)
        }
    }

    /// `mutate` for a step that may find nothing to change (nil state): then nothing is
    /// stored, and the current state is answered with the step's result at its version.
    func mutateIfChanged<Result>(
        _ s: Session, ifMatch: String?, _ change: SessionChange,
        _ step: (SessionState) throws(APIError) -> (SessionState?, Result)
    ) throws(APIError) -> (SessionState, Result) {
        var session = s
        for attempt in 0..<32 {
            let state = session.current
            try checkIfMatch(ifMatch, current: state.version)
            let (changed, result) = try step(state)
            guard var next = changed else { return (state, result) }
            next.version = state.version + 1
            if try commit(session, from: state, to: next, change) { return (next, result) }
            if store.storage.keepsSessionData {
                // Another replica won. Its next request starts from a current copy while this
                // one must catch up first, so without a pause the same replica keeps winning:
                // back off for a random moment (bounded, growing) before trying again.
                usleep(UInt32.random(in: 0...min(20_000, 100 << min(attempt, 8))))
                session = try catchUp(s.id, copy: session)
            }
        }
        throw .conflict("the session kept changing under this request; retry")
    }

    /// One compare-and-set in the store; false when `from` is no longer the newest version.
    private func commit(_ s: Session, from: SessionState, to next: SessionState, _ change: SessionChange) throws(APIError) -> Bool {
        let durable = store.storage.keepsSessionData
        let outcome = try s.writeLock.locked { () throws(APIError) -> AppendOutcome? in
            // Another thread of this process committed first: recompute on its state.
            guard s.version == from.version else { return nil }
            let outcome = try store.storing("append") { () throws(StorageError) in
                try store.storage.append(
                    id: s.id, baseVersion: from.version, entry: durable ? change.encoded : [],
                    from: from.counts, to: next.counts, limits: store.limits)
            }
            if case .appended = outcome { s.install(next) }
            return outcome
        }
        switch outcome {
        case nil, .stale?:
            return false
        case .appended(let logBytes, let snapshotBytes)?:
            // Compaction: once the log outweighs the snapshot, one new snapshot replaces both
            // (amortised: a snapshot is rewritten only after as many bytes of changes).
            if durable, logBytes > snapshotBytes {
                try? store.storage.compact(id: s.id, version: next.version, snapshot: SessionSnapshot(next).encoded)
            }
            return true
        case .gone?:
            store.forget(s.id)
            throw .notFound("no session \(ClientText.quoted(s.id))", field: "id")
        case .full(let limit)?:
            throw .storeFull(limit)
        }
    }

    /// 409 while an interactive transition or movement is under way: other changes would
    /// pull the data or the layout from under it.
    func requireIdle(_ state: SessionState) throws(APIError) {
        if state.transition != nil {
            throw .conflict("an interactive transition is in progress; finish or cancel it first")
        }
        if state.movement != nil {
            throw .conflict("an interactive movement is in progress; end or cancel it first")
        }
    }

    static func versionHeader(_ version: Int) -> [(name: String, value: String)] { [("ETag", entityTag(version))] }

    /// `"7"`: a version as an entity tag, written digit by digit: string interpolation
    /// cost a measurable share of every cached rect query
    /// (docs/performance.md#shared-reply-headers).
    ///
    /// Asked for 15 bytes when that is enough (13 digits and the quotes): a String made with
    /// a capacity past 15 is allocated first and only then turned into a small string (an
    /// allocation and a free more, on every query). 23 bytes hold the longest: a sign, 19
    /// digits, the quotes (the writer traps on a byte past what was asked for).
    static func entityTag(_ version: Int) -> String {
        OutputBuffer.string(capacity: version.magnitude < 1_000_000_000_000 ? 15 : 23) { out in
            out.byte(UInt8(ascii: "\""))
            out.decimal(version)
            out.byte(UInt8(ascii: "\""))
        }
    }
}
