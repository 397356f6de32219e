import CLibevent
import Glibc

/// The connection's one driver: read what the socket has, parse and dispatch requests in
/// order, write the replies, and decide whether to read again. Every event (readable,
/// writable, a worker's reply, a deadline) ends in `serve()`, which loops instead of
/// recursing, so a pipelined stream of a thousand requests is a thousand turns of one
/// loop, not a thousand nested calls.
extension Connection {
    /// Output past this many unsent bytes stops the reading of pipelined requests until it
    /// drains: a client that sends requests without reading replies cannot make the server
    /// hold their replies without bound.
    static let outputHighWater = 64 << 10
    /// One read's room in the input buffer.
    static let readSize = 16 << 10
    /// Reads per readable event, so one fast client cannot hold its loop.
    static let readsPerEvent = 4

    /// The read event fired.
    func readable() {
        if state.isLingering { return lingerReadable() }
        var reads = 0
        while reads < Self.readsPerEvent && wantsToRead {
            reads += 1
            switch readOnce() {
            case .bytes(let count):
                serve()
                if state.isClosed || count < Self.readSize { return finishTurn() }
            case .wouldBlock:
                return finishTurn()
            case .endOfStream:
                state.peerDidClose()
                serve()
                return finishTurn()
            case .failed:
                return close()
            }
        }
        finishTurn()
    }

    /// The write event fired: the socket has room for the rest of the output.
    func writable() {
        serve()
        finishTurn()
    }

    /// Parses and dispatches what the input holds, writes what the output holds, and goes
    /// on while that makes progress.
    func serve() {
        while !state.isClosed {
            let pass = dispatchBufferedRequests()
            guard writeOutput() else { return close() }
            if evbuffer_get_length(output) > 0 { break }
            let (completed, actions) = state.outputFlushed()
            if completed > 0 {
                parser.releaseReservations(answered: state.answeredRequests)
                loop.requestsCompleted(completed)
            }
            perform(actions.subtracting(ConnectionState.Actions.dispatchNext))
            // Another pass can dispatch more only if this one stopped for room in the output
            // (now written), or dispatched something (the input may hold another request),
            // and nothing waits for a worker.
            guard actions.contains(ConnectionState.Actions.dispatchNext), pass.dispatched || pass.stoppedForOutput else { break }
        }
    }

    /// The end of an event's work: whether to keep reading, the head deadline, and closing
    /// a connection whose client has gone once nothing is left to answer.
    func finishTurn() {
        perform(state.turnEnded(unsentBytes: evbuffer_get_length(output), readingHead: parser.isReadingHead))
    }

    /// Whether the server wants more bytes from the client now.
    var wantsToRead: Bool {
        state.wantsToRead(unsentBytes: evbuffer_get_length(output))
    }

    enum ReadResult { case bytes(Int), wouldBlock, endOfStream, failed }

    /// One read(2) into room reserved at the end of the input buffer.
    private func readOnce() -> ReadResult {
        var space = iovec()
        guard evbuffer_reserve_space(input, Self.readSize, &space, 1) == 1 else { return .failed }
        let count = read(descriptor, space.iov_base, min(space.iov_len, Self.readSize))
        if count > 0 {
            space.iov_len = count
            evbuffer_commit_space(input, &space, 1)
            state.bytesRead(count)
            return .bytes(count)
        }
        if count == 0 { return .endOfStream }
        return errno == EAGAIN || errno == EINTR ? .wouldBlock : .failed
    }

    /// Dispatches requests from the input while no request waits for a worker and the
    /// output has room; says whether at least one was dispatched (or refused), and whether
    /// it stopped only because the output was full.
    private func dispatchBufferedRequests() -> (dispatched: Bool, stoppedForOutput: Bool) {
        var dispatched = false
        while state.mayDispatch {
            if evbuffer_get_length(output) >= Self.outputHighWater {
                return (dispatched, evbuffer_get_length(input) > 0)
            }
            var segment = iovec()
            guard evbuffer_peek(input, -1, nil, &segment, 1) > 0, segment.iov_len > 0 else { break }
            let (consumed, outcome) = parser.consume(UnsafeRawBufferPointer(start: segment.iov_base, count: segment.iov_len))
            evbuffer_drain(input, consumed)
            if parser.continueDue {
                parser.continueDue = false
                // RFC 9110 §10.1.1: the client waits for this before sending the body
                // (unless some of it is already here).
                if evbuffer_get_length(input) == 0 { Self.continueLine.withBytes { _ = evbuffer_add(output, $0.baseAddress, $0.count) } }
            }
            switch outcome {
            case .needMore:
                // The segment was consumed whole: the next one (if any) follows.
                continue
            case .message:
                dispatched = true
                state.requestParsed()
                loop.dispatch(parser.takeMessage(), on: self)
            case .rejected(let rejection):
                dispatched = true
                evbuffer_drain(input, evbuffer_get_length(input))
                loop.refuse(rejection, on: self)
            }
        }
        return (dispatched, false)
    }

    private static let continueLine = StaticBytes("HTTP/1.1 100 Continue\r\n\r\n")

    /// Writes what the socket takes of the output; false when the socket failed (the
    /// client reset it). What is left waits for the write event.
    private func writeOutput() -> Bool {
        let maxWrite = loop.context.configuration.maxSingleWrite
        while evbuffer_get_length(output) > 0 {
            let written = evbuffer_write_atmost(output, descriptor, maxWrite)
            if written > 0 { continue }
            if written < 0 && (errno == EAGAIN || errno == EINTR) {
                perform(state.outputBlocked())
                return true
            }
            return false
        }
        return true
    }
}

/// A literal's bytes, for writing without a String.
struct StaticBytes {
    let text: StaticString
    init(_ text: StaticString) { self.text = text }
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        body(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
