import CLibevent
import Glibc

/// Process-wide setup before the first event_base exists. No evthread_use_pthreads: only
/// a base's own loop thread calls libevent on it (other threads post to its mailbox), so
/// the bases need no locks (see `EventLoop`).
enum LibeventRuntime {
    static func prepare() throws(HTTPServerError) {
        // A write to a connection the client closed must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
    }
}

extension HTTPMethod {
    init?(command: evhttp_cmd_type) {
        switch command {
        case EVHTTP_REQ_GET: self = .GET
        case EVHTTP_REQ_HEAD: self = .HEAD
        case EVHTTP_REQ_POST: self = .POST
        case EVHTTP_REQ_PUT: self = .PUT
        case EVHTTP_REQ_PATCH: self = .PATCH
        case EVHTTP_REQ_DELETE: self = .DELETE
        case EVHTTP_REQ_OPTIONS: self = .OPTIONS
        default: return nil
        }
    }

    /// Every method evhttp parses. evhttp answers methods outside its allowed set with an
    /// HTML 501, so all are allowed and the router (or the validator) decides.
    static let allEvhttpMethods: UInt16 = [
        EVHTTP_REQ_GET, EVHTTP_REQ_POST, EVHTTP_REQ_HEAD, EVHTTP_REQ_PUT, EVHTTP_REQ_DELETE,
        EVHTTP_REQ_OPTIONS, EVHTTP_REQ_TRACE, EVHTTP_REQ_CONNECT, EVHTTP_REQ_PATCH,
    ].reduce(0) { $0 | UInt16($1.rawValue) }
}
