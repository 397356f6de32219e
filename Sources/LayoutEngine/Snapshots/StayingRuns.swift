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

    var rank = [Int](repeating: 0, count: r)
    for (position, k) in runs.indices.sorted(by: { runs[$0].oldStart < runs[$1].oldStart }).enumerated() {
        rank[k] = position
    }
    // tree[i] (1-based, Fenwick): the heaviest (weight, run) among the ranks it covers; a
    // heavier weight wins, then the later run.
    var tree = [(weight: Int, run: Int)](repeating: (0, -1), count: r + 1)
    func better(_ a: (weight: Int, run: Int), _ b: (weight: Int, run: Int)) -> Bool {
        a.weight > b.weight || (a.weight == b.weight && a.run > b.run)
    }
    var previous = [Int](repeating: -1, count: r)
    var best = (weight: 0, run: -1)
    for k in 0..<r {
        // The heaviest chain among the runs ranked below this one.
        var before = (weight: 0, run: -1)
        var i = rank[k]
        while i > 0 {
            if better(tree[i], before) { before = tree[i] }
            i &= i - 1
        }
        previous[k] = before.run
        let chain = (weight: before.weight + runs[k].count, run: k)
        if better(chain, best) { best = chain }
        i = rank[k] + 1
        while i <= r {
            if better(chain, tree[i]) { tree[i] = chain }
            i += i & -i
        }
    }
    var kept = [Bool](repeating: false, count: r)
    var k = best.run
    while k >= 0 {
        kept[k] = true
        k = previous[k]
    }
    return kept
}
