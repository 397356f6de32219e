import CLibevent
import Glibc

/// Watches one connection's bytes as they arrive, before evhttp parses them, and finds the
/// first request evhttp would answer with its own HTML error page or that breaks our
/// limits (libevent 2.1.12 has no per-request header hook for server requests).
///
/// It frames the stream exactly as evhttp does (request line, header lines, a body of
/// Content-Length bytes or chunks, trailers) and is at least as strict as evhttp's parser
/// at every step. It also says how much of the stream evhttp may see (`releasable`): a
/// request is held back until its head is complete and checked, and a chunked request until
/// its last chunk and trailers are, so a refused request can be replaced whole. Pure: bytes
/// in, verdict out; `ConnectionState` applies it to the evbuffer.
struct RequestStreamValidator: Sendable {
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

    /// The longest request line a target within the limit can make: "OPTIONS", two spaces,
    /// "HTTP/1.1" and a CR.
    static let requestLineOverhead = 18
    static let maxChunkLineLength = 64

    let limits: Limits
    var phase: Phase = .requestLine
    /// Bytes consumed since the connection opened: the absolute stream offset of the next byte.
    private(set) var position = 0
    /// Absolute offset where the current request starts.
    var requestStart = 0
    /// The current line so far, without its LF. Bounded by the limits.
    var line: [UInt8] = []
    var headerBytes = 0
    var method: HTTPMethod?
    var contentLength: Int?
    var sawTransferEncoding = false
    var isChunked = false
    var bodyBytes = 0

    /// Where bodies are reserved as heads declare them (see `ByteBudget`, `BodyAccount`);
    /// nil for none.
    let bodyBudget: BodyAccount?
    /// What the request being read has reserved so far.
    private(set) var currentReservation = 0
    /// Requests read whole so far, each one evhttp will parse and answer in turn (a refused
    /// request's synthetic stand-in counts too: `countInjectedRequest`).
    private(set) var requestsRead = 0
    /// The reservations of requests read whole and not yet answered, oldest first, each
    /// with its request's number. A request without a body holds none, so a GET costs no
    /// work here.
    private var heldReservations: [(request: Int, bytes: Int)] = []
    private var heldHead = 0

    init(limits: Limits, bodyBudget: ByteBudget? = nil) {
        self.init(limits: limits, bodyAccount: bodyBudget.map { BodyAccount(budget: $0) })
    }

    init(limits: Limits, bodyAccount: BodyAccount?) {
        self.limits = limits
        self.bodyBudget = bodyAccount
    }

