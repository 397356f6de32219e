/// Finds, among intervals kept in index order, the contiguous index range that can meet a
/// query interval: the search behind R14's O(log n + k) queries, used for section bands
/// and for the lines of a mixed section.
///
/// Stacking along the scroll axis makes starts and ends rise with the index, and then two
/// binary searches over the intervals themselves suffice. Negative spacing or insets (R11)
/// can make them fall back; then a prefix maximum of the ends and a suffix minimum of the
/// starts, both non-decreasing by construction, take their place. The envelope is only
/// stored in that case, so ordinary layouts pay nothing for it.
struct IntervalEnvelope: Sendable {
    private let prefixMaxEnd: [Double]
    private let suffixMinStart: [Double]
    /// The first index whose start or end is below its predecessor's; `count` when none.
    let firstDecrease: Int
    var isMonotone: Bool { prefixMaxEnd.isEmpty }

    /// - Parameter monotonePrefix: intervals `0..<monotonePrefix` are already known to rise
    ///   (an update that kept them), so the check starts after them.
    init(count: Int, monotonePrefix: Int = 0, start: (Int) -> Double, end: (Int) -> Double) {
        var monotone = true
        var i = max(1, min(monotonePrefix, count))
        while i < count {
            if start(i) < start(i - 1) || end(i) < end(i - 1) {
                monotone = false
                break
            }
            i += 1
        }
        firstDecrease = monotone ? count : i
        guard !monotone else {
            prefixMaxEnd = []
            suffixMinStart = []
            return
        }
        var maxEnd = [Double](repeating: 0, count: count)
        var minStart = [Double](repeating: 0, count: count)
        var running = -Double.infinity
        for j in 0..<count {
            running = max(running, end(j))
            maxEnd[j] = running
        }
        running = .infinity
        for j in stride(from: count - 1, through: 0, by: -1) {
            running = min(running, start(j))
            minStart[j] = running
        }
        prefixMaxEnd = maxEnd
        suffixMinStart = minStart
    }

    /// Every interval meeting `[lo, hi]` (closed) lies in the returned range; the caller
    /// still tests each candidate.
    /// - Complexity: O(log count).
    @inline(__always)
    func candidates(
        count: Int, lo: Double, hi: Double,
        start: (Int) -> Double, end: (Int) -> Double
    ) -> Range<Int> {
        let first: Int, stop: Int
        if isMonotone {
            first = partitionPoint(count) { end($0) >= lo }
            stop = partitionPoint(count) { start($0) > hi }
        } else {
            first = partitionPoint(count) { prefixMaxEnd[$0] >= lo }
            stop = partitionPoint(count) { suffixMinStart[$0] > hi }
        }
        return first < stop ? first..<stop : first..<first
    }

    /// Bytes held beyond the intervals themselves.
    var storageBytes: Int { 8 * (prefixMaxEnd.capacity + suffixMinStart.capacity) }
}

/// The first index in `0..<count` where `isAfter` holds, for a predicate that is false and
/// then true along the indexes (`count` when it never holds).
/// - Complexity: O(log count).
@inline(__always)
func partitionPoint(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
    var lo = 0, hi = count
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if isAfter(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
}
