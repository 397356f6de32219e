import CLibevent
import Glibc

/// After refusing a request the server closes the connection while the client may still be
/// sending (a 413's body, say). Closing a socket with unread input makes the kernel answer
/// with RST and drop reply bytes not yet transmitted, so the client could see "connection
/// reset" instead of the JSON error. Like nginx's lingering close: evhttp has already sent
/// the reply and shut down the write side; keep reading and discarding until the client
/// closes, then close. Bounded both ways: `lingerSeconds` from the start in all (bytes do
/// not renew it, so a trickling client cannot hold the socket) and `lingerMaxBytes`
/// discarded (so a fast one cannot make the server read gigabytes for nothing).
final class LingeringClose {
    let descriptor: Int32
    var event: OpaquePointer?
    /// Bytes still allowed to be read and discarded.
    private var allowance: Int
    /// CLOCK_MONOTONIC nanoseconds after which the socket closes whatever arrives.
    var deadline: UInt64 = 0

    init(descriptor: Int32, maxBytes: Int) {
        self.descriptor = descriptor
        allowance = maxBytes
    }

    /// Discards what is readable; true when the socket should close: the client has closed,
    /// the socket failed, or the byte allowance is spent.
    func drain() -> Bool {
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

extension EventLoop {
    /// Called from evhttp's close callback, before evhttp closes the socket: a duplicate
    /// descriptor keeps the socket open after evhttp's close(2).
    func lingerIfRefused(_ state: ConnectionState) {
        guard state.injectedRejection, !isTearingDown, context.configuration.lingerSeconds > 0,
              let bufferevent = evhttp_connection_get_bufferevent(state.connection) else { return }
        let original = bufferevent_getfd(bufferevent)
        // The duplicate must not keep the socket's epoll registration alive past evhttp's
        // close (see `EpollRegistration`): it goes now, or no lingering (a plain close).
        guard original >= 0, let epoll = epollInstance else { return }
        EpollRegistration.remove(original, from: epoll)
        let descriptor = fcntl(original, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        let closer = LingeringClose(descriptor: descriptor, maxBytes: context.configuration.lingerMaxBytes)
        let pointer = Unmanaged.passUnretained(closer).toOpaque()
        // EV_PERSIST with a timeout would restart the timeout on every read; without it the
        // one timeout set here stays the deadline, and each read re-adds the event with
        // the time that is left.
        guard let event = event_new(base, descriptor, Int16(EV_READ), Callbacks.linger, pointer) else {
            close(descriptor)
            return
        }
        closer.event = event
        closer.deadline = MonotonicClock.now() + UInt64(context.configuration.lingerSeconds) * 1_000_000_000
        lingering[ObjectIdentifier(closer)] = closer
        var timeout = timeval(tv_sec: context.configuration.lingerSeconds, tv_usec: 0)
        event_add(event, &timeout)
    }

    func lingerEvent(_ closer: LingeringClose, events: Int16) {
        let now = MonotonicClock.now()
        guard events & Int16(EV_TIMEOUT) == 0, now < closer.deadline, !closer.drain() else {
            return endLingering(closer)
        }
        let left = closer.deadline - now
        var timeout = timeval(tv_sec: Int(left / 1_000_000_000), tv_usec: Int(left % 1_000_000_000 / 1000))
        event_add(closer.event, &timeout)
    }

    func endLingering(_ closer: LingeringClose) {
        if let event = closer.event { event_free(event) }
        close(closer.descriptor)
        lingering[ObjectIdentifier(closer)] = nil
    }
}
