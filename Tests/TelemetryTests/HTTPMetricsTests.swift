import EventHTTP
import Prometheus
import Testing
import Telemetry

/// The per-loop handle lists give each request to the same counters and histograms as the
/// shared table: whichever loop (or none) records an exchange, the totals per label set are
/// the requests made, read back from a registry of the test's own.
@Suite struct HTTPMetricsTests {
    @Test func everyLoopCountsIntoTheSameLabelSets() {
        let registry = PrometheusCollectorRegistry()
        let metrics = HTTPMetrics(eventLoops: 2, factory: PrometheusMetricsFactory(registry: registry))
        let elements = "/v1/sessions/{id}/elements"
        // Loops 0 and 1 have lists; loop 7 does not exist and goes to the shared table.
        for loop in [0, 1, 7] {
            for _ in 0..<3 {
                metrics.record(
                    HTTPExchange(
                        method: "GET", route: elements, status: 200, responseBodyBytes: 100,
                        durationNanoseconds: 1_000_000, loop: loop))
            }
            metrics.record(HTTPExchange(method: "GET", route: elements, status: 404, responseBodyBytes: 10, loop: loop))
            metrics.record(
                HTTPExchange(
                    method: "POST", route: "/v1/sessions", status: 201, requestBodyBytes: 50,
                    loop: loop))
        }
        // Equal strings made apart (not the same storage) are the same label set.
        let built = String("/v1/sessions/{id}/") + "elements"
        metrics.record(HTTPExchange(method: String("GE") + "T", route: built, status: 200, loop: 0))

        let lines = Set(registry.emitToString().split(separator: "\n").map(String.init))
        // 3 loops × 3 + 1.
        #expect(lines.contains(#"tessera_http_requests_total{method="GET",route="\#(elements)",status="200"} 10"#))
        #expect(lines.contains(#"tessera_http_requests_total{method="GET",route="\#(elements)",status="404"} 3"#))
        #expect(lines.contains(#"tessera_http_requests_total{method="POST",route="/v1/sessions",status="201"} 3"#))
        // 3 loops × (3 × 100 + 10).
        #expect(lines.contains(#"tessera_http_response_body_bytes_total{method="GET",route="\#(elements)"} 930"#))
        #expect(lines.contains(#"tessera_http_request_body_bytes_total{method="POST",route="/v1/sessions"} 150"#))
        #expect(lines.contains(#"tessera_http_request_duration_seconds_count{method="GET",route="\#(elements)"} 13"#))
        // 9 requests of 1 ms.
        #expect(lines.contains(#"tessera_http_request_duration_seconds_sum{method="GET",route="\#(elements)"} 0.009"#))
    }
}
