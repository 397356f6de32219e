import CLibevent
import Glibc

/// A job the server runs every so often (an expiry sweep) on a worker thread, timed by the
/// first loop: no other thread or timer machinery, and it ends with the server.
/// Unchecked: made on the caller's thread and handed to the loop once; only the loop
/// touches it after that.
final class PeriodicJob: @unchecked Sendable {
    let job: @Sendable () -> Void
    var event: OpaquePointer?

    init(_ job: @escaping @Sendable () -> Void) {
        self.job = job
    }
}

extension HTTPServer {
    /// Runs `job` on a worker every `seconds` while the server runs. A round is skipped when
    /// the worker queue is full. (libdispatch's timers were used before; their lazy set-up
    /// needs descriptors, and aborted the process when they had run out.)
    /// Once a shutdown has begun this does nothing.
    /// - Precondition: the server has been started.
    public func runPeriodically(everySeconds seconds: Int, _ job: @escaping @Sendable () -> Void) {
        guard let loop = loopForSetUp("runPeriodically") else { return } // shutting down: no more rounds
        let periodic = PeriodicJob(job)
        loop.post { [loop] in loop.schedule(periodic, everySeconds: seconds) }
    }
}

extension EventLoop {
    func schedule(_ periodic: PeriodicJob, everySeconds seconds: Int) {
        guard !isTearingDown,
            let event = event_new(
                base, -1, Int16(EV_PERSIST), Callbacks.periodic,
                Unmanaged.passUnretained(periodic).toOpaque())
        else { return }
        periodic.event = event
        periodicJobs.append(periodic)
        var interval = timeval(tv_sec: max(1, seconds), tv_usec: 0)
        event_add(event, &interval)
    }

    func runPeriodic(_ periodic: PeriodicJob) {
        let job = periodic.job
        _ = context.workers.submit { _ in job() }
    }
}
