import CLibevent
import Glibc

/// CLOCK_MONOTONIC in nanoseconds: durations that wall-clock steps cannot bend. Read
/// through the vDSO, so it costs no system call.
enum MonotonicClock {
    @inline(__always)
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
