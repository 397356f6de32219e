/// Two snapshots reduced to positions, which is all the diff reads: where each new section
/// and item was in the old snapshot. Both kinds of snapshot come to this (`DiffableSnapshot`
/// through hash tables of identifiers, `PackedSnapshot` through an `IdentifierIndex`), so
/// one algorithm answers both.
public struct SnapshotCorrespondence: Hashable, Sendable {
    /// Items per section, old and new.
    public var oldCounts: [Int]
    public var newCounts: [Int]
    /// For each new section, the index of the old section with its identifier, or -1.
    public var newSectionOrigin: [Int]
    /// For each new item, numbered across sections in order, the old item (numbered the same
    /// way) with its identifier, or -1.
    public var newItemOrigin: [Int]
    /// New item numbers the client reloads, and those it reconfigures (repeats allowed).
    public var reloaded: [Int]
    public var reconfigured: [Int]

    public init(
        oldCounts: [Int], newCounts: [Int], newSectionOrigin: [Int], newItemOrigin: [Int],
        reloaded: [Int] = [], reconfigured: [Int] = []
    ) {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.newSectionOrigin = newSectionOrigin
        self.newItemOrigin = newItemOrigin
        self.reloaded = reloaded
        self.reconfigured = reconfigured
    }
}

/// Where each section starts in the numbering of items across sections (one more entry than
/// sections: the last is the total).
func sectionStarts(_ counts: [Int]) -> [Int] {
    var starts = [Int](repeating: 0, count: counts.count + 1)
    for (s, n) in counts.enumerated() { starts[s + 1] = starts[s] + n }
    return starts
}

/// The section holding item number `flat`, by binary search over `starts`.
@inline(__always)
func section(of flat: Int, _ starts: [Int]) -> Int {
    var low = 0, high = starts.count - 2
    while low < high {
        let mid = (low + high + 1) / 2
        if starts[mid] <= flat { low = mid } else { high = mid - 1 }
    }
    return low
}

extension SnapshotDiff {
    /// The batch for a correspondence (docs/snapshots.md, "The diff's contract").
    ///
    /// - Complexity: O(n log n) for n items and sections: one longest increasing run per kept
    ///   section and one for the sections; items already in order cost O(1) each.
    public init(_ c: SnapshotCorrespondence) {
        self.init()
        let oldStarts = sectionStarts(c.oldCounts), newStarts = sectionStarts(c.newCounts)

        // Sections: kept ones outside a longest run that kept their order move.
        var oldSectionKept = [Bool](repeating: false, count: c.oldCounts.count)
        var keptOldOrder: [Int] = [], keptNew: [Int] = []
        for (t, o) in c.newSectionOrigin.enumerated() {
            if o >= 0 {
                oldSectionKept[o] = true
                keptOldOrder.append(o)
                keptNew.append(t)
            } else {
                insertedSections.append(t)
            }
        }
        deletedSections = c.oldCounts.indices.filter { !oldSectionKept[$0] }
        let sectionStays = longestIncreasingRun(keptOldOrder)
        for k in keptOldOrder.indices where !sectionStays[k] {
            movedSections.append(.init(from: keptOldOrder[k], to: keptNew[k]))
        }

        var reloadMark: [Bool] = []
        if !c.reloaded.isEmpty {
            reloadMark = [Bool](repeating: false, count: c.newItemOrigin.count)
            for n in c.reloaded { reloadMark[n] = true }
        }
        func isReloaded(_ n: Int) -> Bool { !reloadMark.isEmpty && reloadMark[n] }

        // Items go in runs (`StayingRun`): a million items cost a few instructions each in
        // one pass over their origins; everything after it costs per run or per change.
        // `SnapshotDiffTests` hold this to the plain loops (`SnapshotDiff(plain:)` there;
        // docs/performance.md#staying-runs).
        let oldTotal = oldStarts[c.oldCounts.count]
        precondition(c.newItemOrigin.count == newStarts[c.newCounts.count], "an origin for every new item")

        // Items arriving, by new section; those that stay in their section keep a heaviest
        // chain of runs. `covered` gathers the old numbers that arrive in a kept section.
        var deleted: [IndexPath] = [], inserted: [IndexPath] = []
        var covered: [(start: Int, count: Int)] = []
        for (t, o) in c.newSectionOrigin.enumerated() where o >= 0 {
            arrivals(
                c, section: t, from: o, oldStarts, newStarts, oldSectionKept, reloadMark,
                &deleted, &inserted, &covered)
        }

        // Items leaving: those of kept sections that arrive nowhere kept (gone, or gone to an
        // inserted section, whose data lists its items). Origins are unique, so the covered
        // ranges are disjoint: the gaps between them are the deletes.
        covered.sort { $0.start < $1.start }
        precondition(covered.last.map { $0.start + $0.count <= oldTotal } ?? true, "an origin past the old items")
        var k = 0
        for s in c.oldCounts.indices where oldSectionKept[s] {
            var flat = oldStarts[s]
            let end = oldStarts[s + 1]
            while flat < end {
                while k < covered.count && covered[k].start + covered[k].count <= flat { k += 1 }
                if k < covered.count && covered[k].start <= flat {
                    flat = covered[k].start + covered[k].count
                    continue
                }
                let gapEnd = k < covered.count ? min(covered[k].start, end) : end
                for gone in flat..<gapEnd { deleted.append(IndexPath(s, gone - oldStarts[s])) }
                flat = gapEnd
            }
        }
        deletedItems = deleted
        insertedItems = inserted

        // Reconfigured: only items the batch neither inserts nor deletes.
        var reported = Set<Int>()
        for n in c.reconfigured where !isReloaded(n) && reported.insert(n).inserted {
            let from = c.newItemOrigin[n]
            guard from >= 0 else { continue }
            let t = section(of: n, newStarts), fromSection = section(of: from, oldStarts)
            guard c.newSectionOrigin[t] >= 0, oldSectionKept[fromSection] else { continue }
            reconfiguredItems.append(
                .init(
                    from: IndexPath(fromSection, from - oldStarts[fromSection]),
                    to: IndexPath(t, n - newStarts[t])))
        }

        deletedItems.sort()
        insertedItems.sort()
        movedItems.sort { $0.to < $1.to }
        reloadedItems.sort()
        reconfiguredItems.sort { $0.to < $1.to }
    }

