import CoreMetrics
import Prometheus

/// swift-metrics bootstrapped with the Prometheus factory, and the `/metrics` page.
public final class PrometheusExposition: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public let registry: PrometheusCollectorRegistry

    /// Request durations are microseconds to seconds: buckets from 50 µs to 10 s.
    static let latencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)
    ]

    /// Loop lag is healthy under a millisecond; seconds mean a handler blocked its loop.
    static let lagBuckets: [Duration] = [
        .microseconds(100), .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50),
        .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5)
    ]

    private init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    /// Makes every swift-metrics metric of the process (this module's and LayoutService's)
    /// a Prometheus one. Call once, before any metric is made: swift-metrics allows one
    /// bootstrap per process, and handles made earlier stay no-ops.
    public static func bootstrap() -> PrometheusExposition {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = latencyBuckets
        factory.durationHistogramBuckets = ["tessera_event_loop_lag_seconds": lagBuckets]
        MetricsSystem.bootstrap(factory)
        return PrometheusExposition(registry: registry)
    }

    /// The text exposition format (version 0.0.4) of every metric registered so far.
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 << 10)
        registry.emit(into: &buffer)
        return buffer
    }
}
