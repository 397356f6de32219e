/// Time for idle expiry, injectable so the store is tested without sleeping.
public protocol SessionClock: Sendable {
    /// Monotonic nanoseconds.
    func nowNanoseconds() -> UInt64
}

/// The real clock: ContinuousClock, monotonic.
public struct SystemSessionClock: SessionClock {
    private let origin = ContinuousClock.now

    public init() {}

    public func nowNanoseconds() -> UInt64 {
        let d = ContinuousClock.now - origin
        return UInt64(d.components.seconds) * 1_000_000_000 + UInt64(d.components.attoseconds / 1_000_000_000)
    }
}