    /// Reserves `bytes` more of the current request's body; nil when they fit, otherwise
    /// the refusal (the server's budget or the client's share is spent).
    mutating func reserveBody(_ bytes: Int) -> RejectionReason? {
        guard let bodyBudget else { return nil }
        if let refusal = bodyBudget.tryReserve(bytes) { return refusal }
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

    /// Refuses the request whose body is arriving too slowly (from outside, like
    /// `expireHead`); nil unless a body is under way.
    mutating func expireBody() -> StreamRejection? {
        guard isReadingBody else { return nil }
        return reject(.bodyTimeout)
    }

    /// Gives back what the request being read holds (its connection closed, or it was refused).
    mutating func releaseCurrentReservation() {
        bodyBudget?.release(currentReservation)
        currentReservation = 0
    }

    /// The synthetic request that replaces a refused one takes its place in the count.
    mutating func countInjectedRequest() {
        requestsRead += 1
    }

    /// The first `answered` requests have their replies written: their bodies leave the budget.
    mutating func releaseReservations(answered: Int) {
        while heldHead < heldReservations.count, heldReservations[heldHead].request < answered {
            bodyBudget?.release(heldReservations[heldHead].bytes)
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

    /// True while a request head is under way: bytes of its request line or header fields
    /// have arrived, and not yet its blank line. The head deadline runs only then.
    var isReadingHead: Bool {
        switch phase {
        case .requestLine: position > requestStart
        case .headerLines: true
        default: false
        }
    }

    /// Refuses the request being read from outside (its head deadline passed); nil unless a
    /// head is under way, which evhttp has then not seen any of.
    mutating func expireHead() -> StreamRejection? {
        guard isReadingHead || (phase == .requestLine && position == requestStart) else { return nil }
        return reject(.headTimeout)
    }

    /// Absolute offset up to which evhttp may see the stream: all of it while a
    /// Content-Length body streams in (nothing can be refused there), otherwise up to the
    /// start of the request still being checked.
    var releasable: Int {
        if case .body = phase { return position }
        return requestStart
    }

    /// Skips up to `count` bytes if they belong to a fixed-length body or chunk: big uploads
    /// then cost O(1) per read instead of a scan. Returns how many bytes were skipped.
    mutating func skipBodyBytes(upTo count: Int) -> Int {
        switch phase {
        case .body(let remaining):
            let taken = min(remaining, count)
            position += taken
            if taken == remaining {
                beginRequest()
            } else {
                phase = .body(remaining: remaining - taken)
            }
            return taken
        case .chunkData(let remaining):
            let taken = min(remaining, count)
            position += taken
            phase = taken == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - taken)
            if taken == remaining { beginLine() }
            return taken
        default:
            return 0
        }
    }

    /// Consumes newly arrived bytes; returns the first rejection, after which the validator
    /// stays `.rejected` and consumes nothing more.
    ///
    /// Fast path: a line that arrives whole (nothing of it pending in `line`) and within its
    /// limit is checked where it lies, without being copied into `line`; a line split across
    /// reads, or one over its limit, goes through `line` (the slow path). Both run the same
    /// checks on the same bytes: `RequestStreamValidatorTests` feeds every stream both whole
    /// and byte by byte and expects the same verdicts.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> StreamRejection? {
        var index = 0
        while index < bytes.count {
            if phase == .rejected { return nil }
            let skipped = skipBodyBytes(upTo: bytes.count - index)
            if skipped > 0 {
                index += skipped
                continue
            }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
            let newline = firstNewline(in: rest)
            let chunk = UnsafeRawBufferPointer(rebasing: rest[..<(newline ?? rest.count)])
            if newline != nil, line.isEmpty, chunk.count <= lineLimit.limit {
                index += chunk.count + 1
                position += chunk.count + 1
                if let rejection = finishLine(chunk) {
                    line.append(contentsOf: chunk)  // `reject` reads the method token from it
                    return reject(rejection)
                }
                if phase == .requestLine { beginRequest() }
                continue
            }
            if let rejection = appendToLine(chunk) { return reject(rejection) }
            index += chunk.count
            position += chunk.count
            guard newline != nil else { break }
            index += 1
            position += 1
            let verdict = line.withUnsafeBytes { finishLine($0) }
            if let rejection = verdict { return reject(rejection) }
            if phase == .requestLine { beginRequest() } else { beginLine() }
        }
        return nil
    }

    private func firstNewline(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, 0x0A, bytes.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private mutating func beginLine() {
        line.removeAll(keepingCapacity: true)
    }

    /// The previous request is complete (and released); the next one starts here.
    mutating func beginRequest() {
        if currentReservation > 0 {
            heldReservations.append((requestsRead, currentReservation))
            currentReservation = 0
        }
        requestsRead += 1
        phase = .requestLine
        requestStart = position
        beginLine()
    }

    private mutating func reject(_ reason: RejectionReason) -> StreamRejection {
        releaseCurrentReservation()
        // On the request line `method` still holds the previous request's; the line's own
        // token decides there.
        let method = phase == .requestLine
            ? line.withUnsafeBytes { HTTPMethod(token: UnsafeRawBufferPointer(rebasing: $0.prefix { $0 != 0x20 })) } : method
        phase = .rejected
        return StreamRejection(reason: reason, offset: requestStart, method: method)
    }

    /// Adds bytes of an unfinished line, refusing lines that are already too long so a
    /// client cannot make the server buffer more than the limits. A refused line keeps the
    /// bytes up to its limit: the method token is read back from it.
    private mutating func appendToLine(_ bytes: UnsafeRawBufferPointer) -> RejectionReason? {
        let (limit, reason) = lineLimit
        guard line.count + bytes.count > limit else {
            line.append(contentsOf: bytes)
            return nil
        }
        line.append(contentsOf: bytes.prefix(max(0, limit - line.count)))
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
    private mutating func finishLine(_ whole: UnsafeRawBufferPointer) -> RejectionReason? {
        let lineLength = whole.count + 1
        let line = whole.last == 0x0D ? UnsafeRawBufferPointer(rebasing: whole.dropLast()) : whole
        // evhttp ends lines at LF with an optional CR; any other CR stays inside the line
        // and makes evhttp fail (header values) or misread it (request line). Header and
        // trailer lines need no search: a CR is neither a name byte nor a value byte, so
        // `splitField` refuses it with the same reason.
        var hasStrayCR: Bool { line.baseAddress.map { memchr($0, 0x0D, line.count) != nil } ?? false }
        switch phase {
        case .requestLine:
            if hasStrayCR { return .malformedRequestLine }
            return checkRequestLine(line)
        case .headerLines, .trailerLines:
            headerBytes += lineLength
            if headerBytes > limits.maxHeaderBytes { return .headersTooLarge }
            return phase == .headerLines ? checkHeaderLine(line) : checkTrailerLine(line)
        case .chunkSizeLine:
            return hasStrayCR ? .malformedChunk : checkChunkSizeLine(line)
        case .chunkDataEnd:
            // evhttp skips blank lines here; demanding exactly one is stricter, hence safe.
            guard line.isEmpty else { return .malformedChunk }
            phase = .chunkSizeLine
            return nil
        case .body, .chunkData, .rejected:
            return nil
        }
    }
}
