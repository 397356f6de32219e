import TesseraSupport
import EventHTTP
import LayoutService
import Telemetry

extension Routes {
    /// `GET /metrics`: every metric in Prometheus' text format. The store gauges are read
    /// at scrape time (one pass over the sessions), not kept up to date per request.
    static func addMetrics(to router: inout Router, exposition: PrometheusExposition, store: SessionStore) {
        router.add(.GET, "/metrics") { _ in
            ServiceMetrics.recordStoreContents(sessions: store.count, items: store.itemCount)
            return Reply(
                status: 200, headers: [(Reply.contentTypeHeader, PrometheusExposition.contentType)],
                body: exposition.render())
        }
    }
}
