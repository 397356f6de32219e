import TesseraSupport

/// Time for idle expiry, injectable so the store is tested without sleeping.
public protocol SessionClock: Sendable {
    /// Monotonic nanoseconds.
    func nowNanoseconds() -> UInt64
}

/// The real clock: TesseraSupport's CLOCK_MONOTONIC, read directly (a cached rect query reads
/// it twice).
public struct SystemSessionClock: SessionClock {
    public init() {}

    public func nowNanoseconds() -> UInt64 { MonotonicClock.now() }
}
