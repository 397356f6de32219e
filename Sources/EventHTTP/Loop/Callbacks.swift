import CLibevent
import Glibc

/// The C callbacks. C function pointers cannot capture, so each one receives its Swift
/// object through the `void *` argument as an unretained `Unmanaged` pointer; the objects
/// outlive their registrations (a loop outlives its listener and connections, and a
/// connection frees its events when it closes).
enum Callbacks {
    /// evconnlistener: a connection was accepted on the loop's socket.
    static let accept: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<sockaddr>?, Int32, UnsafeMutableRawPointer?) -> Void = {
        _, descriptor, _, _, argument in
        loop(argument).accepted(descriptor)
    }

    /// A connection's socket is readable (or, while it lingers, its time is up).
    static let readable: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        connection(argument).readable()
    }

    /// A connection's socket has room for the rest of its output.
    static let writable: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        connection(argument).writable()
    }

    /// evconnlistener_set_error_cb: accept(2) failed with errno set.
    static let acceptError: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, argument in
        let code = errno
        loop(argument).acceptFailed(errno: code)
    }

    static let acceptRetry: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        let loop = loop(argument)
        loop.acceptRetryTimerArmed = false
        loop.endAcceptPause()
    }

    static let graceExpired: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        loop(argument).graceExpired()
    }

    static let periodic: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        let periodic = Unmanaged<PeriodicJob>.fromOpaque(argument!).takeUnretainedValue()
        EventLoop.current?.runPeriodic(periodic)
    }

    /// A connection's head deadline passed; the argument is its `Connection`.
    static let headDeadline: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        connection(argument).headDeadlinePassed()
    }

    static let wake: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        loop(argument).runMailbox()
    }

    static let idleSweep: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        loop(argument).sweepIdleConnections()
    }

    static let lagProbe: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        loop(argument).lagProbeFired()
    }

    /// A signal event's descriptor argument is the signal's number.
    static let signal: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { number, _, argument in
        loop(argument).handleSignal(number)
    }

    /// evbuffer_add_reference cleanup: the reply body has left the buffer (written or dropped).
    static let releaseBody: @convention(c) (UnsafeRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
        _, _, argument in
        Unmanaged<ReplyBody>.fromOpaque(argument!).release()
    }

    private static func loop(_ argument: UnsafeMutableRawPointer?) -> EventLoop {
        Unmanaged<EventLoop>.fromOpaque(argument!).takeUnretainedValue()
    }

    private static func connection(_ argument: UnsafeMutableRawPointer?) -> Connection {
        Unmanaged<Connection>.fromOpaque(argument!).takeUnretainedValue()
    }
}
