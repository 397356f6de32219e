import CLibevent
import Glibc

public struct HTTPServerConfiguration: Sendable {
    /// A numeric address or a name getaddrinfo resolves (the first result is used).
    public var host: String = "127.0.0.1"
    /// 0 asks the kernel for a free port; read it back from `HTTPServer.boundPort`.
    public var port: Int = 8080
    /// One event loop (thread, event_base, evhttp, SO_REUSEPORT socket) per CPU the process
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
    /// After refusing a request (413 and the like) the server reads and discards what the
    /// client still sends for up to this long before closing, so the client reads the error
    /// instead of a connection reset. 0 closes at once.
    public var lingerSeconds: Int = 2
    /// Requests with a body at least this large run on the worker pool, whatever the route says.
    public var offloadBodyThreshold: Int = 1 << 20
    /// Bytes handed to one writev; libevent's default (16 KiB) costs many syscalls per reply.
    public var maxSingleWrite: Int = 256 << 10
    /// Replies at least this large are gzipped for clients that send `Accept-Encoding: gzip`
    /// (0 never compresses). 16 KiB: below it a reply fits in TCP's first flight (an initial
    /// window of 10 segments, ~14 KB) and compressing saves no round trip; above it level-1
    /// deflate shrinks element lists 15–20× for well under a millisecond per 16 KiB
    /// (BENCHMARKS.md, "gzip threshold"), less than the bytes it saves take on any real link.
    public var gzipReplyThreshold: Int = 16 << 10
    public var listenBacklog: Int = 1024
    /// The header carrying request ids: a client's (sanitised, see `RequestID`) is echoed in
    /// the reply, and a request without one gets a new one. nil turns request ids off.
    public var requestIDHeader: String? = "X-Request-ID"
    /// How often each loop checks its own lag when the server has an observer.
    public var loopLagIntervalMilliseconds: Int = 500

    public init() {}

    public static var onlineCores: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
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
