import TesseraSupport
import CLibevent
import Glibc

/// The idle timeout, kept by a sweep once a second instead of per-event timeouts.
///
/// A connection that has neither received a byte nor had a byte of its reply taken by the
/// client for `idleTimeoutSeconds` is closed: a keep-alive connection left open, a body
/// that stopped arriving, a client that stopped reading its reply. It closes between
/// `idleTimeoutSeconds` and one second later.
///
/// Why not a timeout on each read and write event: every request would re-add timers to
/// the loop's min-heap and read the clock for them (docs/performance.md#idle-sweep). The
/// sweep costs nothing per request.
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
        var idle: [Connection] = []
        var slow: [Connection] = []
        for connection in connections.values {
            if connection.isIdle(now: now, limit: limit) {
                idle.append(connection)
            } else if rate > 0, connection.bodyIsTooSlow(now: now, bytesPerSecond: rate, graceSeconds: grace) {
                slow.append(connection)
            }
        }
        for connection in idle { connection.close() }
        for connection in slow { refuseSlowBody(connection) }
    }
}
