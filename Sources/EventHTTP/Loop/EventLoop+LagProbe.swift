import TesseraSupport
import CLibevent
import Glibc

/// Event-loop lag: a timer asks to run every `loopLagIntervalMilliseconds`; how late it
/// runs is how long the loop's callbacks (handlers, parsing, writes) kept it from anything
/// else that became ready. Reported to the observer, never acted on.
extension EventLoop {
    func armLagProbe() {
        guard let lagEvent, !isDraining else { return }
        let interval = max(1, context.configuration.loopLagIntervalMilliseconds)
        var timeout = timeval(tv_sec: interval / 1000, tv_usec: Int((interval % 1000) * 1000))
        lagDue = MonotonicClock.now() &+ UInt64(interval) * 1_000_000
        event_add(lagEvent, &timeout)
    }

    func lagProbeFired() {
        let now = MonotonicClock.now()
        context.observer?.eventLoopLag(loop: index, lagNanoseconds: now > lagDue ? now - lagDue : 0)
        armLagProbe()
    }
}
