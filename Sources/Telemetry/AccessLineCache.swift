import EventHTTP
import Glibc
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
    /// The second `timePrefix` holds, and the time's first 20 bytes (`2026-11-25T21:45:20.`).
    @exclusivity(unchecked) private var second = Int.min
    @exclusivity(unchecked) private var timePrefix: (UInt64, UInt64, UInt32) = (0, 0, 0)
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
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let milliseconds = Int(spec.tv_nsec / 1_000_000)
        if spec.tv_sec != second {
            second = spec.tv_sec
            timePrefix = OutputBuffer.withTemporary(capacity: Timestamp.length) { full in
                Timestamp.write(seconds: spec.tv_sec, milliseconds: 0, to: &full)
                return (full.loadWritten(littleEndianFrom: 0, count: 8), full.loadWritten(littleEndianFrom: 8, count: 8),
                        UInt32(truncatingIfNeeded: full.loadWritten(littleEndianFrom: 16, count: 4)))
            }
        }
        out.littleEndian(timePrefix.0)
        out.littleEndian(timePrefix.1)
        out.littleEndian(timePrefix.2)
        out.fixedDigits(UInt64(milliseconds), count: 3)
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
