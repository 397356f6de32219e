#if canImport(Glibc)
    import Glibc
#endif
import LayoutEngine
import SessionStorage
import TesseraJSON
import TesseraSupport

extension TesseraService {
    /// The handler of a change to session `id`: the session looked up first (404), then the
    /// request read from the change's body (400), then `step` applied as `mutate` applies it,
    /// answered by `reply` from the state it left and the step's result.
    func changing<Request, Next: StepOutcome, Result>(
        _ id: String, ifMatch: String?, _ change: SessionChange,
        reading read: ([UInt8]) throws(APIError) -> Request,
        _ step: (Request, SessionState) throws(APIError) -> (Next, Result),
        reply: (SessionState, Result) -> Reply
    ) -> Reply {
        .handling { () throws(APIError) -> Reply in
            let s = try session(id)
            let request = try read(change.body)
            let (state, result) = try mutate(s, ifMatch: ifMatch, change) { state throws(APIError) in try step(request, state) }
            return reply(state, result)
        }
    }

    /// A request body's JSON document, for the steps that read it as it is.
    static func jsonRoot(_ body: [UInt8]) throws(APIError) -> JSONValue {
        try JSONTape.parseBody(body).root
    }

    /// Applies a change to a session: computes the next state from the current one and
    /// commits it to the store as a compare-and-set on the version, appending `change` to the
    /// session's log before anything is acknowledged. When another change won (in this process
    /// or another replica), catches up with the store and recomputes on the newest state;
    /// `If-Match` pins the version the client saw, so a moved-on session answers 412.
    /// Nothing is changed when `step` throws. A step that finds nothing to change (nil state)
    /// stores nothing, and the current state is answered with its result at its version.
    func mutate<Next: StepOutcome, Result>(
        _ s: Session, ifMatch: String?, _ change: SessionChange,
        _ step: (SessionState) throws(APIError) -> (Next, Result)
    ) throws(APIError) -> (SessionState, Result) {
        var session = s
        for attempt in 0..<32 {
            let state = session.current
            try checkIfMatch(ifMatch, current: state.version)
            let (changed, result) = try step(state)
            guard var next = changed.changedState else { return (state, result) }
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
        case .appended(let logBytes, let imageBytes)?:
            // Compaction: once the log outweighs the session image, one new image replaces both
            // (amortised: an image is rewritten only after as many bytes of changes).
            if durable, logBytes > imageBytes {
                try? store.storage.compact(id: s.id, version: next.version, image: SessionImage(next).encoded)
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

    /// A reply about a session at `version`: `{"id":…` (when given) `"version":…,` what
    /// `members` writes, `}`; its headers `headers` and the version as the entity tag.
    @inline(__always)
    static func sessionReply(
        _ version: Int, id: String? = nil, status: Int = 200, capacity: Int = 256,
        headers: [(name: String, value: String)] = [], _ members: (inout JSONWriter) -> Void
    ) -> Reply {
        var w = JSONWriter(capacity: capacity)
        w.beginObject()
        if let id {
            w.key("id")
            w.string(id)
        }
        w.key("version")
        w.int(version)
        members(&w)
        w.endObject()
        let tag = versionHeader(version)
        return .json(status, w, headers: headers.isEmpty ? tag : headers + tag)
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

/// What a change's step leaves: the next state, or, for a step that may find nothing to
/// change, an optional one (nil: nothing to store).
protocol StepOutcome {
    var changedState: SessionState? { get }
}

extension SessionState: StepOutcome {
    var changedState: SessionState? { self }
}

extension Optional: StepOutcome where Wrapped == SessionState {
    var changedState: SessionState? { self }
}
