#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_REALTIME: the time other processes and machines agree on (expiry times in a shared
/// store, the replies' Date field, log timestamps). Durations use `MonotonicClock` instead.
/// Read through the vDSO: no system call.
@usableFromInline package enum WallClock {
    /// Seconds and nanoseconds since the epoch.
    @inlinable @inline(__always)
    package static func now() -> (seconds: Int, nanoseconds: Int) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (spec.tv_sec, spec.tv_nsec)
    }

    /// The current second as of the last clock tick (CLOCK_REALTIME_COARSE, a few
    /// milliseconds behind at most): plenty for text that changes once a second.
    @inlinable @inline(__always)
    package static func coarseSeconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &spec)
        return spec.tv_sec
    }

    /// Milliseconds since the epoch: expiry times shared by processes (and machines) must use
    /// the wall clock, not a process's monotonic one.
    @inlinable
    package static func milliseconds() -> Int64 {
        let (seconds, nanoseconds) = now()
        return Int64(seconds) * 1000 + Int64(nanoseconds) / 1_000_000
    }
}
