import TesseraSupport
import CLibevent
import Glibc

/// One accepted connection: its socket, its read and write events on the loop's
/// event_base, its input and output evbuffers, and its request parser. Created by the
/// accept callback, closed by `close()`; only its loop's thread touches it.
///
/// The server does its own reads and writes on the descriptor (no bufferevent): a read
/// goes into space reserved in the input buffer (evbuffer_read would first ask the kernel
/// how many bytes wait, one more system call a request), and a reply is written at once
/// after the request that asked for it, so a reply that fits the socket needs no write
/// event at all. `docs/http1.md` describes the life of a connection.
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
    @exclusivity(unchecked) var parser: RequestParser

    // MARK: Where the connection is in its life

    /// Whether the read event is registered (the server wants the client's bytes).
    @exclusivity(unchecked) var isReading = false
    @exclusivity(unchecked) var isWriteArmed = false
    /// A request has been dispatched and its reply not yet queued.
    @exclusivity(unchecked) var hasActiveRequest = false
    /// Replies queued in `output` whose bytes have not all been written.
    @exclusivity(unchecked) var unflushedReplies = 0
    /// Requests whose replies have been written: their bodies leave the budget.
    @exclusivity(unchecked) var answeredRequests = 0
    /// No request is read after the replies queued: one said `Connection: close`, or a
    /// request was refused.
    @exclusivity(unchecked) var closesAfterFlush = false
    /// A request was refused: the close lingers (see `LingeringClose`).
    var wasRefused = false
    /// The client has closed its side (a read returned 0).
    var peerClosed = false
    private(set) var isClosed = false
    /// Its request is with a worker (the idle sweep must not close it meanwhile).
    var isWithWorker = false
    /// Set once the connection lingers (its replies written, its write side shut down).
    var lingering: LingeringClose?

    // MARK: Deadlines

    /// Fires when a head has taken longer than the head deadline; armed while one is due.
    private var headTimer: OpaquePointer?
    @exclusivity(unchecked) private var headTimerArmed = false
    /// Until the first byte arrives, the first request's head deadline runs from the accept.
    @exclusivity(unchecked) private var awaitingFirstByte = true
    /// The configuration's, read once (the configuration is a large value to copy).
    private let headDeadlineSeconds: Int
    /// Bytes received since the connection opened (the idle sweep and the body rate).
    @exclusivity(unchecked) var receivedBytes = 0
    /// What the idle sweep saw last, and since when nothing has moved (`EventLoop+IdleSweep`).
    var lastProgress = SweepProgress(received: 0, unsent: 0)
    var quietSince = MonotonicClock.now()
    /// The body the idle sweep watches for its minimum rate (`EventLoop+BodyRate`).
    var bodyWatch: BodyWatch?

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
        headDeadlineSeconds = loop.context.configuration.headDeadlineSeconds
        let me = Unmanaged.passUnretained(self).toOpaque()
        readEvent = event_new(loop.base, descriptor, Int16(EV_READ | EV_PERSIST), Callbacks.readable, me)
        writeEvent = event_new(loop.base, descriptor, Int16(EV_WRITE | EV_PERSIST), Callbacks.writable, me)
        guard readEvent != nil, writeEvent != nil else {
            release()
            return nil
        }
    }

    deinit {
        if !isClosed { release() }
    }

    /// Starts reading and the first head's deadline.
    func start() {
        setReading(true)
        updateHeadDeadline()
    }

    /// Registers or removes the read event (each change is one epoll change, batched).
    func setReading(_ wanted: Bool) {
        guard wanted != isReading, !isClosed else { return }
        isReading = wanted
        if wanted { event_add(readEvent, nil) } else { event_del(readEvent) }
    }

    /// Closes the socket now: unsent reply bytes are dropped (their bodies leave the reply
    /// budget as the output buffer is freed), the requests they answered count as done,
    /// and the body reservations go back.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        let unfinished = unflushedReplies + (hasActiveRequest ? 1 : 0)
        hasActiveRequest = false
        unflushedReplies = 0
        parser.releaseAllReservations()
        release()
        Glibc.close(descriptor)
        loop.connectionClosed(self, unfinishedRequests: unfinished)
    }

    private func release() {
        isClosed = true
        for event in [readEvent, writeEvent, headTimer] { if let event { event_free(event) } }
        readEvent = nil
        writeEvent = nil
        headTimer = nil
        evbuffer_free(input)
        evbuffer_free(output)
    }

    // MARK: Head deadline

    /// Arms or disarms the head deadline after the stream moved on: it runs from the accept
    /// until the first byte and head arrive, and from the first byte of each later head
    /// until its blank line (the idle timeout covers a quiet connection between requests).
    func updateHeadDeadline() {
        guard headDeadlineSeconds > 0, !isClosed else { return }
        if awaitingFirstByte && receivedBytes > 0 { awaitingFirstByte = false }
        let due = !closesAfterFlush && !hasActiveRequest && (awaitingFirstByte || parser.isReadingHead)
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

    /// The head deadline passed: the unfinished head is refused with a 408.
    func headDeadlinePassed() {
        headTimerArmed = false
        guard !isClosed, let rejection = parser.expireHead() else { return }
        loop.refuse(rejection, on: self)
        serve()
    }
}
