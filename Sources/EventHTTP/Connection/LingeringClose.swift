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
/// server read gigabytes for nothing). Same descriptor, same read event: nothing is
/// duplicated.
final class LingeringClose {
    /// Bytes still allowed to be read and discarded.
    private var allowance: Int
    /// CLOCK_MONOTONIC nanoseconds after which the socket closes whatever arrives.
    let deadline: UInt64

    init(maxBytes: Int, deadline: UInt64) {
        allowance = maxBytes
        self.deadline = deadline
    }

    /// Discards what is readable; true when the socket should close: the client has closed,
    /// the socket failed, or the byte allowance is spent.
    func drain(_ descriptor: Int32) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 1) { scratch in
            while allowance > 0 {
                let count = read(descriptor, scratch.baseAddress, min(scratch.count, allowance))
                if count > 0 {
                    allowance -= count
                    continue
                }
                return !(count < 0 && (errno == EAGAIN || errno == EINTR))
            }
            return true
        }
    }
}

extension Connection {
    /// The refusal is written: shut down the write side and read until the client closes,
    /// the time is up or the allowance is spent. The connection leaves the loop's count of
    /// connections (it serves nothing any more) for its list of lingering ones.
    func beginLingering() {
        let configuration = loop.context.configuration
        shutdown(descriptor, Int32(SHUT_WR))
        let closer = LingeringClose(
            maxBytes: configuration.lingerMaxBytes,
            deadline: MonotonicClock.now() + UInt64(configuration.lingerSeconds) * 1_000_000_000)
        lingering = closer
        evbuffer_drain(input, evbuffer_get_length(input))
        loop.connectionLingers(self)
        rearmLingering(closer)
    }

    func lingerReadable(_ closer: LingeringClose) {
        guard MonotonicClock.now() < closer.deadline, !closer.drain(descriptor) else { return close() }
        rearmLingering(closer)
    }

    /// The read event again, its timeout the time left (re-adding replaces the timeout).
    private func rearmLingering(_ closer: LingeringClose) {
        let now = MonotonicClock.now()
        guard now < closer.deadline else { return close() }
        let left = closer.deadline - now
        var timeout = timeval(tv_sec: Int(left / 1_000_000_000), tv_usec: Int(left % 1_000_000_000 / 1000))
        isReading = true
        event_add(readEvent, &timeout)
    }
}
