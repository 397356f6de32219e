/// Where one connection is in its life, and what it has counted: a value with no libevent
/// call and no clock of its own (time is passed in), so every rule of a connection's life
/// can be tested without a socket (`ConnectionStateTests`).
///
/// `Connection` owns the resources (the socket, its events, its buffers, the parser) and one
/// `state`. It tells the state what happened (an event: bytes read, a request parsed, a
/// reply queued, the output flushed, a deadline passed, …) and carries out the actions the
/// event returns (start or stop reading, arm or disarm the write event and the head
/// deadline, linger, close). Only the state decides; only the connection acts.
///
/// A connection's life (docs/http1.md): it reads requests and answers them in order, one at
/// a time (`Phase.reading` → `.answering`, or `.withWorker` while a worker computes the
/// reply, → `.reading` once the reply is queued); a reply that closes (the request asked,
/// it was refused, or the server drains) leaves it `.closingAfterFlush`, reading nothing
/// more; once that reply is written it closes, or lingers after a refusal (`.lingering`:
/// its write side shut, reading and discarding until the client closes, the time is up or
/// the byte allowance spent); then `.closed`.
struct ConnectionState {
    enum Phase: UInt8 {
        /// Reading (or waiting for) the next request; nothing is being answered.
        case reading
        /// A request has been dispatched on the loop and its reply is not queued yet.
        case answering
        /// A request is with a worker: nothing is read meanwhile, and the idle sweep leaves
        /// the connection alone (its handler is running).
        case withWorker
        /// A reply that closes is queued: nothing more is read or dispatched.
        case closingAfterFlush
        /// Replies written after a refusal: discarding what the client still sends, within
        /// `linger`'s bounds.
        case lingering
        case closed
    }

    /// A lingering close's bounds: until `deadline` (monotonic nanoseconds) in all, and at
    /// most `allowance` more bytes read and discarded.
    struct Linger: Equatable {
        var deadline: UInt64
        var allowance: Int
    }

    /// What the connection must do after an event, in the order listed.
    struct Actions: OptionSet, Equatable {
        let rawValue: UInt16
        static let startReading = Actions(rawValue: 1 << 0)
        static let stopReading = Actions(rawValue: 1 << 1)
        static let armWrite = Actions(rawValue: 1 << 2)
        static let disarmWrite = Actions(rawValue: 1 << 3)
        static let armHeadDeadline = Actions(rawValue: 1 << 4)
        static let disarmHeadDeadline = Actions(rawValue: 1 << 5)
        /// Parse and dispatch the next request the input holds, if any.
        static let dispatchNext = Actions(rawValue: 1 << 6)
        /// Shut the write side down and read until the client closes (`Linger`).
        static let linger = Actions(rawValue: 1 << 7)
        /// Close the socket now.
        static let close = Actions(rawValue: 1 << 8)
    }

    /// Policies fixed for the connection's life (from the server's configuration).
    struct Policy: Equatable {
        /// Seconds a head may take; 0 for no head deadline.
        var headDeadlineSeconds = 0
        /// Output past this many unsent bytes stops the reading of pipelined requests.
        var outputHighWater = 64 << 10
        /// Seconds, in all, a refused connection lingers; 0 closes at once.
        var lingerSeconds = 0
        /// Bytes, at most, a lingering connection reads and discards.
        var lingerMaxBytes = 0
    }

    let policy: Policy
    // A phase without payloads compares in one instruction; it is read on every request.
    private(set) var phase: Phase = .reading
    /// The bounds of a lingering close, set when it begins.
    private(set) var linger = Linger(deadline: 0, allowance: 0)

    // MARK: What the connection's resources are doing (mirrored, so an action is only asked
    // for when it changes something: each is an epoll change or a timer operation).

    /// The read event is registered.
    private(set) var isReading = false
    /// The write event is registered (the socket took less than the output).
    private(set) var isWriteArmed = false
    /// The head deadline's timer is running.
    private(set) var isHeadDeadlineArmed = false

    // MARK: Counters and facts

    /// Replies queued in the output whose bytes have not all been written.
    private(set) var unflushedReplies = 0
    /// Requests whose replies have been written (their bodies leave the body budget).
    private(set) var answeredRequests = 0
    /// Bytes received since the connection opened (the idle sweep and the body rate).
    private(set) var receivedBytes = 0
    /// The client has closed its side (a read returned 0).
    private(set) var peerClosed = false
    /// A request was refused: the close lingers.
    private(set) var wasRefused = false
    /// The server drains: every later reply closes its connection.
    private(set) var isDraining = false
    /// Until the first byte arrives, the first head's deadline runs from the accept.
    private var awaitingFirstByte = true
    /// What the idle sweep saw last, and since when nothing has moved.
    private var sweptProgress = SweepProgress(received: 0, unsent: 0)
    private(set) var quietSince: UInt64
    /// The body the sweep watches for its minimum rate.
    private(set) var bodyWatch: BodyWatch?

