import EventHTTP
import Glibc

/// What one event loop's access lines share from one request to the next: the time up to
/// the second, and the JSON that depends only on the method, route template and status
/// (`AccessLine.putLabels`). The same bytes as writing them afresh (`AccessLineTests`).
///
/// Why: on a cached rect query the line cost ~2,500 instructions, ~5.7 % of the request
/// (callgrind); the date and time of day were worked out and the method and route checked
/// for escapes and copied on every line (~600 of those). Requests in a second share the
/// first, and a loop serves few label sets.
///
/// One per loop, used by that loop's thread only (`HTTPServerObserver.requestFinished`
/// runs on the loop that answered), hence unchecked Sendable, no lock, and no run-time
/// exclusivity checks (`@exclusivity(unchecked)`: they were ~230 instructions a line).
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
    func putTime(into out: inout AccessLine.Cursor) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let milliseconds = Int(spec.tv_nsec / 1_000_000)
        if spec.tv_sec != second {
            second = spec.tv_sec
            withUnsafeMutableBytes(of: &timePrefix) { prefix in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.length) { full in
                    _ = Timestamp.write(seconds: spec.tv_sec, milliseconds: 0, into: full)
                    prefix.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(full)[..<20]))
                }
            }
        }
        withUnsafeBytes(of: &timePrefix) { out.put($0.bindMemory(to: UInt8.self)) }
        out.putDigits(milliseconds, count: 3)
        out.put("Z")
    }

    /// `AccessLine.putLabels` for `exchange`, from the cache when its label set was seen.
    func putLabels(_ exchange: HTTPExchange, into out: inout AccessLine.Cursor) -> Bool {
        // The router's method and route strings are the same storage on every request, so
        // these comparisons usually end at the first word.
        if let found = labels.firstIndex(where: {
            $0.status == exchange.status && $0.route == exchange.route && $0.method == exchange.method
        }) {
            labels[found].bytes.withUnsafeBufferPointer { out.put($0) }
            return true
        }
        let capacity = AccessLine.labelsOverhead + exchange.method.utf8.count + exchange.route.utf8.count
        let made: [UInt8]? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var scratch = AccessLine.Cursor(buffer.baseAddress!)
            guard AccessLine.putLabels(exchange, into: &scratch) else { return nil }
            return Array(UnsafeBufferPointer(start: buffer.baseAddress, count: scratch.count))
        }
        guard let made else { return false }
        labels.insert(Labels(method: exchange.method, route: exchange.route, status: exchange.status, bytes: made), at: 0)
        if labels.count > Self.maxLabelSets { labels.removeLast() }
        made.withUnsafeBufferPointer { out.put($0) }
        return true
    }
}
