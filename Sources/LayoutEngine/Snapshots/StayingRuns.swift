/// Items of one kept section that stay in it, taken in their new order and cut where the
/// next one's old index is not one more than the last's: most snapshots keep most items in
/// order, so a section of a million items comes to a few runs per change.
struct StayingRun: Equatable {
    /// The new index (in the section) of the run's first item. Items that do not stay may
    /// stand between the run's items; the run's items are the next `count` that stay.
    var firstItem: Int
    /// The old number (across sections) of the run's first item; the others follow it.
    var oldStart: Int
    var count: Int
}

/// Marks the runs of one heaviest chain of `runs` whose old starts increase, weighing each
/// run by its item count: the runs a longest increasing run of their items keeps whole.
///
/// Old identifiers are unique, so the runs cover disjoint ranges of old numbers: an
/// increasing run of items that takes one item of a run can take all of it, and a heaviest
/// chain of runs is a longest increasing run of items (docs/snapshots.md). One prefix-maximum
/// tree over the runs ranked by old start, O(r log r) for r runs.
///
/// The chain is the one a plain dynamic programme picks (`SnapshotDiffTests` holds it to
/// one): each run follows the heaviest chain before it that it can extend, the later run on
/// a tie, and the chain ends at the heaviest run, the later on a tie.
func heaviestIncreasingRuns(_ runs: [StayingRun]) -> [Bool] {
    let r = runs.count
    guard r > 1 else { return [Bool](repeating: true, count: r) }
    // Already in order (the common case after a few inserts and deletes): every run stays.
    var ordered = true
    for k in 1..<r where runs[k].oldStart < runs[k - 1].oldStart {
        ordered = false
        break
    }
    if ordered { return [Bool](repeating: true, count: r) }

    // Ranks by old start (the starts differ: the runs' ranges are disjoint), sorting integers
    // that carry the run's index in their low half rather than indices through a closure
    // (docs/performance.md#staying-runs).
    var rank = [Int](repeating: 0, count: r)
    var keys = [UInt64]()
    keys.reserveCapacity(r)
    for (k, run) in runs.enumerated() {
        precondition(run.oldStart >= 0 && run.oldStart < 1 << 32 && k < 1 << 32, "run starts and counts fit 32 bits")
        keys.append(UInt64(run.oldStart) << 32 | UInt64(k))
    }
    keys.sort()
    for (position, key) in keys.enumerated() { rank[Int(key & 0xFFFF_FFFF)] = position }
    // tree[i] (1-based, Fenwick): the heaviest chain among the ranks it covers, as the weight
    // in the high half and the run + 1 in the low half (0: none), so that the larger number is
    // the better chain: a heavier weight wins, then the later run.
    var tree = [UInt64](repeating: 0, count: r + 1)
    var previous = [Int](repeating: -1, count: r)
    var best: UInt64 = 0
    for k in 0..<r {
        // The heaviest chain among the runs ranked below this one.
        var before: UInt64 = 0
        var i = rank[k]
        while i > 0 {
            before = max(before, tree[i])
            i &= i - 1
        }
        previous[k] = Int(before & 0xFFFF_FFFF) - 1
        let weight = (before >> 32) + UInt64(runs[k].count)
        precondition(weight < 1 << 32, "chains of fewer than 2³² items")
        let chain = weight << 32 | UInt64(k + 1)
        best = max(best, chain)
        i = rank[k] + 1
        while i <= r {
            tree[i] = max(tree[i], chain)
            i += i & -i
        }
    }
    var kept = [Bool](repeating: false, count: r)
    var k = Int(best & 0xFFFF_FFFF) - 1
    while k >= 0 {
        kept[k] = true
        k = previous[k]
    }
    return kept
}
