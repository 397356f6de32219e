import CLibevent

/// Per-connection state, created when a connection sends its first bytes and released by
/// evhttp's close callback. It runs the stream validator on the connection's input buffer
/// and, when a request must be refused, rewrites the unparsed bytes so that evhttp hands
/// the dispatcher a marked request instead of writing its own HTML error page.
final class ConnectionState {
    unowned let loop: EventLoop
    let connection: OpaquePointer
    private var validator: RequestStreamValidator
    var hasActiveRequest = false
    private(set) var injectedRejection = false
    /// Our own edits of the buffer call the buffer callback again; they are not client bytes.
    private var isRewriting = false

    init(loop: EventLoop, connection: OpaquePointer, limits: RequestStreamValidator.Limits) {
        self.loop = loop
        self.connection = connection
        validator = RequestStreamValidator(limits: limits)
    }

    /// Called after a socket read appended `added` bytes, before evhttp parses them.
    func inspect(_ buffer: OpaquePointer, added: Int) {
        guard !isRewriting else { return }
        let length = evbuffer_get_length(buffer)
        if validator.phase == .rejected {
            // Nothing after a refused request reaches evhttp; the connection closes after the reply.
            rewrite(buffer, keeping: length - added, appending: [])
            return
        }
        // Absolute stream offset of the buffer's first byte (bytes evhttp has not consumed).
        let bufferStart = validator.position - (length - added)
        let offset = length - added + validator.skipBodyBytes(upTo: added)
        guard offset < length else { return }
        var rejection: StreamRejection?
        forEachSegment(of: buffer, from: offset, count: length - offset) { bytes in
            rejection = validator.consume(bytes)
            return rejection == nil
        }
        guard let rejection else { return }
        let keep = rejection.offset - bufferStart
        assert(keep >= 0, "rejection points into bytes evhttp already consumed")
        rewrite(buffer, keeping: max(0, keep), appending: rejection.injection(token: loop.context.rejectionToken))
        injectedRejection = true
    }

    private func forEachSegment(of buffer: OpaquePointer, from offset: Int, count: Int,
                                _ body: (UnsafeRawBufferPointer) -> Bool) {
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

    /// Keeps the first `keep` bytes of the buffer and appends `injection`. The input
    /// buffer's end is writable here: bufferevent unfreezes it around the read that
    /// triggered this callback.
    private func rewrite(_ buffer: OpaquePointer, keeping keep: Int, appending injection: [UInt8]) {
        isRewriting = true
        defer { isRewriting = false }
        let length = evbuffer_get_length(buffer)
        if keep < length {
            if keep == 0 {
                evbuffer_drain(buffer, length)
            } else if let kept = evbuffer_new() {
                evbuffer_remove_buffer(buffer, kept, keep)
                evbuffer_drain(buffer, evbuffer_get_length(buffer))
                evbuffer_add_buffer(buffer, kept)
                evbuffer_free(kept)
            }
        }
        if !injection.isEmpty {
            injection.withUnsafeBytes { _ = evbuffer_add(buffer, $0.baseAddress, $0.count) }
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
        connections[state.connection] = nil
    }

    func requestCompleted(_ state: ConnectionState) {
        guard state.hasActiveRequest else { return }
        state.hasActiveRequest = false
        activeRequests -= 1
        exitIfDrained()
    }
}
