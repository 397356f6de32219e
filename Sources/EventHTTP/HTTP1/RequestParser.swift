import Glibc
import TesseraSupport

/// The server's one HTTP/1.1 request parser (RFC 9112): one per connection, bytes in,
/// requests out. It frames the stream (request line, field lines, a body of Content-Length
/// bytes or chunks, trailers), keeps what a handler needs (method, target, fields, decoded
/// body, keep-alive) and refuses, with a reason the server answers as JSON, every request
/// that is malformed, ambiguous in its framing or over a limit. Pure: no I/O, no libevent;
/// `Connection` feeds it the input buffer's bytes. `docs/http1.md` lists its rules, and the
/// differential run (`make http-differential`) holds it to llhttp's strict mode.
///
/// It stops after each complete request (`consume` returns `.message`), so a pipelined
/// request is read only once the previous one has been dispatched.
struct RequestParser: Sendable {
    struct Limits: Sendable, Equatable {
        var maxTargetLength: Int
        /// Header field lines plus trailer lines of one request, line endings included.
        var maxHeaderBytes: Int
        var maxBodyBytes: Int
    }

    enum Phase: Equatable, Sendable {
        case requestLine
        case headerLines
        case body(remaining: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerLines
        case rejected
    }

    enum Outcome: Equatable, Sendable {
        /// Every byte given was consumed; the request under way needs more.
        case needMore
        /// A request is complete (`takeMessage`); bytes after `consumed` belong to the next.
        case message
        /// The request starting at the rejection's offset is refused; nothing after it is read.
        case rejected(StreamRejection)
    }

    /// The longest request line a target within the limit can make: "OPTIONS", two spaces,
    /// "HTTP/1.1" and a CR.
    static let requestLineOverhead = 18
    static let maxChunkLineLength = 256
    /// The body capacity a Content-Length head gets at once (one read's worth): most bodies
    /// need no other allocation, and a larger one grows as its bytes arrive, so a head that
    /// declares 64 MiB and sends a byte does not make the server allocate 64 MiB.
    static let bodyCapacityAhead = 16 << 10

    let limits: Limits
    var phase: Phase = .requestLine
    /// Bytes consumed since the connection opened: the absolute stream offset of the next byte.
    private(set) var position = 0
    /// Absolute offset where the current request starts.
    var requestStart = 0
    /// The current line so far, without its LF, when it arrived in pieces. Bounded by the limits.
    var line: [UInt8] = []
    var headerBytes = 0
    /// The request being read.
    var message = RequestMessage()
    var contentLength: Int?
    var sawTransferEncoding = false
    var sawHost = false
    var connectionTokens = ConnectionTokens()
    var bodyBytes = 0
    /// The head asked for `100 Continue` and its body has not started: the connection sends
    /// the interim reply and clears this.
    var continueDue = false
    /// A request is complete and waits in `message`.
    private var completed = false

    /// Where body bytes are reserved as they arrive (see `ByteBudget`, `BodyAccount`); nil
    /// for none.
    let bodyAccount: BodyAccount?
    /// The client whose share the body being read counts against (decided at its head).
    private var bodyClient: ClientAddress?
    /// What the request being read has reserved so far: the body bytes it has received.
    private(set) var currentReservation = 0
    /// Requests read whole so far.
    private(set) var requestsRead = 0
    /// The reservations of requests read whole and not yet answered, oldest first. A request
    /// without a body holds none, so a GET costs no work here.
    private var heldReservations: [HeldBody] = []
    private var heldHead = 0

    struct HeldBody {
        /// The request's number on its connection.
        var request: Int
        var bytes: Int
        var client: ClientAddress?
    }

    init(limits: Limits, bodyBudget: ByteBudget? = nil) {
        self.init(limits: limits, bodyAccount: bodyBudget.map { BodyAccount(budget: $0) })
    }

    init(limits: Limits, bodyAccount: BodyAccount?) {
        self.limits = limits
        self.bodyAccount = bodyAccount
    }

    /// Hands over the complete request (after `.message`) and starts the next.
    mutating func takeMessage() -> RequestMessage {
        completed = false
        defer { message = RequestMessage() }
        return message
    }

    /// The head of a request with a body is complete: its fields say whose share the body
    /// counts against (a trusted proxy's `X-Forwarded-For`).
    mutating func chooseBodyClient() {
        bodyClient = bodyAccount?.client(of: message.fields)
    }

    /// The refusal an `Expect: 100-continue` head gets when its declared body would not fit
    /// now; nil when it would (nothing is reserved either way).
    func refusalBeforeInviting(_ bytes: Int) -> RejectionReason? {
        bodyAccount?.refusal(ifAdding: bytes, for: bodyClient)
    }

    /// Reserves `bytes` more of the current request's body, as they arrive; nil when they
    /// fit, otherwise the refusal (the server's budget or the client's share is spent).
    mutating func reserveBody(_ bytes: Int) -> RejectionReason? {
        guard let bodyAccount else { return nil }
        if let refusal = bodyAccount.tryReserve(bytes, for: bodyClient) { return refusal }
        currentReservation += bytes
        return nil
    }

