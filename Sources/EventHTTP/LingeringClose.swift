import CLibevent
import Glibc

/// After refusing a request the server closes the connection while the client may still be
/// sending (a 413's body, say). Closing a socket with unread input makes the kernel answer
/// with RST and drop reply bytes not yet transmitted, so the client could see "connection
/// reset" instead of the JSON error. Like nginx's lingering close: evhttp has already sent
/// the reply and shut down the write side; keep reading and discarding until the client
/// closes or `lingerSeconds` pass, then close.
final class LingeringClose {
    let descriptor: Int32
    var event: OpaquePointer?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Discards what is readable; true when the client has closed (or the socket failed).
    func drain() -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 1) { scratch in
            while true {
                let count = read(descriptor, scratch.baseAddress, scratch.count)
                if count > 0 { continue }
                return !(count < 0 && (errno == EAGAIN || errno == EINTR))
            }
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
        guard original >= 0 else { return }
        let descriptor = fcntl(original, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        let closer = LingeringClose(descriptor: descriptor)
        let pointer = Unmanaged.passUnretained(closer).toOpaque()
        guard let event = event_new(base, descriptor, Int16(EV_READ | EV_PERSIST), Callbacks.linger, pointer) else {
            close(descriptor)
            return
        }
        closer.event = event
        lingering[ObjectIdentifier(closer)] = closer
        var timeout = timeval(tv_sec: context.configuration.lingerSeconds, tv_usec: 0)
        event_add(event, &timeout)
    }

    func lingerEvent(_ closer: LingeringClose, events: Int16) {
        if events & Int16(EV_TIMEOUT) != 0 || closer.drain() { endLingering(closer) }
    }

    func endLingering(_ closer: LingeringClose) {
        if let event = closer.event { event_free(event) }
        close(closer.descriptor)
        lingering[ObjectIdentifier(closer)] = nil
    }
}
