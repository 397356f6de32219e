import CLibevent
import Glibc

/// The C callbacks. C function pointers cannot capture, so each one receives its Swift
/// object through the `void *` argument as an unretained `Unmanaged` pointer; the objects
/// outlive their registrations (a loop outlives its evhttp, a connection state lives until
/// evhttp's close callback).
enum Callbacks {
    /// evhttp_set_gencb: every request (there are no per-path evhttp callbacks).
    static let request: @convention(c) (UnsafeMutablePointer<evhttp_request>?, UnsafeMutableRawPointer?) -> Void = {
        request, argument in
        loop(argument).dispatch(request!)
    }

    /// evhttp_set_bevcb: the bufferevent for each accepted connection.
    static let makeBufferevent: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> OpaquePointer? = {
        _, argument in
        loop(argument).makeBufferevent()
    }

    /// A new connection's input buffer, until its first bytes arrive; the argument is the
    /// bufferevent (libevent has created no evhttp_connection yet when this is registered).
    static let firstInput: @convention(c) (OpaquePointer?, UnsafePointer<evbuffer_cb_info>?, UnsafeMutableRawPointer?) -> Void = {
        buffer, info, argument in
        guard let info, info.pointee.n_added > 0, let loop = EventLoop.current else { return }
        loop.adoptOnInput(bufferevent: OpaquePointer(argument!), input: buffer!, added: info.pointee.n_added)
    }

    /// Right after accepts: adopt the new connections (`EventLoop.makeBufferevent`).
    static let adopt: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        loop(argument).adoptPending()
    }

    /// evconnlistener_set_error_cb: accept(2) failed with errno set; the argument is the
    /// listener's (evhttp's), so the loop comes from the thread.
    static let acceptError: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in
        let code = errno
        EventLoop.current?.acceptFailed(errno: code)
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

    /// A connection's head deadline passed; the argument is its `ConnectionState`.
    static let headDeadline: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        connection(argument).headDeadlinePassed()
    }

    /// An adopted connection's input buffer: validates bytes before evhttp parses them.
    static let input: @convention(c) (OpaquePointer?, UnsafePointer<evbuffer_cb_info>?, UnsafeMutableRawPointer?) -> Void = {
        buffer, info, argument in
        // Deletions are evhttp consuming what was already validated.
        guard let info, info.pointee.n_added > 0 else { return }
        connection(argument).inspect(buffer!, added: info.pointee.n_added)
    }

    static let connectionClosed: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        _, argument in
        let state = connection(argument)
        state.loop.connectionClosed(state)
    }

    /// evhttp_request_set_on_complete_cb: the reply has been fully written.
    static let requestCompleted: @convention(c) (UnsafeMutablePointer<evhttp_request>?, UnsafeMutableRawPointer?) -> Void = {
        _, argument in
        let state = connection(argument)
        state.loop.requestCompleted(state)
    }

    static let wake: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
        loop(argument).runMailbox()
    }

    static let linger: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, events, argument in
        let closer = Unmanaged<LingeringClose>.fromOpaque(argument!).takeUnretainedValue()
        EventLoop.current?.lingerEvent(closer, events: events)
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

    private static func connection(_ argument: UnsafeMutableRawPointer?) -> ConnectionState {
        Unmanaged<ConnectionState>.fromOpaque(argument!).takeUnretainedValue()
    }
}