    /// True while the current request's body (or its chunks and trailers) is arriving.
    var isReadingBody: Bool {
        switch phase {
        case .body, .chunkSizeLine, .chunkData, .chunkDataEnd, .trailerLines: true
        default: false
        }
    }

    /// True while a request head is under way: bytes of its request line or field lines
    /// have arrived, and not yet its blank line. The head deadline runs only then.
    var isReadingHead: Bool {
        switch phase {
        case .requestLine: position > requestStart
        case .headerLines: true
        default: false
        }
    }

    /// Refuses the request whose body is arriving too slowly (from outside); nil unless a
    /// body is under way.
    mutating func expireBody() -> StreamRejection? {
        guard isReadingBody else { return nil }
        return reject(.bodyTimeout)
    }

    /// Refuses the request being read from outside (its head deadline passed); nil unless a
    /// head is under way or none has started.
    mutating func expireHead() -> StreamRejection? {
        guard phase == .requestLine || phase == .headerLines else { return nil }
        return reject(.headTimeout)
    }

    /// Gives back what the request being read holds (its connection closed, or it was refused).
    mutating func releaseCurrentReservation() {
        bodyAccount?.release(currentReservation, for: bodyClient)
        currentReservation = 0
    }

    /// The first `answered` requests have their replies written: their bodies leave the budget.
    mutating func releaseReservations(answered: Int) {
        while heldHead < heldReservations.count, heldReservations[heldHead].request < answered {
            let held = heldReservations[heldHead]
            bodyAccount?.release(held.bytes, for: held.client)
            heldHead += 1
        }
        if heldHead > 0 && heldHead == heldReservations.count {
            heldReservations.removeAll(keepingCapacity: true)
            heldHead = 0
        }
    }

    /// The connection is closing: everything it holds leaves the budget.
    mutating func releaseAllReservations() {
        releaseReservations(answered: .max)
        releaseCurrentReservation()
    }

    /// Consumes bytes until a request completes, one is refused, or the bytes run out.
    /// Returns how many bytes were consumed (the rest belong to the next request, or are
    /// never read after a refusal).
    ///
    /// Fast path: a line that arrives whole (nothing of it pending in `line`) and within its
    /// limit is checked where it lies, without being copied into `line`; a line split across
    /// reads, or one over its limit, goes through `line` (the slow path). Both run the same
    /// checks on the same bytes: `RequestParserTests` feeds every stream both whole and
    /// byte by byte and expects the same requests and verdicts.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> (consumed: Int, outcome: Outcome) {
        precondition(!completed, "RequestParser: the previous request was not taken")
        var index = 0
        while index < bytes.count {
            if phase == .rejected { return (index, .needMore) }
            let (taken, refusal) = takeBodyBytes(UnsafeRawBufferPointer(rebasing: bytes[index...]))
            if let refusal { return (index, .rejected(reject(refusal))) }
            if taken > 0 {
                index += taken
                if completed { return (index, .message) }
                continue
            }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
            let newline = firstNewline(in: rest)
            let chunk = UnsafeRawBufferPointer(rebasing: rest[..<(newline ?? rest.count)])
            if newline != nil, line.isEmpty, chunk.count <= lineLimit.limit {
                index += chunk.count + 1
                position += chunk.count + 1
                if let rejection = finishLine(chunk) {
                    line.appendBytes(chunk) // `reject` reads the method token from it
                    return (index, .rejected(reject(rejection)))
                }
                if completed { return (index, .message) }
                continue
            }
            if let rejection = appendToLine(chunk) {
                return (index + chunk.count, .rejected(reject(rejection)))
            }
            index += chunk.count
            position += chunk.count
            guard newline != nil else { break }
            index += 1
            position += 1
            let verdict = line.withUnsafeBytes { finishLine($0) }
            if let rejection = verdict { return (index, .rejected(reject(rejection))) }
            beginLine()
            if completed { return (index, .message) }
        }
        return (index, .needMore)
    }

