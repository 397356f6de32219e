import CoreMetrics
import EventHTTP
import Synchronization

/// The HTTP server's metrics, through swift-metrics (exported by the Prometheus factory):
///
/// - `tessera_http_requests_total{method,route,status}`: replies sent;
/// - `tessera_http_request_duration_seconds{method,route}`: histogram of dispatch → reply;
/// - `tessera_http_request_body_bytes_total{method,route}`, `tessera_http_response_body_bytes_total{method,route}`;
/// - `tessera_worker_queue_depth`, `tessera_worker_wait_seconds`: the offload pool;
/// - `tessera_event_loop_lag_seconds{loop}`: how late each loop's periodic probe ran.
///
/// `route` is the template (`/v1/sessions/{id}`), so the label set stays small whatever
/// ids clients send. Handles are made once per label set and kept: making one goes through
/// the factory's registry lock, recording one is an atomic add or a short lock.
public final class HTTPMetrics: Sendable {
    private struct RouteKey: Hashable {
        let method: String
        let route: String
    }

    private struct StatusKey: Hashable {
        let route: RouteKey
        let status: Int
    }

    private final class RouteHandles: Sendable {
        let duration: CoreMetrics.Timer
        let bytesIn: Counter
        let bytesOut: Counter

        init(_ key: RouteKey, factory: any MetricsFactory) {
            let dimensions = [("method", key.method), ("route", key.route)]
            duration = CoreMetrics.Timer(
                label: "tessera_http_request_duration_seconds", dimensions: dimensions,
                factory: factory)
            bytesIn = Counter(label: "tessera_http_request_body_bytes_total", dimensions: dimensions, factory: factory)
            bytesOut = Counter(label: "tessera_http_response_body_bytes_total", dimensions: dimensions, factory: factory)
        }
    }

    /// A loop's label sets, most recently added first. Unbounded in principle, small in
    /// practice: method × route template × status, and only those the loop served.
    private struct LoopCache {
        struct Entry {
            let method: String
            let route: String
            let status: Int
            let handles: (RouteHandles, Counter)
        }

        var entries: [Entry] = []

        func find(_ exchange: HTTPExchange) -> (RouteHandles, Counter)? {
            for entry in entries
            where entry.status == exchange.status
                && entry.route == exchange.route && entry.method == exchange.method
            {
                return entry.handles
            }
            return nil
        }

        mutating func add(_ exchange: HTTPExchange, _ handles: (RouteHandles, Counter)) {
            entries.insert(
                Entry(
                    method: exchange.method, route: exchange.route, status: exchange.status,
                    handles: handles), at: 0)
        }
    }

    private final class LoopSlot: Sendable {
        let cache = Mutex(LoopCache())
    }

    private struct Handles {
        var routes: [RouteKey: RouteHandles] = [:]
        var requests: [StatusKey: Counter] = [:]
    }

    private let handles = Mutex(Handles())
    /// One per event loop, each used by that loop's thread only.
    private let loopCaches: [LoopSlot]
    private let queueDepth: Gauge
    private let workerWait: CoreMetrics.Timer
    private let loopLag: [CoreMetrics.Timer]

    private let factory: any MetricsFactory

    /// - Parameter factory: swift-metrics' bootstrapped one unless a test brings its own.
    public init(eventLoops: Int, factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
        loopCaches = (0..<max(1, eventLoops)).map { _ in LoopSlot() }
        loopLag = (0..<max(1, eventLoops)).map {
            CoreMetrics.Timer(
                label: "tessera_event_loop_lag_seconds", dimensions: [("loop", String($0))],
                factory: factory)
        }
        queueDepth = Gauge(label: "tessera_worker_queue_depth", factory: factory)
        workerWait = CoreMetrics.Timer(label: "tessera_worker_wait_seconds", factory: factory)
    }

    public func record(_ exchange: HTTPExchange) {
        let (route, requests) = recentHandles(exchange) ?? sharedHandles(exchange)
        requests.increment()
        route.duration.recordNanoseconds(Int64(clamping: exchange.durationNanoseconds))
        if exchange.requestBodyBytes > 0 { route.bytesIn.increment(by: exchange.requestBodyBytes) }
        if exchange.responseBodyBytes > 0 { route.bytesOut.increment(by: exchange.responseBodyBytes) }
    }

    /// The handles of a label set this loop used before, from its own short list: no
    /// hashing, and a lock only its own thread takes. The method and route strings of a
    /// request are the router's own (the same storage every time), so comparing them is a
    /// pointer comparison. Found in the shared table they are added here, so a loop scans
    /// only the label sets it served (the shared table hashes two strings twice;
    /// docs/performance.md#per-loop-metric-handles).
    private func recentHandles(_ exchange: HTTPExchange) -> (RouteHandles, Counter)? {
        guard loopCaches.indices.contains(exchange.loop) else { return nil }
        if let found = loopCaches[exchange.loop].cache.withLock({ $0.find(exchange) }) { return found }
        let made = sharedHandles(exchange)
        loopCaches[exchange.loop].cache.withLock { $0.add(exchange, made) }
        return made
    }

    /// The handles of a label set, made on first use (under the shared table's lock: making
    /// one goes through the factory's registry).
    private func sharedHandles(_ exchange: HTTPExchange) -> (RouteHandles, Counter) {
        let routeKey = RouteKey(method: exchange.method, route: exchange.route)
        return handles.withLock { handles in
            let route =
                handles.routes[routeKey]
                ?? {
                    let made = RouteHandles(routeKey, factory: factory)
                    handles.routes[routeKey] = made
                    return made
                }()
            let statusKey = StatusKey(route: routeKey, status: exchange.status)
            let requests =
                handles.requests[statusKey]
                ?? {
                    let made = Counter(
                        label: "tessera_http_requests_total",
                        dimensions: [
                            ("method", exchange.method), ("route", exchange.route),
                            ("status", String(exchange.status))
                        ],
                        factory: factory)
                    handles.requests[statusKey] = made
                    return made
                }()
            return (route, requests)
        }
    }

    public func workerJobQueued(queueDepth depth: Int) {
        queueDepth.record(depth)
    }

    public func workerJobStarted(waitedNanoseconds: UInt64, queueDepth depth: Int) {
        queueDepth.record(depth)
        workerWait.recordNanoseconds(Int64(clamping: waitedNanoseconds))
    }

    public func eventLoopLag(loop: Int, lagNanoseconds: UInt64) {
        guard loopLag.indices.contains(loop) else { return }
        loopLag[loop].recordNanoseconds(Int64(clamping: lagNanoseconds))
    }
}
