import CLibevent
import Glibc
import Synchronization

/// One event loop: a thread that owns an event_base, an evhttp and its own SO_REUSEPORT
/// listening socket. Only the mailbox is touched from other threads; everything else is
/// confined to the loop thread (a replying evhttp request belongs to its loop).
///
/// The event_base has no lock (EVENT_BASE_FLAG_NOLOCK): no other thread calls libevent on
/// it. They hand the loop jobs through the mailbox and wake it with an eventfd the loop
/// watches. A locked base took and released its mutex ~11 times per request (every
/// event_add and event_del), ~800 instructions of a cached rect query (callgrind,
/// BENCHMARKS.md "Fifth pass").
final class EventLoop: @unchecked Sendable {
    /// Cross-thread inbox: jobs to run on the loop thread (offloaded replies, shutdown).
    /// Unchecked because of the signal events' pointers: they are only created and freed
    /// under the mutex that guards this value.
    struct Mailbox: @unchecked Sendable {
        var jobs: [@Sendable () -> Void] = []
        /// The eventfd has been written since the loop last emptied the mailbox: later
        /// posts need not write it again.
        var wakeWritten = false
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
    /// Written by `post`, read by the loop (an eventfd: a counter, never full).
    private let wakeDescriptor: Int32
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
    /// The epoll instance behind `base`, looked up the first time a close lingers.
    lazy var epollInstance: Int32? = EpollRegistration.instance(watching: wakeDescriptor)
    /// The reply being sent's header lines (see `ReplyHeaderLines`), its buffer reused.
    @exclusivity(unchecked) var replyHeaderLines = ReplyHeaderLines()
    /// The lag probe (only with an observer): a timer and when it is next due.
    var lagEvent: OpaquePointer?
    /// Closes idle connections once a second (see `EventLoop+IdleSweep`).
    var idleSweepEvent: OpaquePointer?
    var lagDue: UInt64 = 0

    /// Creates the loop's libevent objects on the caller's thread; nothing runs until `run()`.
    /// On failure everything is released, including `listeningSocket`.
    init(index: Int, context: ServerContext, listeningSocket: Int32) throws(HTTPServerError) {
        let wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeDescriptor >= 0 else {
            close(listeningSocket)
            throw .libevent("eventfd")
        }
        let options = event_config_new()
        if let options {
            event_config_set_flag(options, Int32(EVENT_BASE_FLAG_NOLOCK.rawValue))
            // Epoll changes batched per loop pass: a request's "stop reading, start writing"
            // and "stop writing, read again" become one EPOLL_CTL_MOD each instead of a
            // DEL and an ADD, two system calls a request fewer (strace: 4 → 2 epoll_ctl per
            // cached query). Safe only without duplicated descriptors; the one the server
            // makes (lingering close) is handled in `EpollRegistration`.
            event_config_set_flag(options, Int32(EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST.rawValue))
        }
        let made = options.flatMap(event_base_new_with_config)
        if let options { event_config_free(options) }
        guard let base = made else {
            close(wakeDescriptor)
            close(listeningSocket)
            throw .libevent("event_base_new_with_config")
        }
        guard let http = evhttp_new(base) else {
            event_base_free(base)
            close(wakeDescriptor)
            close(listeningSocket)
            throw .libevent("evhttp_new")
        }
        self.wakeDescriptor = wakeDescriptor
        self.index = index
        self.context = context
        self.base = base
        self.http = http
        let me = Unmanaged.passUnretained(self).toOpaque()
        let configuration = context.configuration
        evhttp_set_gencb(http, Callbacks.request, me)
        evhttp_set_bevcb(http, Callbacks.makeBufferevent, me)
        evhttp_set_allowed_methods(http, HTTPMethod.allEvhttpMethods)
        // No default type: every reply the server writes names its own (EventLoop+ReplyHeaders),
        // and with a default set evhttp would look for Content-Type in the list on every
        // reply, so it would have to key an entry of its own (see `ReplyHeaderLines`).
        // evhttp's own error pages (evhttp_send_error) set text/html themselves.
        evhttp_set_default_content_type(http, nil)
        evhttp_set_max_headers_size(http, context.evhttpHeaderLimit)
        evhttp_set_max_body_size(http, configuration.maxBodySize)
        // No evhttp_set_timeout: the idle sweep keeps the idle timeout (EventLoop+IdleSweep).
        wakeEvent = event_new(base, wakeDescriptor, Int16(EV_READ | EV_PERSIST), Callbacks.wake, me)
        if let wakeEvent { event_add(wakeEvent, nil) }
        adoptEvent = event_new(base, -1, 0, Callbacks.adopt, me)
        acceptRetryTimer = event_new(base, -1, 0, Callbacks.acceptRetry, me)
        graceTimer = event_new(base, -1, 0, Callbacks.graceExpired, me)
        if context.observer != nil { lagEvent = event_new(base, -1, 0, Callbacks.lagProbe, me) }
        idleSweepEvent = event_new(base, -1, Int16(EV_PERSIST), Callbacks.idleSweep, me)
        boundSocket = evhttp_accept_socket_with_handle(http, listeningSocket)
        guard wakeEvent != nil, adoptEvent != nil, acceptRetryTimer != nil, graceTimer != nil, idleSweepEvent != nil,
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
        armIdleSweep()
        event_base_loop(base, EVLOOP_NO_EXIT_ON_EMPTY)
        teardown()
        EventLoop.current = nil
    }

    /// Queues `job` for the loop thread, from any thread. Returns false once the loop has
    /// shut down.
    @discardableResult
    func post(_ job: @escaping @Sendable () -> Void) -> Bool {
        mailbox.withLock { mailbox in
            guard !mailbox.closed else { return false }
            mailbox.jobs.append(job)
            if !mailbox.wakeWritten {
                // Inside the lock, so teardown cannot close the descriptor before this write.
                mailbox.wakeWritten = true
                _ = eventfd_write(wakeDescriptor, 1)
            }
            return true
        }
    }

    /// The wake-up descriptor is readable: runs the jobs posted so far. The counter is
    /// reset before the jobs are taken, so a post after that writes it again and is not
    /// missed.
    func runMailbox() {
        var count: eventfd_t = 0
        _ = eventfd_read(wakeDescriptor, &count)
        let jobs = mailbox.withLock { mailbox in
            defer { mailbox.jobs.removeAll(keepingCapacity: true) }
            mailbox.wakeWritten = false
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
    /// may handle signals). Installed by the loop thread, as every change to the base is
    /// (it has no lock): from another thread this posts the installation and waits for it.
    enum SignalInstallation: Sendable { case installed, loopClosed, failed }

    func installSignals(_ signals: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) -> SignalInstallation {
        if EventLoop.current === self { return installSignalsHere(signals, onSignal: onSignal) }
        let outcome = ThreadCondition<SignalInstallation?>(nil)
        let posted = post { [self] in
            let installed = installSignalsHere(signals, onSignal: onSignal)
            outcome.withLock { $0 = installed }
        }
        guard posted else { return .loopClosed }
        return outcome.wait { $0 }
    }

    private func installSignalsHere(_ signals: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) -> SignalInstallation {
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
        for event in [wakeEvent, adoptEvent, acceptRetryTimer, graceTimer, lagEvent, idleSweepEvent] {
            if let event { event_free(event) }
        }
        event_base_free(base)
        close(wakeDescriptor)  // `closed` is set: no post writes it any more
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
