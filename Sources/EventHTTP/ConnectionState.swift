import CLibevent

/// Per-connection state, created when a connection is accepted (`EventLoop.adopt`) and
/// released by evhttp's close callback. It runs the stream validator on the connection's
/// input buffer before evhttp parses it, keeps the request being checked out of evhttp's
/// sight in `held`, and when a request must be refused hands evhttp a marked synthetic
/// request instead, so that evhttp never writes one of its HTML error pages. It also keeps
/// the connection's share of the body budget and its head deadline.
///
/// Only its loop's thread touches it, and never two accesses at once, so its per-request
/// variables skip Swift's run-time exclusivity checks (`@exclusivity(unchecked)`): those
/// cost ~115 instructions an access, ~600 a request here (callgrind, BENCHMARKS.md "Fifth
/// pass").
final class ConnectionState {
    unowned let loop: EventLoop
    let connection: OpaquePointer
    @exclusivity(unchecked) private var validator: RequestStreamValidator
    /// Requests answered on this connection (evhttp answers them in order): the body
    /// reservations of those leave the budget (see `RequestStreamValidator`).
    @exclusivity(unchecked) private var answeredRequests = 0
    /// Fires when a head has taken longer than the head deadline; armed while one is due.
    private var headTimer: OpaquePointer?
    @exclusivity(unchecked) private var headTimerArmed = false
    /// Until the first byte arrives, the first request's head deadline runs from the accept.
    @exclusivity(unchecked) private var awaitingFirstByte = true
    /// The configuration's, read once (the configuration is a large value to copy per read).
    private let headDeadlineSeconds: Int
    /// Bytes received but not yet released to evhttp: stream[released ..< validator.position].
    private let held: OpaquePointer
    @exclusivity(unchecked) private var released = 0
    @exclusivity(unchecked) var hasActiveRequest = false
    var injectedRejection = false
    /// Its request is with a worker (the idle sweep must not free it meanwhile).
    var isWithWorker = false
    /// What the idle sweep saw last, and since when nothing has moved (`EventLoop+IdleSweep`).
    var lastProgress = SweepProgress(received: 0, unsent: 0)
    var quietSince = MonotonicClock.now()
    /// Our own edits of the buffer call the buffer callback again; they are not client bytes.
    @exclusivity(unchecked) private var isRewriting = false

    /// The body the idle sweep watches for its minimum rate (`EventLoop+BodyRate`).
    var bodyWatch: BodyWatch?

    init(loop: EventLoop, connection: OpaquePointer, limits: RequestStreamValidator.Limits, bodyAccount: BodyAccount) {
        self.loop = loop
        self.connection = connection
        validator = RequestStreamValidator(limits: limits, bodyAccount: bodyAccount)
        headDeadlineSeconds = loop.context.configuration.headDeadlineSeconds
        held = evbuffer_new()
    }

    /// Bytes of the stream received and checked so far.
    var receivedBytes: Int { validator.position }

    /// Where the request being read starts in the stream, and whether its body is arriving.
    var bodyProgress: (request: Int, isReadingBody: Bool) { (validator.requestStart, validator.isReadingBody) }

    /// Refuses the request whose body is arriving too slowly; nil when no body is under way.
    func expireBody() -> StreamRejection? {
        guard let rejection = validator.expireBody() else { return nil }
        injectedRejection = true  // the connection closes with a lingering read
        return rejection
    }

    deinit {
        if let headTimer { event_free(headTimer) }
        evbuffer_free(held)
    }

    // MARK: Body reservations

    /// A reply has been written: its request's body leaves the budget.
    func releaseAnsweredRequest() {
        answeredRequests += 1
        validator.releaseReservations(answered: answeredRequests)
    }

    /// The connection is closing: everything it still holds leaves the budget.
    func releaseAllReservations() {
        validator.releaseAllReservations()
    }

    // MARK: Head deadline

    /// Arms or disarms the head deadline after the stream moved on: it runs from the accept
    /// until the first byte and head arrive, and from the first byte of each later head
    /// until its blank line (the idle timeout covers a quiet connection between requests).
    func updateHeadDeadline() {
        guard headDeadlineSeconds > 0 else { return }
        if awaitingFirstByte && validator.position > 0 { awaitingFirstByte = false }
        let due = awaitingFirstByte || validator.isReadingHead
        // The usual case, a whole request in one read: nothing to arm or disarm.
        guard due != headTimerArmed else { return }
        if due {
            if headTimer == nil {
                headTimer = event_new(loop.base, -1, 0, Callbacks.headDeadline, Unmanaged.passUnretained(self).toOpaque())
            }
            var timeout = timeval(tv_sec: headDeadlineSeconds, tv_usec: 0)
            headTimerArmed = event_add(headTimer, &timeout) == 0
        } else {
            event_del(headTimer)
            headTimerArmed = false
        }
    }

