import CoreMetrics
import Synchronization

/// The service's own metrics, through swift-metrics (no-ops until the executable
/// bootstraps a backend; `tessera serve` exports them at `GET /metrics`).
///
/// - `tessera_reply_cache_lookups_total{result="hit"|"miss"}`: rect queries answered from a
///   session's reply cache, and those that had to query and encode;
/// - `tessera_sessions`, `tessera_session_items`: what the store holds, set at each scrape;
/// - `tessera_sessions_quarantined_total`: stored sessions this process found damaged (a
///   checksum that does not match, bytes that no longer decode) and set aside;
/// - `tessera_store_operations_total{backend,operation,outcome}` and
///   `tessera_store_operation_duration_seconds{backend,operation}`: see `recordStoreOperation`.
public enum ServiceMetrics {
    // Made on first use, after the executable's bootstrap: a handle made before it would
    // stay a no-op for good.
    static let replyCacheHits = Counter(label: "tessera_reply_cache_lookups_total", dimensions: [("result", "hit")])
    static let replyCacheMisses = Counter(label: "tessera_reply_cache_lookups_total", dimensions: [("result", "miss")])
    private static let sessionsHeld = Gauge(label: "tessera_sessions")
    private static let itemsHeld = Gauge(label: "tessera_session_items")
    private static let sessionsQuarantined = Counter(label: "tessera_sessions_quarantined_total")

    /// One stored session quarantined: damaged data should page someone, not only fill a log.
    static func recordQuarantine() { sessionsQuarantined.increment() }

    /// Sets the store gauges; the `/metrics` handler calls it before rendering.
    public static func recordStoreContents(sessions: Int, items: Int) {
        sessionsHeld.record(sessions)
        itemsHeld.record(items)
        // Made here too, so the counter shows (at 0) before the first quarantine: an alert
        // on its increase needs a starting point.
        sessionsQuarantined.increment(by: 0)
    }

    /// The seam for session-store backends (memory, SQLite, Redis…): call it once per
    /// operation with the backend's name (`"sqlite"`), the operation (`"load"`, `"save"`,
    /// `"delete"`, `"ping"`…), how long it took, and whether it failed. Names must be a
    /// small fixed set: each (backend, operation) pair is one time series.
    ///
    ///     let start = ContinuousClock.now
    ///     // … the operation …
    ///     ServiceMetrics.recordStoreOperation(backend: "sqlite", operation: "save",
    ///                                         duration: ContinuousClock.now - start, failed: false)
    public static func recordStoreOperation(backend: String, operation: String, duration: Duration, failed: Bool) {
        storeOperations.record(backend: backend, operation: operation, duration: duration, failed: failed)
    }

    /// Made on first use, after the executable's bootstrap, like the handles above.
    private static let storeOperations = StoreOperationMetrics()
}

/// `tessera_store_operations_total{backend,operation,outcome}` and
/// `tessera_store_operation_duration_seconds{backend,operation}`, with handles made once per
/// (backend, operation) and kept. The factory is swift-metrics' bootstrapped one unless a
/// test gives its own.
public final class StoreOperationMetrics: Sendable {
    private final class Handles: Sendable {
        let successes: Counter
        let failures: Counter
        let duration: CoreMetrics.Timer

        init(_ key: Key, factory: any MetricsFactory) {
            let base = [("backend", key.backend), ("operation", key.operation)]
            successes = Counter(
                label: "tessera_store_operations_total", dimensions: base + [("outcome", "ok")],
                factory: factory)
            failures = Counter(
                label: "tessera_store_operations_total", dimensions: base + [("outcome", "error")],
                factory: factory)
            duration = CoreMetrics.Timer(
                label: "tessera_store_operation_duration_seconds", dimensions: base,
                factory: factory)
        }
    }

    private struct Key: Hashable {
        let backend: String
        let operation: String
    }

    private let factory: any MetricsFactory
    private let made = Mutex<[Key: Handles]>([:])

    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    public func record(backend: String, operation: String, duration: Duration, failed: Bool) {
        let key = Key(backend: backend, operation: operation)
        let handles = made.withLock { made in
            if let handles = made[key] { return handles }
            let handles = Handles(key, factory: factory)
            made[key] = handles
            return handles
        }
        (failed ? handles.failures : handles.successes).increment()
        let (seconds, attoseconds) = duration.components
        handles.duration.recordNanoseconds(Int64(clamping: seconds) &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
    }
}
