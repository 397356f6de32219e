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

        // Items leaving: gone, or leaving for an inserted section (its data lists its items).
        var destination = [Int](repeating: -1, count: oldStarts[c.oldCounts.count])
        for (n, o) in c.newItemOrigin.enumerated() where o >= 0 { destination[o] = n }
        for s in c.oldCounts.indices where oldSectionKept[s] {
            for flat in oldStarts[s]..<oldStarts[s + 1] {
                let to = destination[flat]
                if to < 0 || c.newSectionOrigin[section(of: to, newStarts)] < 0 {
                    deletedItems.append(IndexPath(s, flat - oldStarts[s]))
                }
            }
        }

        // Items arriving, by new section; those that stay in their section keep a longest run.
        var oldIndexes: [Int] = [], newIndexes: [Int] = []
        for (t, o) in c.newSectionOrigin.enumerated() where o >= 0 {
            oldIndexes.removeAll(keepingCapacity: true)
            newIndexes.removeAll(keepingCapacity: true)
            for j in 0..<c.newCounts[t] {
                let n = newStarts[t] + j
                let from = c.newItemOrigin[n]
                let to = IndexPath(t, j)
                guard from >= 0 else {
                    insertedItems.append(to)
                    continue
                }
                let fromSection = oldStarts[o] <= from && from < oldStarts[o + 1] ? o : section(of: from, oldStarts)
                if !oldSectionKept[fromSection] {
                    insertedItems.append(to)            // its section was deleted
                } else if fromSection == o {
                    oldIndexes.append(from - oldStarts[o])
                    newIndexes.append(j)
                } else if isReloaded(n) {
                    deletedItems.append(IndexPath(fromSection, from - oldStarts[fromSection]))
                    insertedItems.append(to)            // reloaded and moved
                } else {
                    movedItems.append(.init(from: IndexPath(fromSection, from - oldStarts[fromSection]), to: to))
                }
            }
            let stays = longestIncreasingRun(oldIndexes)
            for k in oldIndexes.indices {
                let reload = isReloaded(newStarts[t] + newIndexes[k])
                if stays[k] && !reload { continue }
                let from = IndexPath(o, oldIndexes[k]), to = IndexPath(t, newIndexes[k])
                switch (stays[k], reload) {
                case (true, _): reloadedItems.append(from)
                case (false, true):
                    deletedItems.append(from)
                    insertedItems.append(to)
                case (false, false): movedItems.append(.init(from: from, to: to))
                }
            }
        }

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
}