    /// The head deadline passed: the unfinished head (which evhttp has not seen) is replaced
    /// by a refusal that evhttp parses and the dispatcher answers 408, closing the connection.
    func headDeadlinePassed() {
        headTimerArmed = false
        guard let rejection = validator.expireHead(),
              let bufferevent = evhttp_connection_get_bufferevent(connection) else { return }
        evbuffer_drain(held, evbuffer_get_length(held))
        // Outside its own reads a bufferevent keeps its input's end frozen.
        let input = bufferevent_get_input(bufferevent)
        evbuffer_unfreeze(input, 0)
        inject(rejection, into: input)
        evbuffer_freeze(input, 0)
        // evhttp reads on its own only when the socket has bytes: make it look now. While a
        // request is with a handler it is not reading; it finds the refusal after that reply.
        if !hasActiveRequest {
            bufferevent_trigger(bufferevent, Int16(EV_READ),
                                Int32(BEV_TRIG_IGNORE_WATERMARKS.rawValue) | Int32(BEV_OPT_DEFER_CALLBACKS.rawValue))
        }
    }

    /// Hands evhttp a marked synthetic request in place of a refused one. It is a request
    /// evhttp will answer like any other, so it takes its place in the count of requests.
    private func inject(_ rejection: StreamRejection, into input: OpaquePointer?) {
        let wasRewriting = isRewriting
        isRewriting = true
        defer { isRewriting = wasRewriting }
        validator.countInjectedRequest()
        let injection = rejection.injection(token: loop.context.rejectionToken)
        injection.withUnsafeBytes { _ = evbuffer_add(input, $0.baseAddress, $0.count) }
        injectedRejection = true
    }

    // MARK: Validation

    /// Called after a socket read appended `added` bytes to `input`, before evhttp parses
    /// them. The input buffer's end is writable here: bufferevent unfreezes it around the
    /// read that triggered this callback.
    func inspect(_ input: OpaquePointer, added: Int) {
        guard !isRewriting else { return }
        isRewriting = true
        defer {
            isRewriting = false
            updateHeadDeadline()
        }
        let length = evbuffer_get_length(input)
        if validator.phase == .rejected {
            // Nothing after a refused request reaches evhttp; the connection closes after its reply.
            removeTail(of: input, count: added, into: nil)
            return
        }
        // Validate the new bytes where they landed; skipping body bytes costs O(1).
        let start = length - added + validator.skipBodyBytes(upTo: added)
        var rejection: StreamRejection?
        forEachSegment(of: input, from: start, count: length - start) { bytes in
            rejection = validator.consume(bytes)
            return rejection == nil
        }
        // Release what is checked: complete requests, and a Content-Length body as it comes.
        let releasable = rejection?.offset ?? validator.releasable
        if rejection == nil && evbuffer_get_length(held) == 0 && releasable == validator.position {
            released = releasable  // fast path: everything new may stay where it landed
            return
        }
        removeTail(of: input, count: added, into: held)
        evbuffer_remove_buffer(held, input, releasable - released)
        released = releasable
        guard let rejection else { return }
        // The refused request and everything after it never reach evhttp.
        evbuffer_drain(held, evbuffer_get_length(held))
        inject(rejection, into: input)
    }

    /// Moves the last `count` bytes of `buffer` to `destination` (or drops them). evbuffers
    /// only remove from the front, so the front part is set aside and put back.
    private func removeTail(of buffer: OpaquePointer, count: Int, into destination: OpaquePointer?) {
        let keep = evbuffer_get_length(buffer) - count
        var front: OpaquePointer?
        if keep > 0 {
            front = evbuffer_new()
            evbuffer_remove_buffer(buffer, front, keep)
        }
        if let destination {
            evbuffer_add_buffer(destination, buffer)
        } else {
            evbuffer_drain(buffer, count)
        }
        if let front {
            evbuffer_add_buffer(buffer, front)
            evbuffer_free(front)
        }
    }

    private func forEachSegment(of buffer: OpaquePointer, from offset: Int, count: Int,
                                _ body: (UnsafeRawBufferPointer) -> Bool) {
        guard count > 0 else { return }
        var start = evbuffer_ptr()
        guard evbuffer_ptr_set(buffer, &start, offset, EVBUFFER_PTR_SET) == 0 else { return }
        let needed = Int(evbuffer_peek(buffer, count, &start, nil, 0))
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: needed) { vectors in
            let filled = Int(evbuffer_peek(buffer, count, &start, vectors.baseAddress, Int32(needed)))
            var remaining = count
            for vector in vectors.prefix(filled) where remaining > 0 {
                let length = min(vector.iov_len, remaining)
                remaining -= length
                guard body(UnsafeRawBufferPointer(start: vector.iov_base, count: length)) else { return }
            }
        }
    }
}
