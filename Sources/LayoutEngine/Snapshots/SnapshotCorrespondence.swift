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

    public init(oldCounts: [Int], newCounts: [Int], newSectionOrigin: [Int], newItemOrigin: [Int],
                reloaded: [Int] = [], reconfigured: [Int] = []) {
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

        // The item loops run over the arrays' buffers: the checked accessors and appends cost
        // several times as much (docs/performance.md#diff-buffers).
        // `SnapshotDiffTests` hold them to the plain loops (`SnapshotDiff(plain:)` there).
        let oldTotal = oldStarts[c.oldCounts.count]
        precondition(c.newItemOrigin.count == newStarts[c.newCounts.count], "an origin for every new item")

        // Items leaving: gone, or leaving for an inserted section (its data lists its items).
        var arrives = [Bool](repeating: false, count: oldTotal)    // in a kept section
        c.newItemOrigin.withUnsafeBufferPointer { origin in
            arrives.withUnsafeMutableBufferPointer { arrives in
                for (t, o) in c.newSectionOrigin.enumerated() where o >= 0 {
                    for n in newStarts[t]..<newStarts[t + 1] {
                        let from = origin[n]
                        guard from >= 0 else { continue }
                        precondition(from < oldTotal, "an origin past the old items")
                        arrives[from] = true
                    }
                }
            }
        }
        var deleted: [IndexPath] = [], inserted: [IndexPath] = []
        arrives.withUnsafeBufferPointer { arrives in
            for s in c.oldCounts.indices where oldSectionKept[s] {
                for flat in oldStarts[s]..<oldStarts[s + 1] where !arrives[flat] {
                    deleted.append(IndexPath(s, flat - oldStarts[s]))
                }
            }
        }

        // Items arriving, by new section; those that stay in their section keep a longest run.
        for (t, o) in c.newSectionOrigin.enumerated() where o >= 0 {
            // Old indexes as 32-bit integers where they fit (half the scratch memory).
            if max(c.newCounts[t], c.oldCounts[o]) < Int(Int32.max) {
                arrivals(Int32.self, c, section: t, from: o, oldStarts, newStarts, oldSectionKept, reloadMark,
                         &deleted, &inserted)
            } else {
                arrivals(Int.self, c, section: t, from: o, oldStarts, newStarts, oldSectionKept, reloadMark,
                         &deleted, &inserted)
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
            reconfiguredItems.append(.init(from: IndexPath(fromSection, from - oldStarts[fromSection]),
                                           to: IndexPath(t, n - newStarts[t])))
        }

        deletedItems.sort()
        insertedItems.sort()
        movedItems.sort { $0.to < $1.to }
        reloadedItems.sort()
        reconfiguredItems.sort { $0.to < $1.to }
    }

    /// The items arriving in kept new section `t` (old section `o`): inserted, moved in from
    /// another section, or staying, where those outside a longest run of their old indexes
    /// (`V` wide) move. Two passes over the section's origins, the staying items' old indexes
    /// in scratch memory between them.
    private mutating func arrivals<V: FixedWidthInteger & SignedInteger>(
        _: V.Type, _ c: SnapshotCorrespondence, section t: Int, from o: Int, _ oldStarts: [Int], _ newStarts: [Int],
        _ oldSectionKept: [Bool], _ reloadMark: [Bool], _ deleted: inout [IndexPath], _ inserted: inout [IndexPath]
    ) {
        let base = newStarts[t], count = c.newCounts[t], oldBase = oldStarts[o], oldEnd = oldStarts[o + 1]
        func isReloaded(_ n: Int) -> Bool { !reloadMark.isEmpty && reloadMark[n] }
        c.newItemOrigin.withUnsafeBufferPointer { origin in
            withUnsafeTemporaryAllocation(of: V.self, capacity: count) { oldIndexes in
                var staying = 0
                for j in 0..<count {
                    let n = base &+ j
                    let from = origin[n]
                    if from >= oldBase && from < oldEnd {
                        oldIndexes.initializeElement(at: staying, to: V(truncatingIfNeeded: from &- oldBase))
                        staying &+= 1
                        continue
                    }
                    let to = IndexPath(t, j)
                    guard from >= 0 else {
                        inserted.append(to)
                        continue
                    }
                    let fromSection = section(of: from, oldStarts)
                    if !oldSectionKept[fromSection] {
                        inserted.append(to)             // its section was deleted
                    } else if isReloaded(n) {
                        deleted.append(IndexPath(fromSection, from - oldStarts[fromSection]))
                        inserted.append(to)             // reloaded and moved
                    } else {
                        movedItems.append(.init(from: IndexPath(fromSection, from - oldStarts[fromSection]), to: to))
                    }
                }
                let stays = longestIncreasingRun(UnsafeBufferPointer(rebasing: oldIndexes[0..<staying]))
                guard stays.contains(false) || !reloadMark.isEmpty else { return }
                // The staying items again, in the same order: those outside the run move.
                var k = 0
                for j in 0..<count {
                    let n = base &+ j
                    let from = origin[n]
                    guard from >= oldBase && from < oldEnd else { continue }
                    defer { k &+= 1 }
                    let reload = isReloaded(n)
                    if stays[k] && !reload { continue }
                    let fromPath = IndexPath(o, from &- oldBase), to = IndexPath(t, j)
                    switch (stays[k], reload) {
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