    init(policy: Policy, now: UInt64) {
        self.policy = policy
        quietSince = now
    }

    // MARK: Derived

    var isClosed: Bool { phase == .closed }
    var isLingering: Bool { phase == .lingering }
    /// A request has been dispatched and its reply is not queued yet.
    var hasActiveRequest: Bool { phase == .answering || phase == .withWorker }
    var isWithWorker: Bool { phase == .withWorker }
    var closesAfterFlush: Bool { phase == .closingAfterFlush }
    /// The next request may be parsed and dispatched (the output's room aside).
    var mayDispatch: Bool { phase == .reading }

    /// Whether the server wants the client's bytes now, given the unsent output.
    func wantsToRead(unsentBytes: Int) -> Bool {
        phase == .reading && !peerClosed && unsentBytes < policy.outputHighWater
    }

    // MARK: Events

    /// Accepted: read, and the first head's deadline runs from now.
    mutating func started() -> Actions {
        setReading(true).union(updateHeadDeadline(readingHead: false))
    }

    mutating func bytesRead(_ count: Int) {
        receivedBytes &+= count
    }

    /// A read returned 0: the client sends no more (it may still read its replies).
    mutating func peerDidClose() {
        peerClosed = true
    }

    /// A whole request was parsed and is dispatched on the loop.
    mutating func requestParsed() {
        // The dispatch loop runs only while `mayDispatch`: a second request here is a bug,
        // caught in debug builds; a release build goes on answering rather than crash.
        assert(phase == .reading, "a request dispatched while another is answered")
        phase = .answering
    }

    /// A request was refused (by the parser, a deadline or the body rate): its error reply
    /// follows at once, and the connection lingers after it.
    mutating func requestRefused() {
        wasRefused = true
        if phase == .reading { phase = .answering }
    }

    /// The dispatched request went to a worker.
    mutating func sentToWorker() {
        if phase == .answering { phase = .withWorker }
    }

    /// The worker's reply is back on the loop.
    mutating func workerReturned() {
        if phase == .withWorker { phase = .answering }
    }

    /// A reply was queued in the output; `closes`: the connection closes after it.
    mutating func replyQueued(closes: Bool) {
        unflushedReplies += 1
        switch phase {
        case .answering, .reading, .withWorker:
            phase = closes || isDraining ? .closingAfterFlush : .reading
        case .closingAfterFlush, .lingering, .closed:
            break
        }
    }

    /// The server began its graceful shutdown.
    mutating func drainStarted() {
        isDraining = true
    }

    /// The socket took less than the output: wait for room.
    mutating func outputBlocked() -> Actions {
        guard !isWriteArmed, phase != .closed else { return [] }
        isWriteArmed = true
        return .armWrite
    }

    /// Every queued byte has been written. Returns how many replies that completed and what
    /// follows: close or linger after a closing reply, else the next dispatch (when the
    /// connection may dispatch).
    mutating func outputFlushed() -> (completed: Int, actions: Actions) {
        var actions: Actions = []
        if isWriteArmed {
            isWriteArmed = false
            actions.insert(.disarmWrite)
        }
        let completed = unflushedReplies
        answeredRequests += completed
        unflushedReplies = 0
        switch phase {
        case .closingAfterFlush:
            actions.insert(wasRefused && policy.lingerSeconds > 0 ? .linger : .close)
        case .reading:
            actions.insert(.dispatchNext)
        case .answering, .withWorker, .lingering, .closed:
            break
        }
        return (completed, actions)
    }

    /// The end of an event's work: close a connection whose client has gone once nothing is
    /// left to answer; otherwise read or not, and arm or disarm the head deadline.
    /// - Parameter readingHead: the parser holds part of a head.
    mutating func turnEnded(unsentBytes: Int, readingHead: Bool) -> Actions {
        switch phase {
        case .lingering, .closed: return []
        default: break
        }
        if peerClosed && !hasActiveRequest && unflushedReplies == 0 {
            // Whatever the input still holds is an unfinished request nobody will complete.
            return .close
        }
        return setReading(wantsToRead(unsentBytes: unsentBytes))
            .union(updateHeadDeadline(readingHead: readingHead))
    }

    /// The head deadline's timer fired. Returns whether the head under way is refused (the
    /// connection is still open).
    mutating func headDeadlinePassed() -> Bool {
        isHeadDeadlineArmed = false
        return phase != .closed && !isLingering
    }

