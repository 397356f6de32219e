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
