#if canImport(Glibc)
import Glibc
#endif

/// Time for idle expiry, injectable so the store is tested without sleeping.
public protocol SessionClock: Sendable {
    /// Monotonic nanoseconds.
    func nowNanoseconds() -> UInt64
}

/// The real clock: CLOCK_MONOTONIC read directly (through the vDSO). `ContinuousClock.now`
/// minus an origin, turned into nanoseconds through `Duration.components`, cost ~550
/// instructions per read in 128-bit arithmetic, and a cached rect query reads the clock
/// twice (callgrind, BENCHMARKS.md "Per-request costs after the telemetry pass").
public struct SystemSessionClock: SessionClock {
    public init() {}

    public func nowNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
