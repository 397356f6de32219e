import CLibevent
import Glibc

/// Accepting connections: every accepted connection gets its `ConnectionState` at once (so
/// the per-loop cap and the head deadline see silent ones too), the loop stops accepting at
/// its cap and for a moment after accept(2) runs out of descriptors, and says so in a
/// rate-limited warning rather than once per failed accept.
extension EventLoop {
    /// evhttp_set_bevcb: the bufferevent for a connection being accepted. evhttp builds its
    /// evhttp_connection around it after this returns, so adoption waits for `adoptEvent`,
    /// which runs before the loop polls again (no byte can arrive in between). A reference
    /// keeps the bufferevent valid meanwhile, even if evhttp gives up on the connection.
    /// No BEV_OPT_CLOSE_ON_FREE: evhttp closes the socket itself after shutdown(2), and
    /// with the option the socket would be closed first, so evhttp's shutdown could hit a
    /// descriptor another loop thread has just reused.
    func makeBufferevent() -> OpaquePointer? {
        guard let bufferevent = bufferevent_socket_new(base, -1, 0) else { return nil }
        bufferevent_set_max_single_write(bufferevent, context.configuration.maxSingleWrite)
        // Should bytes somehow come first, they adopt the connection before evhttp sees them.
        evbuffer_add_cb(bufferevent_get_input(bufferevent), Callbacks.firstInput, UnsafeMutableRawPointer(bufferevent))
        bufferevent_incref(bufferevent)
        pendingAdoptions.append(bufferevent)
        event_active(adoptEvent, EV_READ, 0)
        // At the cap, this is the last accept until a connection closes.
        updateAccepting()
        return bufferevent
    }

    /// Adopts the connections accepted since the last call (see `makeBufferevent`).
    func adoptPending() {
        let pending = pendingAdoptions
        pendingAdoptions.removeAll(keepingCapacity: true)
        for bufferevent in pending {
            // evhttp makes its evhttp_connection the bufferevent's callback argument; a
            // connection evhttp already dropped has none.
            var argument: UnsafeMutableRawPointer?
            bufferevent_getcb(bufferevent, nil, nil, nil, &argument)
            if let argument { adopt(OpaquePointer(argument), bufferevent: bufferevent) }
            bufferevent_decref(bufferevent)
        }
        updateAccepting()
    }

    /// Ties a `ConnectionState` to the connection's close callback and input buffer.
    /// Idempotent: the first of the adoption event and the first bytes does it.
    @discardableResult
    func adopt(_ connection: OpaquePointer, bufferevent: OpaquePointer) -> ConnectionState {
        if let state = connections[connection] { return state }
        let account = BodyAccount(budget: context.bodyBudget, shares: context.clientShares,
                                  client: ClientAddress(peerOf: bufferevent_getfd(bufferevent)))
        let state = ConnectionState(loop: self, connection: connection, limits: context.streamLimits,
                                    bodyAccount: account)
        connections[connection] = state
        peakConnections = max(peakConnections, connections.count)
        let statePointer = Unmanaged.passUnretained(state).toOpaque()
        evhttp_connection_set_closecb(connection, Callbacks.connectionClosed, statePointer)
        let input = bufferevent_get_input(bufferevent)
        evbuffer_remove_cb(input, Callbacks.firstInput, UnsafeMutableRawPointer(bufferevent))
        evbuffer_add_cb(input, Callbacks.input, statePointer)
        state.updateHeadDeadline()
        return state
    }

    /// Bytes reached a connection not adopted yet: adopt it now, then inspect them.
    func adoptOnInput(bufferevent: OpaquePointer, input: OpaquePointer, added: Int) {
        var argument: UnsafeMutableRawPointer?
        bufferevent_getcb(bufferevent, nil, nil, nil, &argument)
        guard let argument else { return }
        adopt(OpaquePointer(argument), bufferevent: bufferevent).inspect(input, added: added)
    }

    func connectionClosed(_ state: ConnectionState) {
        if state.hasActiveRequest { requestCompleted(state) }
        state.releaseAllReservations()
        lingerIfRefused(state)
        connections[state.connection] = nil
        // A descriptor was freed: a pause for want of descriptors may end now.
        if acceptRetryTimerArmed { endAcceptPause() }
        updateAccepting()
    }

    func requestCompleted(_ state: ConnectionState) {
        guard state.hasActiveRequest else { return }
        state.hasActiveRequest = false
        state.releaseAnsweredRequest()
        activeRequests -= 1
        exitIfDrained()
    }

    // MARK: Accepting

    /// Enables or disables the listener: it accepts unless the loop drains, pauses after an
    /// accept failure, or holds its cap of connections (counting those being adopted).
    func updateAccepting() {
        guard let listener = boundSocket.flatMap(evhttp_bound_socket_get_listener) else { return }
        let wanted = !isDraining && !acceptRetryTimerArmed
            && connections.count + pendingAdoptions.count < context.connectionCap
        guard wanted != isAccepting else { return }
        isAccepting = wanted
        if wanted { evconnlistener_enable(listener) } else { evconnlistener_disable(listener) }
    }

    /// evconnlistener's error callback: accept(2) failed with something other than
    /// "try again". Out of descriptors or memory, retrying at once would spin (the socket
    /// stays readable); so the loop stops accepting for `acceptRetryMilliseconds`, or until
    /// one of its connections closes, and warns at most once per `warningInterval`.
    func acceptFailed(errno code: Int32) {
        let milliseconds = max(1, context.configuration.acceptRetryMilliseconds)
        acceptFailures += 1
        if let suppressed = acceptWarning.shouldWarn(now: MonotonicClock.now()) {
            let more = suppressed > 0 ? " (\(suppressed) more since the last warning)" : ""
            context.configuration.warn(
                "event loop \(index): accept failed: \(String(cString: strerror(code))); not accepting for \(milliseconds) ms\(more)")
        }
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        if event_add(acceptRetryTimer, &timeout) == 0 { acceptRetryTimerArmed = true }
        updateAccepting()
    }

    func endAcceptPause() {
        if acceptRetryTimerArmed { event_del(acceptRetryTimer) }
        acceptRetryTimerArmed = false
        updateAccepting()
    }
}

/// A warning that may recur thousands of times a second (accept failing for want of
/// descriptors): said at most once per interval, with how many were left unsaid.
struct RateLimitedWarning {
    let intervalNanoseconds: UInt64
    private var lastWarned: UInt64?
    private var suppressed = 0

    init(intervalSeconds: UInt64) {
        intervalNanoseconds = intervalSeconds * 1_000_000_000
    }

    /// The number of occurrences not reported since the last warning when this one should
    /// be reported; nil when it should stay silent.
    mutating func shouldWarn(now: UInt64) -> Int? {
        if let lastWarned, now &- lastWarned < intervalNanoseconds {
            suppressed += 1
            return nil
        }
        lastWarned = now
        defer { suppressed = 0 }
        return suppressed
    }
}
