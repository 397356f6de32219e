import CLibevent
import Glibc
import Synchronization

/// One event loop: a thread that owns an event_base, an evhttp and its own SO_REUSEPORT
/// listening socket. Only the mailbox is touched from other threads; everything else is
/// confined to the loop thread (a replying evhttp request belongs to its loop).
final class EventLoop: @unchecked Sendable {
    /// Cross-thread inbox: jobs to run on the loop thread (offloaded replies, shutdown).
    /// Unchecked because of the signal events' pointers: they are only created and freed
    /// under the mutex that guards this value.
    struct Mailbox: @unchecked Sendable {
        var jobs: [@Sendable () -> Void] = []
        var closed = false
        var signalEvents: [OpaquePointer] = []
        var onSignal: (@Sendable (Int32) -> Void)?
    }

    let index: Int
    let context: ServerContext
    let base: OpaquePointer
    let http: OpaquePointer
    let mailbox = Mutex(Mailbox())
    private var wakeEvent: OpaquePointer?
    /// The listening socket while the loop accepts (nil once draining).
    private(set) var boundSocket: OpaquePointer?
    /// Runs `adoptPending` right after an accept (see `makeBufferevent`).
    private(set) var adoptEvent: OpaquePointer?
    /// Ends a pause in accepting after accept(2) failed.
    private(set) var acceptRetryTimer: OpaquePointer?
    /// Stops the loop when a graceful shutdown outlives its grace period.
    private var graceTimer: OpaquePointer?

    // Loop-thread state. Only this loop's thread touches it, one access at a time, so the
    // variables read or changed on every request skip Swift's run-time exclusivity checks
    // (`@exclusivity(unchecked)`, ~115 instructions an access; BENCHMARKS.md "Fifth pass").
    /// Connections that have sent bytes, by evhttp_connection; see `adopt`.
    @exclusivity(unchecked) var connections: [OpaquePointer: ConnectionState] = [:]
    /// Requests dispatched whose reply is not yet fully written; shutdown waits for zero.
    @exclusivity(unchecked) var activeRequests = 0
    private(set) var isDraining = false
    private(set) var isTearingDown = false
    /// Sockets of refused requests still being drained; see `LingeringClose`.
    var lingering: [ObjectIdentifier: LingeringClose] = [:]
    /// Jobs run every so often (`HTTPServer.runPeriodically`), with their timers.
    var periodicJobs: [PeriodicJob] = []
    /// Bufferevents of connections accepted but not yet adopted, each with a reference.
    var pendingAdoptions: [OpaquePointer] = []
    /// The most connections this loop has held at once (tests and statistics).
    var peakConnections = 0
    /// Whether the listener is enabled (it starts enabled).
    var isAccepting = true
    var acceptRetryTimerArmed = false
    /// accept(2) failures other than "try again" (tests and statistics).
    var acceptFailures = 0
    var acceptWarning = RateLimitedWarning(intervalSeconds: 10)
    /// Set when the grace period ran out with requests still in flight.
    private(set) var abandonedRequests = 0
    /// New request ids for this loop's requests.
    @exclusivity(unchecked) var requestIDs = RequestIDGenerator()
    /// The routing of recent paths (the dispatch fast path; see `TargetMemo`).
    @exclusivity(unchecked) var targetMemo = TargetMemo()
    /// The replies' Date field, formatted once a second (see `HTTPDate`).
    @exclusivity(unchecked) var httpDate = HTTPDate()
    /// The lag probe (only with an observer): a timer and when it is next due.
    var lagEvent: OpaquePointer?
    var lagDue: UInt64 = 0

    /// Creates the loop's libevent objects on the caller's thread; nothing runs until `run()`.
    /// On failure everything is released, including `listeningSocket`.
    init(index: Int, context: ServerContext, listeningSocket: Int32) throws(HTTPServerError) {
        guard let base = event_base_new() else {
            close(listeningSocket)
            throw .libevent("event_base_new")
        }
        guard let http = evhttp_new(base) else {
            event_base_free(base)
            close(listeningSocket)
            throw .libevent("evhttp_new")
        }
        self.index = index
        self.context = context
        self.base = base
        self.http = http
        let me = Unmanaged.passUnretained(self).toOpaque()
        let configuration = context.configuration
        evhttp_set_gencb(http, Callbacks.request, me)
        evhttp_set_bevcb(http, Callbacks.makeBufferevent, me)
        evhttp_set_allowed_methods(http, HTTPMethod.allEvhttpMethods)
        evhttp_set_default_content_type(http, HTTPResponse.jsonContentType)
        evhttp_set_max_headers_size(http, context.evhttpHeaderLimit)
        evhttp_set_max_body_size(http, configuration.maxBodySize)
        evhttp_set_timeout(http, Int32(clamping: configuration.idleTimeoutSeconds))
        wakeEvent = event_new(base, -1, 0, Callbacks.wake, me)
        adoptEvent = event_new(base, -1, 0, Callbacks.adopt, me)
        acceptRetryTimer = event_new(base, -1, 0, Callbacks.acceptRetry, me)
        graceTimer = event_new(base, -1, 0, Callbacks.graceExpired, me)
        if context.observer != nil { lagEvent = event_new(base, -1, 0, Callbacks.lagProbe, me) }
        boundSocket = evhttp_accept_socket_with_handle(http, listeningSocket)
        guard wakeEvent != nil, adoptEvent != nil, acceptRetryTimer != nil, graceTimer != nil,
              let boundSocket, let listener = evhttp_bound_socket_get_listener(boundSocket) else {
            if boundSocket == nil { close(listeningSocket) }
            teardown()
            throw .libevent("evhttp_accept_socket")
        }
        evconnlistener_set_error_cb(listener, Callbacks.acceptError)
    }

