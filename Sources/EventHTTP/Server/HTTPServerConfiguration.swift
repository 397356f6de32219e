import CLibevent
import Glibc

public struct HTTPServerConfiguration: Sendable {
    /// A numeric address or a name getaddrinfo resolves (the first result is used).
    public var host: String = "127.0.0.1"
    /// 0 asks the kernel for a free port; read it back from `HTTPServer.boundPort`.
    public var port: Int = 8080
    /// One event loop (thread, event_base, SO_REUSEPORT socket) per CPU the process
    /// may use by default (its cgroup quota and affinity, see `AvailableCPUs`).
    public var eventLoops: Int = AvailableCPUs.count
    /// Threads that run offloaded handlers.
    public var workerThreads: Int = AvailableCPUs.count
    /// Larger bodies are answered 413 from the headers alone, before the body is read.
    public var maxBodySize: Int = 64 << 20
    /// Header field lines (and trailers) of one request, line endings included → 431.
    public var maxHeadersSize: Int = 16 << 10
    /// Length of the request target (path and query) → 414.
    public var maxURILength: Int = 8 << 10
    /// A connection that sends or accepts nothing for this long is closed.
    public var idleTimeoutSeconds: Int = 60
    /// A request head (request line and header fields) must arrive whole within this many
    /// seconds of its first byte (of the connection's opening, for the first request), or
    /// the connection is answered 408 and closed: a client trickling a header line every
    /// few seconds cannot hold a connection. 0 turns the deadline off.
    public var headDeadlineSeconds: Int = 20
    /// Connections one event loop holds at once; at the cap the loop stops accepting (new
    /// connections wait in the kernel's backlog) until one closes. nil: the descriptors
    /// the process may open (RLIMIT_NOFILE) less 64, shared among the loops, at most 4096.
    public var maxConnectionsPerLoop: Int?
    /// After accept(2) fails for want of descriptors or memory (EMFILE, ENFILE, ENOBUFS,
    /// ENOMEM), the loop stops accepting for this long, or until one of its connections
    /// closes, instead of retrying at once in a busy loop.
    public var acceptRetryMilliseconds: Int = 100
    /// After refusing a request (413 and the like) the server reads and discards what the
    /// client still sends, so the client reads the error instead of a connection reset:
    /// for at most this many seconds in all (one deadline, not renewed by the bytes that
    /// arrive) and at most `lingerMaxBytes`, then it closes. 0 closes at once.
    public var lingerSeconds: Int = 2
    public var lingerMaxBytes: Int = 1 << 20
    /// Requests with a body at least this large run on the worker pool, whatever the route says.
    public var offloadBodyThreshold: Int = 1 << 20
    /// Request body bytes the server holds at once, across all loops: each body's bytes as
    /// they arrive, until its reply is written (a body counts what it has sent, not what its
    /// head declares). A request whose bytes do not fit is answered 503 with Retry-After and
    /// its connection closed. Never less than `maxBodySize`.
    public var maxBodyBytesInFlight: Int = 256 << 20
    /// Request body bytes one client may hold at once, across its connections, out of
    /// `maxBodyBytesInFlight`: one client cannot take every client's room. A body past the
    /// share is answered 503. The client is the peer address, or, for a peer in
    /// `trustedProxies`, the address its `X-Forwarded-For` names. nil: a quarter of
    /// `maxBodyBytesInFlight`, never less than `maxBodySize`.
    public var maxBodyBytesPerClient: Int?
    /// Proxies (address blocks) whose `X-Forwarded-For` says which client's share a request
    /// body counts against; any other peer's header is ignored. Empty: every client is its
    /// peer address, and behind a proxy all clients share the proxy's one share.
    public var trustedProxies = TrustedProxies()
    /// A request body must keep arriving: from `bodyRateGraceSeconds` after its head, at
    /// least this many bytes a second on average, or it is answered 408 and its connection
    /// closed, and what it reserved leaves the budget. A client trickling a byte every few
    /// seconds cannot hold its reservation. Checked once a second; 0 turns it off.
    public var minBodyBytesPerSecond: Int = 16 << 10
    public var bodyRateGraceSeconds: Int = 10
    /// Reply bodies handed to libevent and not yet written, across all loops: clients that
    /// do not read keep their replies in memory. A reply that does not fit is replaced by a
    /// 503 with Retry-After. Never less than 64 MiB (one reply of the most elements).
    public var maxReplyBytesInFlight: Int = 512 << 20
    /// Offloaded requests waiting for a worker; one more is answered 503 with Retry-After.
    public var maxQueuedRequests: Int = 64
    /// An offloaded request that waited longer than this for a worker is answered 503 with
    /// Retry-After instead of being run (its client has likely given up or will retry).
    public var maxQueueWaitSeconds: Double = 10
    /// Seconds a graceful shutdown waits for the requests in flight before the loops stop
    /// anyway (their connections are closed unanswered). 0 waits without a deadline.
    public var shutdownGraceSeconds: Double = 30
    /// Bytes handed to one writev; libevent's default (16 KiB) costs many syscalls per reply.
    public var maxSingleWrite: Int = 256 << 10
    /// Replies at least this large are gzipped for clients that send `Accept-Encoding: gzip`
    /// (0 never compresses). 16 KiB: below it a reply fits in TCP's first flight (an initial
    /// window of 10 segments, ~14 KB) and compressing saves no round trip; above it level-1
    /// deflate shrinks element lists 15–20× for well under a millisecond per 16 KiB
    /// (docs/performance.md#gzip-threshold), less than the bytes it saves take on any real link.
    public var gzipReplyThreshold: Int = 16 << 10
    public var listenBacklog: Int = 1024
    /// Where the server's own warnings go (accept failures, shutdown deadline), one line
    /// each without the newline; standard error by default. Repeated warnings are already
    /// rate-limited by the server.
    public var warn: @Sendable (String) -> Void = HTTPServerConfiguration.writeToStandardError
    /// The header carrying request ids: a client's (sanitised, see `RequestID`) is echoed in
    /// the reply, and a request without one gets a new one. nil turns request ids off.
    public var requestIDHeader: String? = "X-Request-ID"
    /// How often each loop checks its own lag when the server has an observer.
    public var loopLagIntervalMilliseconds: Int = 500

