import TesseraSupport
import CLibevent
import Glibc

/// One accepted connection: its socket, its read and write events on the loop's
/// event_base, its input and output evbuffers, its request parser, and its `state`. Created
/// by the accept callback, closed by `close()`; only its loop's thread touches it.
///
/// The server does its own reads and writes on the descriptor (no bufferevent): a read
/// goes into space reserved in the input buffer (evbuffer_read would first ask the kernel
/// how many bytes wait, one more system call a request), and a reply is written at once
/// after the request that asked for it, so a reply that fits the socket needs no write
/// event at all. `docs/http1.md` describes the life of a connection.
///
/// Where the connection is in its life lives in `state` (`ConnectionState`), which decides;
/// the connection tells it what happened and carries out the actions it returns
/// (`perform`). No flag or counter lives outside it.
///
/// Only its loop's thread touches it, and never two accesses at once, so its per-request
/// variables skip Swift's run-time exclusivity checks (`@exclusivity(unchecked)`; see
/// docs/performance.md).
final class Connection {
    unowned let loop: EventLoop
    let descriptor: Int32
    let input: OpaquePointer
    let output: OpaquePointer
    private(set) var readEvent: OpaquePointer?
    private(set) var writeEvent: OpaquePointer?
    /// Fires when a head has taken longer than the head deadline; made when first armed.
    private var headTimer: OpaquePointer?
    @exclusivity(unchecked) var parser: RequestParser
    @exclusivity(unchecked) var state: ConnectionState

    init?(loop: EventLoop, descriptor: Int32, limits: RequestParser.Limits, bodyAccount: BodyAccount) {
        guard let input = evbuffer_new() else { return nil }
        guard let output = evbuffer_new() else {
            evbuffer_free(input)
            return nil
        }
        self.loop = loop
        self.descriptor = descriptor
        self.input = input
        self.output = output
        parser = RequestParser(limits: limits, bodyAccount: bodyAccount)
        let configuration = loop.context.configuration
        state = ConnectionState(
            policy: .init(
                headDeadlineSeconds: configuration.headDeadlineSeconds, outputHighWater: Self.outputHighWater,
                lingerSeconds: configuration.lingerSeconds, lingerMaxBytes: configuration.lingerMaxBytes),
            now: MonotonicClock.now())
        let me = Unmanaged.passUnretained(self).toOpaque()
        readEvent = event_new(loop.base, descriptor, Int16(EV_READ | EV_PERSIST), Callbacks.readable, me)
        writeEvent = event_new(loop.base, descriptor, Int16(EV_WRITE | EV_PERSIST), Callbacks.writable, me)
        guard readEvent != nil, writeEvent != nil else {
            release()
            return nil
        }
    }

    deinit {
        if !state.isClosed { release() }
    }

    // MARK: Read-only views of the state (tests and the loop)

    var isClosed: Bool { state.isClosed }
    var isReading: Bool { state.isReading }
    var isWriteArmed: Bool { state.isWriteArmed }
    var hasActiveRequest: Bool { state.hasActiveRequest }
    var unflushedReplies: Int { state.unflushedReplies }
    var closesAfterFlush: Bool { state.closesAfterFlush }
    var receivedBytes: Int { state.receivedBytes }

    // MARK: Events from the loop

    /// Starts reading and the first head's deadline.
    func start() {
        perform(state.started())
    }

    /// A request was parsed and is dispatched on the loop.
    func requestParsed() { state.requestParsed() }

    /// A request was refused; its error reply follows.
    func requestRefused() { state.requestRefused() }

    /// The dispatched request went to a worker; `workerReturned` when its reply is back.
    func sentToWorker() { state.sentToWorker() }
    func workerReturned() { state.workerReturned() }

    /// Whether a reply to a request that asked to close (`asked`) or not closes the
    /// connection: it does while the server drains.
    func replyCloses(asked: Bool) -> Bool { asked || state.isDraining }

    /// A reply was queued in the output.
    func replyQueued(closes: Bool) { state.replyQueued(closes: closes) }

    /// The server began draining: later replies close their connections.
    func drainStarted() { state.drainStarted() }

    /// The once-a-second sweep: whether nothing has moved for `limit` nanoseconds.
    func isIdle(now: UInt64, limit: UInt64) -> Bool {
        state.isIdle(now: now, unsentBytes: evbuffer_get_length(output), limit: limit)
    }

    /// The once-a-second sweep: whether the body under way has fallen behind the minimum rate.
    func bodyIsTooSlow(now: UInt64, bytesPerSecond: Int, graceSeconds: Int) -> Bool {
        state.bodyIsTooSlow(
            now: now, readingBody: parser.isReadingBody, requestStart: parser.requestStart,
            unsentBytes: evbuffer_get_length(output), bytesPerSecond: bytesPerSecond, graceSeconds: graceSeconds)
    }

    // MARK: Carrying out the state's actions

    /// Does what `actions` ask, in `ConnectionState.Actions`' order. Each is one epoll change
    /// or timer operation, asked for only when it changes something.
    func perform(_ actions: ConnectionState.Actions) {
        guard !actions.isEmpty else { return }
        if actions.contains(.startReading) { event_add(readEvent, nil) }
        if actions.contains(.stopReading) { event_del(readEvent) }
        if actions.contains(.armWrite) { event_add(writeEvent, nil) }
        if actions.contains(.disarmWrite) { event_del(writeEvent) }
        if actions.contains(.armHeadDeadline) { armHeadTimer() }
        if actions.contains(.disarmHeadDeadline) { event_del(headTimer) }
        if actions.contains(.linger) { beginLingering() }
        if actions.contains(.close) { close() }
    }

    /// Closes the socket now: unsent reply bytes are dropped (their bodies leave the reply
    /// budget as the output buffer is freed), the requests they answered count as done,
    /// and the body reservations go back.
    func close() {
        guard let unfinished = state.closed() else { return }
        parser.releaseAllReservations()
        release()
        Glibc.close(descriptor)
        loop.connectionClosed(self, unfinishedRequests: unfinished)
    }

    private func release() {
        _ = state.closed()
        for event in [readEvent, writeEvent, headTimer] { if let event { event_free(event) } }
        readEvent = nil
        writeEvent = nil
        headTimer = nil
        evbuffer_free(input)
        evbuffer_free(output)
    }

    // MARK: Head deadline

    private func armHeadTimer() {
        if headTimer == nil {
            headTimer = event_new(loop.base, -1, 0, Callbacks.headDeadline, Unmanaged.passUnretained(self).toOpaque())
        }
        var timeout = timeval(tv_sec: state.policy.headDeadlineSeconds, tv_usec: 0)
        event_add(headTimer, &timeout)
    }

    /// The head deadline passed: the unfinished head is refused with a 408.
    func headDeadlinePassed() {
        guard state.headDeadlinePassed(), let rejection = parser.expireHead() else { return }
        loop.refuse(rejection, on: self)
        serve()
    }
}
