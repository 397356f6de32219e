import CLibevent

/// Per-connection state, created when a connection sends its first bytes and released by
/// evhttp's close callback. It runs the stream validator on the connection's input buffer
/// before evhttp parses it, keeps the request being checked out of evhttp's sight in
/// `held`, and when a request must be refused hands evhttp a marked synthetic request
/// instead, so that evhttp never writes one of its HTML error pages.
final class ConnectionState {
    unowned let loop: EventLoop
    let connection: OpaquePointer
    private var validator: RequestStreamValidator
    /// Bytes received but not yet released to evhttp: stream[released ..< validator.position].
    private let held: OpaquePointer
    private var released = 0
    var hasActiveRequest = false
    private(set) var injectedRejection = false
    /// Our own edits of the buffer call the buffer callback again; they are not client bytes.
    private var isRewriting = false

    init(loop: EventLoop, connection: OpaquePointer, limits: RequestStreamValidator.Limits) {
        self.loop = loop
        self.connection = connection
        validator = RequestStreamValidator(limits: limits)
        held = evbuffer_new()
    }

    deinit {
        evbuffer_free(held)
    }

    /// Called after a socket read appended `added` bytes to `input`, before evhttp parses
    /// them. The input buffer's end is writable here: bufferevent unfreezes it around the
    /// read that triggered this callback.
    func inspect(_ input: OpaquePointer, added: Int) {
        guard !isRewriting else { return }
        isRewriting = true
        defer { isRewriting = false }
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
        let injection = rejection.injection(token: loop.context.rejectionToken)
        injection.withUnsafeBytes { _ = evbuffer_add(input, $0.baseAddress, $0.count) }
        injectedRejection = true
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

extension EventLoop {
    /// The bufferevent evhttp uses for an accepted connection. No BEV_OPT_CLOSE_ON_FREE:
    /// evhttp closes the socket itself after shutdown(2), and with the option the socket
    /// would be closed first, so evhttp's shutdown could hit a descriptor another loop
    /// thread has just reused.
    func makeBufferevent() -> OpaquePointer? {
        guard let bufferevent = bufferevent_socket_new(base, -1, 0) else { return nil }
        bufferevent_set_max_single_write(bufferevent, context.configuration.maxSingleWrite)
        evbuffer_add_cb(bufferevent_get_input(bufferevent), Callbacks.firstInput, UnsafeMutableRawPointer(bufferevent))
        return bufferevent
    }

    /// A connection's first bytes: its evhttp_connection exists now (evhttp set it as the
    /// bufferevent's callback argument), so state can be created and tied to its close
    /// callback. Connections that close without sending anything never allocate state.
    func adopt(bufferevent: OpaquePointer, input: OpaquePointer, added: Int) {
        var argument: UnsafeMutableRawPointer?
        bufferevent_getcb(bufferevent, nil, nil, nil, &argument)
        guard let argument else { return }
        let connection = OpaquePointer(argument)
        let state = ConnectionState(loop: self, connection: connection, limits: context.streamLimits)
        connections[connection] = state
        let statePointer = Unmanaged.passUnretained(state).toOpaque()
        evhttp_connection_set_closecb(connection, Callbacks.connectionClosed, statePointer)
        evbuffer_remove_cb(input, Callbacks.firstInput, UnsafeMutableRawPointer(bufferevent))
        evbuffer_add_cb(input, Callbacks.input, statePointer)
        state.inspect(input, added: added)
    }

    func connectionClosed(_ state: ConnectionState) {
        if state.hasActiveRequest { requestCompleted(state) }
        lingerIfRefused(state)
        connections[state.connection] = nil
    }

    func requestCompleted(_ state: ConnectionState) {
        guard state.hasActiveRequest else { return }
        state.hasActiveRequest = false
        activeRequests -= 1
        exitIfDrained()
    }
}