    /// The items arriving in kept new section `t` (old section `o`): inserted, moved in from
    /// another section, or staying, in runs (`StayingRun`), where the runs outside a heaviest
    /// increasing chain move. One pass over the section's origins; then only the items of
    /// runs that move (and, when the batch reloads, of every run) are visited again.
    private mutating func arrivals(
        _ c: SnapshotCorrespondence, section t: Int, from o: Int, _ oldStarts: [Int], _ newStarts: [Int],
        _ oldSectionKept: [Bool], _ reloadMark: [Bool], _ deleted: inout [IndexPath], _ inserted: inout [IndexPath],
        _ covered: inout [(start: Int, count: Int)]
    ) {
        let base = newStarts[t], count = c.newCounts[t], oldBase = oldStarts[o], oldEnd = oldStarts[o + 1]
        func isReloaded(_ n: Int) -> Bool { !reloadMark.isEmpty && reloadMark[n] }
        c.newItemOrigin.withUnsafeBufferPointer { origin in
            var runs: [StayingRun] = []
            // The run being gathered, kept in locals: appended when the next staying item
            // does not extend it.
            var run = StayingRun(firstItem: 0, oldStart: 0, count: 0)
            // The old number that extends `run`; -2 (no origin) once that would leave the old
            // section, so that most items cost one comparison.
            var next = -2
            var j = 0
            while j < count {
                if next >= 0 {
                    // The items that extend the run, in a loop of their own: most items are
                    // these, at a load and a comparison each (docs/performance.md#staying-runs).
                    let limit = min(count, j &+ (oldEnd &- next))
                    var e = j, v = next
                    while e < limit && origin[base &+ e] == v {
                        e &+= 1
                        v &+= 1
                    }
                    run.count &+= e &- j
                    next = v == oldEnd ? -2 : v
                    j = e
                    guard j < count else { break }
                }
                defer { j &+= 1 }
                let from = origin[base &+ j]
                if from >= oldBase && from < oldEnd {
                    if run.count > 0 { runs.append(run) }
                    run = StayingRun(firstItem: j, oldStart: from, count: 1)
                    next = from &+ 1 == oldEnd ? -2 : from &+ 1
                    continue
                }
                let to = IndexPath(t, j)
                guard from >= 0 else {
                    inserted.append(to)
                    continue
                }
                covered.append((from, 1))
                let fromSection = section(of: from, oldStarts)
                if !oldSectionKept[fromSection] {
                    inserted.append(to) // its section was deleted
                } else if isReloaded(base &+ j) {
                    deleted.append(IndexPath(fromSection, from - oldStarts[fromSection]))
                    inserted.append(to) // reloaded and moved
                } else {
                    movedItems.append(.init(from: IndexPath(fromSection, from - oldStarts[fromSection]), to: to))
                }
            }
            if run.count > 0 { runs.append(run) }

            let stays = heaviestIncreasingRuns(runs)
            for (r, run) in runs.enumerated() {
                covered.append((run.oldStart, run.count))
                if stays[r] && reloadMark.isEmpty { continue }
                // The run's items again: the next `count` staying items from its first.
                var j = run.firstItem, taken = 0
                while taken < run.count {
                    defer { j &+= 1 }
                    let n = base &+ j
                    let from = origin[n]
                    guard from >= oldBase && from < oldEnd else { continue }
                    taken &+= 1
                    let reload = isReloaded(n)
                    if stays[r] && !reload { continue }
                    let fromPath = IndexPath(o, from &- oldBase), to = IndexPath(t, j)
                    switch (stays[r], reload) {
                    case (true, _): reloadedItems.append(fromPath)
                    case (false, true):
                        deleted.append(fromPath)
                        inserted.append(to)
                    case (false, false): movedItems.append(.init(from: fromPath, to: to))
                    }
                }
            }
        }
    }
}
