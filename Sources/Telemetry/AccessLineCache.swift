import EventHTTP
import TesseraSupport

/// What one event loop's access lines share from one request to the next: the time up to
/// the second, and the JSON that depends only on the method, route template and status
/// (`AccessLine.putLabels`). The same bytes as writing them afresh (`AccessLineTests`).
///
/// Why: the date and time of day were worked out and the method and route checked for
/// escapes and copied on every line, a share of every cached rect query
/// (docs/performance.md#access-line-cache). Requests in a second share the first, and a
/// loop serves few label sets.
///
/// One per loop, used by that loop's thread only (`HTTPServerObserver.requestFinished`
/// runs on the loop that answered), hence unchecked Sendable, no lock, and no run-time
/// exclusivity checks (`@exclusivity(unchecked)`; docs/performance.md#unchecked-exclusivity).
final class AccessLineCache: @unchecked Sendable {
    /// The time's first `Timestamp.secondPrefixLength` bytes (`2026-11-25T21:45:20.`).
    @exclusivity(unchecked) private var timePrefix = PerSecondText()
    private struct Labels {
        let method: String
        let route: String
        let status: Int
        let bytes: [UInt8]
    }
    /// Label sets seen, most recent first; a few in practice (method × route × status).
    @exclusivity(unchecked) private var labels: [Labels] = []
    static let maxLabelSets = 32

    /// Writes the current time (`Timestamp.length` bytes).
    func putTime(into out: inout OutputWriter) {
        let (seconds, nanoseconds) = WallClock.now()
        timePrefix.withText(for: seconds, format: { Timestamp.writeSecondPrefix(seconds: $0, to: &$1) }) { out.bytes($0) }
        out.fixedDigits(UInt64(nanoseconds / 1_000_000), count: 3)
        out.byte(UInt8(ascii: "Z"))
    }

    /// `AccessLine.putLabels` for `exchange`, from the cache when its label set was seen.
    func putLabels(_ exchange: HTTPExchange, into out: inout OutputWriter) -> Bool {
        // The router's method and route strings are the same storage on every request, so
        // these comparisons usually end at the first word.
        if let found = labels.firstIndex(where: {
            $0.status == exchange.status && $0.route == exchange.route && $0.method == exchange.method
        }) {
            labels[found].bytes.withUnsafeBufferPointer { out.bytes($0) }
            return true
        }
        let capacity = AccessLine.labelsOverhead + exchange.method.utf8.count + exchange.route.utf8.count
        var made = OutputBuffer(capacity: capacity)
        guard made.withReserved(capacity, { AccessLine.putLabels(exchange, into: &$0) }) else { return false }
        labels.insert(Labels(method: exchange.method, route: exchange.route, status: exchange.status, bytes: made.bytes), at: 0)
        if labels.count > Self.maxLabelSets { labels.removeLast() }
        made.withUnsafeBytes { out.bytes($0) }
        return true
    }
}
