import TesseraSupport
import CLibevent
import Glibc

/// After refusing a request the server closes the connection while the client may still be
/// sending (a 413's body, say). Closing a socket with unread input makes the kernel answer
/// with RST and drop reply bytes not yet transmitted, so the client could see "connection
/// reset" instead of the JSON error. Like nginx's lingering close: once the reply is
/// written, the server shuts down its write side (the client reads the reply and EOF) and
/// keeps reading and discarding until the client closes, then closes. Bounded both ways:
/// `lingerSeconds` from the start in all (bytes do not renew it, so a trickling client
/// cannot hold the socket) and `lingerMaxBytes` discarded (so a fast one cannot make the
/// server read gigabytes for nothing); `ConnectionState.Linger` keeps both. Same
/// descriptor, same read event: nothing is duplicated.
extension Connection {
    /// The refusal is written: shut down the write side and read until the client closes,
    /// the time is up or the allowance is spent. The connection leaves the loop's count of
    /// connections (it serves nothing any more) for its list of lingering ones. A loop that
    /// is tearing down closes instead: it is about to free the event lingering needs.
    func beginLingering() {
        guard !loop.isTearingDown else { return close() }
        shutdown(descriptor, Int32(SHUT_WR))
        perform(state.beginLingering(now: MonotonicClock.now()))
        evbuffer_drain(input, evbuffer_get_length(input))
        loop.connectionLingers(self)
        rearmLingering()
    }

    /// The read event fired while lingering (bytes, or its timeout).
    func lingerReadable() {
        guard state.lingerTimeLeft(now: MonotonicClock.now()) != nil, !discardReadable() else { return close() }
        rearmLingering()
    }

    /// Discards what is readable; true when the socket should close: the client has closed,
    /// the socket failed, or the byte allowance is spent.
    private func discardReadable() -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 1) { scratch in
            while state.lingerAllowance > 0 {
                let count = read(descriptor, scratch.baseAddress, min(scratch.count, state.lingerAllowance))
                if count > 0 {
                    state.discarded(count)
                    continue
                }
                return !(count < 0 && (errno == EAGAIN || errno == EINTR))
            }
            return true
        }
    }

    /// The read event again, its timeout the time left (re-adding replaces the timeout).
    private func rearmLingering() {
        guard let left = state.lingerTimeLeft(now: MonotonicClock.now()) else { return close() }
        var timeout = timeval(tv_sec: Int(left / 1_000_000_000), tv_usec: Int(left % 1_000_000_000 / 1000))
        event_add(readEvent, &timeout)
    }
}