    /// The loop thread's body: runs until drained, then frees every libevent object here,
    /// on the thread that owned them.
    func run() {
        EventLoop.current = self
        armLagProbe()
        event_base_loop(base, EVLOOP_NO_EXIT_ON_EMPTY)
        teardown()
        EventLoop.current = nil
    }

    /// Queues `job` for the loop thread. Returns false once the loop has shut down.
    @discardableResult
    func post(_ job: @escaping @Sendable () -> Void) -> Bool {
        mailbox.withLock { mailbox in
            guard !mailbox.closed else { return false }
            mailbox.jobs.append(job)
            // Inside the lock, so teardown cannot free the event between the check and here.
            event_active(wakeEvent, EV_READ, 0)
            return true
        }
    }

    func runMailbox() {
        let jobs = mailbox.withLock { mailbox in
            defer { mailbox.jobs.removeAll(keepingCapacity: true) }
            return mailbox.jobs
        }
        for job in jobs { job() }
    }

    /// Graceful shutdown, from any thread: stop accepting, let in-flight requests finish
    /// (their replies say `Connection: close`), then leave the loop. On the loop's own
    /// thread (a handler calling `beginShutdown`) it starts at once, so that handler's own
    /// reply already closes its connection.
    func beginDrain() {
        if EventLoop.current === self {
            drain()
        } else {
            post { [self] in drain() }
        }
    }

    private func drain() {
        guard !isDraining else { return }
        isDraining = true
        if let lagEvent { event_del(lagEvent) }  // no lag probes while draining
        if let boundSocket {
            evhttp_del_accept_socket(http, boundSocket)  // also closes the socket
            self.boundSocket = nil
        }
        let grace = context.configuration.shutdownGraceSeconds
        if grace > 0 && activeRequests > 0 {
            let whole = grace.rounded(.down)
            var timeout = timeval(tv_sec: Int(whole), tv_usec: Int((grace - whole) * 1_000_000))
            event_add(graceTimer, &timeout)
        }
        exitIfDrained()
    }

    func exitIfDrained() {
        if isDraining && activeRequests == 0 { event_base_loopbreak(base) }
    }

    /// The grace period is over: stop with the requests still in flight. Teardown closes
    /// their connections; a worker still computing one finds the mailbox closed.
    func graceExpired() {
        abandonedRequests = activeRequests
        context.configuration.warn(
            "event loop \(index): shutdown grace period over; closing \(activeRequests) request(s) still in flight")
        event_base_loopbreak(base)
    }

    /// SIGINT/SIGTERM through libevent's own signal handling on this base (only one base
    /// may handle signals). event_add is thread-safe once evthread_use_pthreads has run.
    enum SignalInstallation { case installed, loopClosed, failed }

    func installSignals(_ signals: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) -> SignalInstallation {
        let me = Unmanaged.passUnretained(self).toOpaque()
        return mailbox.withLock { mailbox in
            guard !mailbox.closed else { return .loopClosed }
            mailbox.onSignal = onSignal
            for number in signals {
                guard let event = event_new(base, number, Int16(EV_SIGNAL | EV_PERSIST), Callbacks.signal, me) else {
                    return .failed
                }
                mailbox.signalEvents.append(event)
                event_add(event, nil)
            }
            return .installed
        }
    }

    func handleSignal(_ number: Int32) {
        mailbox.withLock { $0.onSignal }?(number)
    }

    /// Frees a loop whose thread never started, on the thread that created it.
    func discard() {
        teardown()
    }

    private func teardown() {
        let signalEvents = mailbox.withLock { mailbox in
            mailbox.closed = true
            mailbox.jobs.removeAll()
            return mailbox.signalEvents
        }
        isTearingDown = true
        // Closes the listener (if still open) and every remaining connection; their close
        // callbacks release the per-connection state.
        evhttp_free(http)
        for bufferevent in pendingAdoptions { bufferevent_decref(bufferevent) }
        pendingAdoptions.removeAll()
        for closer in Array(lingering.values) { endLingering(closer) }
        for event in signalEvents { event_free(event) }
        for periodic in periodicJobs { if let event = periodic.event { event_free(event) } }
        periodicJobs.removeAll()
        for event in [wakeEvent, adoptEvent, acceptRetryTimer, graceTimer, lagEvent] { if let event { event_free(event) } }
        event_base_free(base)
    }
}

extension EventLoop {
    /// The loop running on this thread. Used only where libevent gives a callback no
    /// argument of ours (a new connection's first bytes); thread-specific, not global state.
    static var current: EventLoop? {
        get {
            pthread_getspecific(currentKey).map { Unmanaged<EventLoop>.fromOpaque($0).takeUnretainedValue() }
        }
        set {
            pthread_setspecific(currentKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
