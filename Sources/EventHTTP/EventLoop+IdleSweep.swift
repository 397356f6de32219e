import CLibevent
import Glibc

/// The idle timeout, kept by a sweep once a second instead of evhttp's timeouts.
///
/// A connection that has neither received a byte nor had a byte of its reply taken by the
/// client for `idleTimeoutSeconds` is closed: a keep-alive connection left open, a body
/// that stopped arriving, a client that stopped reading its reply. It closes between
/// `idleTimeoutSeconds` and one second later.
///
/// Why not `evhttp_set_timeout`: with a timeout, every read and write event carries a
/// timer, so each request re-adds timers to the loop's min-heap and reads the clock for
/// them: ~1,800 instructions of a cached rect query (callgrind, BENCHMARKS.md "Fifth
/// pass"). The sweep costs nothing per request.
extension EventLoop {
    func armIdleSweep() {
        guard let idleSweepEvent else { return }
        var interval = timeval(tv_sec: 1, tv_usec: 0)
        event_add(idleSweepEvent, &interval)
    }

    func sweepIdleConnections() {
        let now = MonotonicClock.now()
        let limit = UInt64(max(1, context.configuration.idleTimeoutSeconds)) * 1_000_000_000
        let configuration = context.configuration
        let rate = configuration.minBodyBytesPerSecond, grace = configuration.bodyRateGraceSeconds
        // Closing runs the close callback, which edits `connections`: collect first.
        var idle: [OpaquePointer] = []
        var slow: [ConnectionState] = []
        for (connection, state) in connections {
            if state.hasBeenQuiet(for: limit, now: now) {
                idle.append(connection)
            } else if rate > 0, state.bodyIsTooSlow(now: now, bytesPerSecond: rate, graceSeconds: grace) {
                slow.append(state)
            }
        }
        for connection in idle { evhttp_connection_free(connection) }
        for state in slow { refuseSlowBody(state) }
    }
}

extension ConnectionState {
    /// Whether nothing has moved on this connection for `limit` nanoseconds and it may be
    /// closed. Movement: bytes received, or bytes of a reply written (the unsent count
    /// changed). A request with a worker is never closed here: freeing the connection
    /// frees its request, which the worker's reply still points to. (One with a handler
    /// on this loop cannot meet a sweep, which runs on the same thread.)
    func hasBeenQuiet(for limit: UInt64, now: UInt64) -> Bool {
        if isWithWorker { return false }
        let unsent = evhttp_connection_get_bufferevent(connection)
            .map { evbuffer_get_length(bufferevent_get_output($0)) } ?? 0
        let progress = SweepProgress(received: receivedBytes, unsent: unsent)
        if progress != lastProgress {
            lastProgress = progress
            quietSince = now
            return false
        }
        if hasActiveRequest && unsent == 0 { return false }
        return now - quietSince >= limit
    }
}

/// What the idle sweep compares from one pass to the next.
struct SweepProgress: Equatable {
    var received: Int
    var unsent: Int
}
