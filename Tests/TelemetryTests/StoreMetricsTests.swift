import LayoutService
import Prometheus
import Testing

/// The seam session-store backends call: one counter per outcome and one latency histogram
/// per (backend, operation), read back in Prometheus' text format from a registry of the
/// test's own (the process-wide bootstrap stays untouched).
@Suite struct StoreMetricsTests {
    @Test func operationsAreCountedByOutcomeAndTimed() {
        let registry = PrometheusCollectorRegistry()
        let metrics = StoreOperationMetrics(factory: PrometheusMetricsFactory(registry: registry))
        metrics.record(backend: "sqlite", operation: "save", duration: .milliseconds(2), failed: false)
        metrics.record(backend: "sqlite", operation: "save", duration: .milliseconds(4), failed: false)
        metrics.record(backend: "sqlite", operation: "save", duration: .milliseconds(30), failed: true)
        metrics.record(backend: "redis", operation: "load", duration: .microseconds(250), failed: false)
        let text = registry.emitToString()
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains(#"tessera_store_operations_total{backend="sqlite",operation="save",outcome="ok"} 2"#))
        #expect(lines.contains(#"tessera_store_operations_total{backend="sqlite",operation="save",outcome="error"} 1"#))
        #expect(lines.contains(#"tessera_store_operations_total{backend="redis",operation="load",outcome="ok"} 1"#))
        #expect(lines.contains(#"tessera_store_operations_total{backend="redis",operation="load",outcome="error"} 0"#))
        #expect(lines.contains(#"tessera_store_operation_duration_seconds_count{backend="sqlite",operation="save"} 3"#))
        // 2 + 4 + 30 ms.
        #expect(lines.contains(#"tessera_store_operation_duration_seconds_sum{backend="sqlite",operation="save"} 0.036"#))
    }
}