    /// The closing reply is written after a refusal (the `.linger` action): linger from
    /// `now`. Returns whether the head deadline's timer must be disarmed. The read event
    /// stays registered, its timeout the time left (`lingerTimeLeft`).
    mutating func beginLingering(now: UInt64) -> Actions {
        let deadline = now &+ UInt64(policy.lingerSeconds) * 1_000_000_000
        phase = .lingering
        linger = Linger(deadline: deadline, allowance: policy.lingerMaxBytes)
        isReading = true
        guard isHeadDeadlineArmed else { return [] }
        isHeadDeadlineArmed = false
        return .disarmHeadDeadline
    }

    /// Bytes a lingering connection may still read and discard (0 when not lingering).
    var lingerAllowance: Int { phase == .lingering ? linger.allowance : 0 }

    /// Nanoseconds a lingering connection has left at `now`; nil when its time is up (or it
    /// does not linger).
    func lingerTimeLeft(now: UInt64) -> UInt64? {
        guard phase == .lingering, now < linger.deadline else { return nil }
        return linger.deadline - now
    }

    /// A lingering read discarded `count` bytes.
    mutating func discarded(_ count: Int) {
        guard phase == .lingering else { return }
        linger.allowance = max(0, linger.allowance - count)
    }

    /// The socket closes. Returns the requests that will never have their replies written
    /// (queued but unflushed, and one dispatched but unanswered); nil when it was closed
    /// already.
    mutating func closed() -> Int? {
        guard phase != .closed else { return nil }
        let unfinished = unflushedReplies + (hasActiveRequest ? 1 : 0)
        phase = .closed
        unflushedReplies = 0
        isReading = false
        isWriteArmed = false
        isHeadDeadlineArmed = false
        return unfinished
    }

    // MARK: The once-a-second sweep

    /// Whether nothing has moved for `limit` nanoseconds at `now`, so the connection may be
    /// closed. Movement: bytes received, or bytes of a reply taken by the client (the unsent
    /// count changed). A request with a worker is never idle: its handler is running. (One
    /// answered on the loop cannot meet a sweep, which runs on the same thread.)
    mutating func isIdle(now: UInt64, unsentBytes: Int, limit: UInt64) -> Bool {
        if phase == .withWorker { return false }
        let progress = SweepProgress(received: receivedBytes, unsent: unsentBytes)
        if progress != sweptProgress {
            sweptProgress = progress
            quietSince = now
            return false
        }
        if hasActiveRequest && unsentBytes == 0 { return false }
        return now &- quietSince >= limit
    }

    /// Whether the body under way has fallen behind `bytesPerSecond` at `now`, counted from
    /// `graceSeconds` after the sweep first saw it (as Apache's mod_reqtimeout MinRate). The
    /// clock stops while the connection does not read (an earlier request is being answered,
    /// or the output is full): the client cannot send then.
    /// - Parameter readingBody: the parser is inside the body of the request that starts at
    ///   `requestStart` in the connection's stream.
    mutating func bodyIsTooSlow(
        now: UInt64, readingBody: Bool, requestStart: Int, unsentBytes: Int, bytesPerSecond: Int, graceSeconds: Int
    ) -> Bool {
        guard readingBody, wantsToRead(unsentBytes: unsentBytes) else {
            bodyWatch = nil
            return false
        }
        guard let watch = bodyWatch, watch.request == requestStart else {
            bodyWatch = BodyWatch(request: requestStart, since: now, position: receivedBytes)
            return false
        }
        let grace = UInt64(max(0, graceSeconds)) * 1_000_000_000
        let elapsed = now &- watch.since
        guard elapsed > grace else { return false }
        let owed = Double(bytesPerSecond) * Double(elapsed - grace) / 1e9
        return Double(receivedBytes - watch.position) < owed
    }

    // MARK: Resource mirrors

    private mutating func setReading(_ wanted: Bool) -> Actions {
        guard wanted != isReading, phase != .closed else { return [] }
        isReading = wanted
        return wanted ? .startReading : .stopReading
    }

    /// The head deadline runs from the accept until the first byte and head arrive, and from
    /// the first byte of each later head until its blank line (the idle timeout covers a
    /// quiet connection between requests).
    private mutating func updateHeadDeadline(readingHead: Bool) -> Actions {
        guard policy.headDeadlineSeconds > 0, phase != .closed else { return [] }
        if awaitingFirstByte && receivedBytes > 0 { awaitingFirstByte = false }
        let due = phase == .reading && (awaitingFirstByte || readingHead)
        // The usual case, a whole request in one read: nothing to arm or disarm.
        guard due != isHeadDeadlineArmed else { return [] }
        isHeadDeadlineArmed = due
        return due ? .armHeadDeadline : .disarmHeadDeadline
    }
}

/// What the idle sweep compares from one pass to the next.
struct SweepProgress: Equatable {
    var received: Int
    var unsent: Int
}

/// The body the sweep watches for its minimum rate.
struct BodyWatch: Equatable {
    /// Where the watched request starts in the connection's stream.
    var request: Int
    var since: UInt64
    /// Bytes of the stream received when the watch began.
    var position: Int
}
