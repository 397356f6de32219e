import CLibevent
import Glibc
import Synchronization
import TesseraSupport

/// One event loop: a thread that owns an event_base, its own SO_REUSEPORT listening socket
/// (an evconnlistener) and the connections accepted there. Only the mailbox is touched
/// from other threads; everything else is confined to the loop thread (a connection is
/// replied to on its own loop).
///
/// The event_base has no lock (EVENT_BASE_FLAG_NOLOCK): no other thread calls libevent on
/// it. They hand the loop jobs through the mailbox and wake it with an eventfd the loop
/// watches. A locked base took and released its mutex ~11 times per request (every
/// event_add and event_del; docs/performance.md#lock-free-bases).
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
    let mailbox = Mutex(Mailbox())
    private var wakeEvent: OpaquePointer?
    /// Written by `post`, read by the loop (an eventfd: a counter, never full).
    private let wakeDescriptor: Int32
    /// The listener on the loop's socket while the loop accepts (nil once draining).
    private(set) var listener: OpaquePointer?
    /// Ends a pause in accepting after accept(2) failed.
    private(set) var acceptRetryTimer: OpaquePointer?
    /// Stops the loop when a graceful shutdown outlives its grace period.
    private var graceTimer: OpaquePointer?

    // Loop-thread state. Only this loop's thread touches it, one access at a time, so the
    // variables read or changed on every request skip Swift's run-time exclusivity checks
    // (`@exclusivity(unchecked)`; docs/performance.md#unchecked-exclusivity).
    /// Connections accepted and serving.
    @exclusivity(unchecked) var connections: [ObjectIdentifier: Connection] = [:]
    /// Requests dispatched whose reply is not yet fully written; shutdown waits for zero.
    @exclusivity(unchecked) var activeRequests = 0
    private(set) var isDraining = false
    private(set) var isTearingDown = false
    /// Connections closing after a refusal, still reading; see `Connection+Lingering.swift`.
    var lingering: [ObjectIdentifier: Connection] = [:]
    /// Jobs run every so often (`HTTPServer.runPeriodically`), with their timers.
    var periodicJobs: [PeriodicJob] = []
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
    /// The head of the reply being written (see `ReplyHead`), its buffer reused.
    @exclusivity(unchecked) var replyHead = ReplyHead()
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
            // No EPOLL_USE_CHANGELIST: a request that is answered on the loop makes no epoll
            // change at all (its connection keeps reading and writes at once; see
            // `Connection`), so there is nothing to batch.
        }
        let made = options.flatMap(event_base_new_with_config)
        if let options { event_config_free(options) }
        guard let base = made else {
            close(wakeDescriptor)
            close(listeningSocket)
            throw .libevent("event_base_new_with_config")
        }
        self.wakeDescriptor = wakeDescriptor
        self.index = index
        self.context = context
        self.base = base
        let me = Unmanaged.passUnretained(self).toOpaque()
        wakeEvent = event_new(base, wakeDescriptor, Int16(EV_READ | EV_PERSIST), Callbacks.wake, me)
        if let wakeEvent { event_add(wakeEvent, nil) }
        acceptRetryTimer = event_new(base, -1, 0, Callbacks.acceptRetry, me)
        graceTimer = event_new(base, -1, 0, Callbacks.graceExpired, me)
        if context.observer != nil { lagEvent = event_new(base, -1, 0, Callbacks.lagProbe, me) }
        idleSweepEvent = event_new(base, -1, Int16(EV_PERSIST), Callbacks.idleSweep, me)
        // The socket already listens (backlog 0: evconnlistener does not call listen again);
        // accepted sockets come non-blocking and close-on-exec.
        listener = evconnlistener_new(
            base, Callbacks.accept, me,
            UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC), 0, listeningSocket)
        guard wakeEvent != nil, acceptRetryTimer != nil, graceTimer != nil, idleSweepEvent != nil, let listener else {
            if listener == nil { close(listeningSocket) }
            teardown()
            throw .libevent("evconnlistener_new")
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
        // Every later reply says `Connection: close` and closes its connection.
        for connection in connections.values { connection.drainStarted() }
        if let lagEvent { event_del(lagEvent) } // no lag probes while draining
        if let listener {
            evconnlistener_free(listener) // also closes the socket
            self.listener = nil
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
        if let listener { evconnlistener_free(listener) }
        listener = nil
        for connection in Array(connections.values) + Array(lingering.values) { connection.close() }
        for event in signalEvents { event_free(event) }
        for periodic in periodicJobs { if let event = periodic.event { event_free(event) } }
        periodicJobs.removeAll()
        for event in [wakeEvent, acceptRetryTimer, graceTimer, lagEvent, idleSweepEvent] {
            if let event { event_free(event) }
        }
        event_base_free(base)
        close(wakeDescriptor) // `closed` is set: no post writes it any more
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