    /// Copies bytes of a Content-Length body or a chunk into the request's body, reserving
    /// them first; returns how many were taken (none outside a body), or the refusal when
    /// they do not fit (none taken then).
    private mutating func takeBodyBytes(_ bytes: UnsafeRawBufferPointer) -> (taken: Int, refusal: RejectionReason?) {
        let remaining: Int, isChunk: Bool
        switch phase {
        case .body(let left): (remaining, isChunk) = (left, false)
        case .chunkData(let left): (remaining, isChunk) = (left, true)
        default: return (0, nil)
        }
        let taken = min(remaining, bytes.count)
        if let refusal = reserveBody(taken) { return (0, refusal) }
        message.body.appendBytes(UnsafeRawBufferPointer(rebasing: bytes.prefix(taken)))
        position += taken
        if isChunk {
            phase = taken == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - taken)
        } else if taken == remaining {
            finishRequest()
        } else {
            phase = .body(remaining: remaining - taken)
        }
        return (taken, nil)
    }

    private func firstNewline(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, 0x0A, bytes.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private mutating func beginLine() {
        line.removeAll(keepingCapacity: true)
    }

    /// The request is complete: its reservation is held until it is answered, and the next
    /// one starts here.
    mutating func finishRequest() {
        if currentReservation > 0 {
            heldReservations.append(HeldBody(request: requestsRead, bytes: currentReservation, client: bodyClient))
            currentReservation = 0
        }
        requestsRead += 1
        phase = .requestLine
        requestStart = position
        continueDue = false
        completed = true
    }

    private mutating func reject(_ reason: RejectionReason) -> StreamRejection {
        releaseCurrentReservation()
        // On the request line the line's own token decides the method.
        let method =
            phase == .requestLine
            ? line.withUnsafeBytes { HTTPMethod(token: UnsafeRawBufferPointer(rebasing: $0.prefix { $0 != 0x20 })) }
            : message.method
        phase = .rejected
        continueDue = false
        return StreamRejection(reason: reason, offset: requestStart, method: method)
    }

    /// Adds bytes of an unfinished line, refusing lines that are already too long so a
    /// client cannot make the server buffer more than the limits. A refused line keeps the
    /// bytes up to its limit: the method token is read back from it.
    private mutating func appendToLine(_ bytes: UnsafeRawBufferPointer) -> RejectionReason? {
        let (limit, reason) = lineLimit
        guard line.count + bytes.count > limit else {
            line.appendBytes(bytes)
            return nil
        }
        line.appendBytes(UnsafeRawBufferPointer(rebasing: bytes.prefix(max(0, limit - line.count))))
        return reason
    }

    /// How long the current line may grow, and the refusal past that.
    private var lineLimit: (limit: Int, reason: RejectionReason) {
        switch phase {
        case .requestLine: (limits.maxTargetLength + Self.requestLineOverhead, .uriTooLong)
        case .headerLines, .trailerLines: (limits.maxHeaderBytes - headerBytes, .headersTooLarge)
        default: (Self.maxChunkLineLength, .malformedChunk)
        }
    }

    /// Checks a complete line (its LF consumed, not included) and advances the phase.
    /// Every line ends in CRLF (RFC 9112 §2.2 lets a recipient accept a bare LF; this parser
    /// does not, as llhttp's strict mode does not: a proxy in front that splits lines
    /// differently is how requests are smuggled). A CR anywhere else is refused.
    private mutating func finishLine(_ whole: UnsafeRawBufferPointer) -> RejectionReason? {
        let lineLength = whole.count + 1
        guard whole.last == 0x0D else { return bareLineFeedReason }
        let line = UnsafeRawBufferPointer(rebasing: whole.dropLast())
        // Field lines need no search: a CR is neither a name byte nor a value byte, so the
        // field rules refuse it with the same reason.
        var hasStrayCR: Bool { line.baseAddress.map { memchr($0, 0x0D, line.count) != nil } ?? false }
        switch phase {
        case .requestLine:
            if line.isEmpty && position - lineLength == requestStart {
                // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before a
                // request line (clients that add CRLF after a POST body).
                requestStart = position
                return nil
            }
            if hasStrayCR { return .malformedRequestLine }
            return checkRequestLine(line)
        case .headerLines, .trailerLines:
            headerBytes += lineLength
            if headerBytes > limits.maxHeaderBytes { return .headersTooLarge }
            return phase == .headerLines ? checkHeaderLine(line) : checkTrailerLine(line)
        case .chunkSizeLine:
            return hasStrayCR ? .malformedChunk : checkChunkSizeLine(line)
        case .chunkDataEnd:
            guard line.isEmpty else { return .malformedChunk }
            phase = .chunkSizeLine
            return nil
        case .body, .chunkData, .rejected:
            return nil
        }
    }

    /// The refusal of a line ended by LF alone, by what the line was.
    private var bareLineFeedReason: RejectionReason {
        switch phase {
        case .requestLine: .malformedRequestLine
        case .headerLines, .trailerLines: .malformedHeader
        default: .malformedChunk
        }
    }
}

/// One request as the parser read it. The target and field bytes are kept raw: routing
/// and `HeaderBlock` read them without making Strings.
struct RequestMessage: Sendable, Equatable {
    var method: HTTPMethod?
    /// The request target's bytes as sent.
    var target: [UInt8] = []
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion = 1
    /// Field lines in arrival order, in `HeaderBlock`'s layout (trailers are not kept).
    var fields = HeaderBlock()
    var body: [UInt8] = []
    /// Whether the connection may carry another request after this one's reply (RFC 9112
    /// §9.3: HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with `keep-alive`).
    var keepAlive = true
    /// The head carried `Expect: 100-continue`.
    var expectsContinue = false
    /// An absolute-form target's path and query ("/" when it has no path), which routing
    /// reads instead of `target`; nil for an origin-form target.
    var absoluteFormPath: [UInt8]?

    /// The origin-form bytes routing reads.
    var routingTarget: [UInt8] { absoluteFormPath ?? target }

    var isEmpty: Bool { method == nil && target.isEmpty }
}