    public init() {}

    public static var onlineCores: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// `maxConnectionsPerLoop`, or its default for this process's descriptor limit.
    public var connectionCapPerLoop: Int {
        if let maxConnectionsPerLoop { return max(1, maxConnectionsPerLoop) }
        var limit = rlimit()
        let descriptors =
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
            ? Int(clamping: limit.rlim_cur) : 1 << 20
        return min(4096, max(16, (descriptors - 64) / max(1, eventLoops)))
    }

    /// Never below one maximal body, or such a request could never be served.
    var bodyBudgetBytes: Int { max(maxBodyBytesInFlight, maxBodySize) }

    var replyBudgetBytes: Int { max(maxReplyBytesInFlight, 64 << 20) }

    /// `maxBodyBytesPerClient`, or its default.
    public var bodyShareBytes: Int { max(maxBodySize, maxBodyBytesPerClient ?? bodyBudgetBytes / 4) }

    @Sendable static func writeToStandardError(_ line: String) {
        var bytes = Array("\(line)\n".utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    case addressInUse(host: String, port: Int)
    case cannotResolve(host: String)
    case socket(operation: String, errno: Int32)
    case libevent(String)
    case threads
    case invalidState(String)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the address is already in use"
        case .cannotResolve(let host):
            "cannot resolve listening address '\(host)'"
        case .socket(let operation, let code):
            "\(operation) failed: \(String(cString: strerror(code)))"
        case .libevent(let what):
            "libevent: \(what) failed"
        case .threads:
            "cannot start threads"
        case .invalidState(let what):
            what
        }
    }
}
