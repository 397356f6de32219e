#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds: durations that wall-clock steps cannot bend (deadlines,
/// leases, idle expiry). Read through the vDSO, so it costs no system call; `ContinuousClock`
/// cost ~550 instructions a read through `Duration`'s 128-bit arithmetic (docs/performance.md).
package enum MonotonicClock {
    @inline(__always)
    package static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
