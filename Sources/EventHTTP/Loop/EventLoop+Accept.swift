import TesseraSupport
import CLibevent
import Glibc

/// Accepting connections: every accepted connection gets its `Connection` at once (so the
/// per-loop cap and the head deadline see silent ones too), the loop stops accepting at
/// its cap and for a moment after accept(2) runs out of descriptors, and says so in a
/// rate-limited warning rather than once per failed accept.
extension EventLoop {
    /// evconnlistener's callback: a connection was accepted (non-blocking, close-on-exec).
    func accepted(_ descriptor: Int32) {
        guard !isDraining else {
            close(descriptor)
            return
        }
        // Replies go out whole in one write; Nagle's algorithm would only hold back the
        // last piece of a large one for the client's delayed ACK.
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let account = BodyAccount(
            budget: context.bodyBudget, shares: context.clientShares,
            peer: ClientAddress(peerOf: descriptor), trustedProxies: context.trustedProxies)
        guard
            let connection = Connection(
                loop: self, descriptor: descriptor, limits: context.streamLimits,
                bodyAccount: account)
        else {
            close(descriptor)
            return
        }
        connections[ObjectIdentifier(connection)] = connection
        peakConnections = max(peakConnections, connections.count)
        connection.start()
        // At the cap, this is the last accept until a connection closes.
        updateAccepting()
    }

    /// A connection closed (`Connection.close`): `unfinished` of its requests will never
    /// have their replies written.
    func connectionClosed(_ connection: Connection, unfinishedRequests unfinished: Int) {
        let key = ObjectIdentifier(connection)
        if connections.removeValue(forKey: key) == nil { lingering.removeValue(forKey: key) }
        if unfinished > 0 { requestsCompleted(unfinished) }
        // A descriptor was freed: a pause for want of descriptors may end now.
        if acceptRetryTimerArmed { endAcceptPause() }
        updateAccepting()
    }

    /// A connection finished serving and lingers (`Connection+Lingering.swift`): it no longer counts
    /// against the cap nor meets the idle sweep.
    func connectionLingers(_ connection: Connection) {
        let key = ObjectIdentifier(connection)
        connections.removeValue(forKey: key)
        lingering[key] = connection
        updateAccepting()
    }

    /// Replies written (or abandoned with their connection): shutdown waits for these.
    func requestsCompleted(_ count: Int) {
        activeRequests -= count
        exitIfDrained()
    }

    // MARK: Accepting

    /// Enables or disables the listener: it accepts unless the loop drains, pauses after an
    /// accept failure, or holds its cap of connections.
    func updateAccepting() {
        guard let listener else { return }
        let wanted = !isDraining && !acceptRetryTimerArmed && connections.count < context.connectionCap
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
