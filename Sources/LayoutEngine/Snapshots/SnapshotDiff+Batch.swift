/// The diff's batch applied to the old data source without putting its item changes through
/// the validator (docs/performance.md `direct-snapshot-batch`).
///
/// `BatchUpdate.validated(against:)` checks every index path a client names, then sorts each
/// section's changes into plans (U1–U6). A diff's batch needs neither: its lists are sorted
/// by index path already, and the batch is valid by construction (SnapshotDiffTests hold the
/// contract). So the plans are merged straight from the lists, O(k) for k item changes plus
/// sorting the moves by origin. Sections, a handful, still go through U1 and U3, and debug
/// builds (every test) compare the result with the validator's.
extension SnapshotDiff {
    /// The batch as operations (as `operations(sectionData:itemData:reloadData:)` gives them)
    /// and its result on `old`, equal to `BatchUpdate(operations).validated(against: old)`.
    /// The data closures are called once for each inserted section, inserted item and
    /// reloaded item.
    public func batch(
        applyingTo old: DataSource,
        sectionData: (Int) -> SectionData,
        itemData: (IndexPath) -> SectionData.Item? = { _ in nil },
        reloadData: (IndexPath) -> SectionData.Item? = { _ in nil }
    ) throws(BatchUpdateError) -> (operations: [BatchUpdateOperation], update: ValidatedBatchUpdate) {
        let insertedData = Self.data(insertedItems, itemData)
        let reloadedData = Self.data(reloadedItems, reloadData)
        let operations = operations(sectionData: sectionData, insertedData: insertedData, reloadedData: reloadedData)

        // The section operations come first in `operations`.
        let sectionOperations = (deletedSections.isEmpty ? 0 : 1) + (insertedSections.isEmpty ? 0 : 1) + movedSections.count
        var validator = BatchUpdateValidator(old: old)
        try validator.collect(Array(operations.prefix(sectionOperations))) // U1, sections only
        let sections = try validator.arrangeSections() // U3

        let departures = departures(reloadedData: reloadedData)
        let arrivals = arrivals(old, insertedData: insertedData)
        // U5's counts: a section's old count, less what leaves it, plus what arrives.
        var newCounts: [Int: Int] = [:]
        for (o, plan) in departures where !plan.removed.isEmpty {
            newCounts[sections.oldToNew[o], default: old.sections[o].itemCount] -= plan.removed.count
        }
        for (t, plan) in arrivals {
            newCounts[t, default: old.sections[sections.newToOld[t]].itemCount] += plan.fixed.count
        }
        let update = validator.result(sections: sections, newCounts: newCounts, departures: departures, arrivals: arrivals)
        assert(
            update == (try? BatchUpdate(operations).validated(against: old)),
            "a snapshot diff's batch, built from its lists, differs from the validator's")
        return (operations, update)
    }

    /// By old section: the items that leave it (deletes and moves out, by item) and the ones
    /// it reloads in place.
    private func departures(reloadedData: [SectionData.Item]?) -> [Int: SectionDepartures] {
        let outgoing = movedItems.sorted { $0.from < $1.from }
        var places: [IndexPath] = [], destinations: [IndexPath?] = []
        places.reserveCapacity(deletedItems.count + outgoing.count)
        destinations.reserveCapacity(deletedItems.count + outgoing.count)
        var d = 0, m = 0
        while d < deletedItems.count || m < outgoing.count {
            if m == outgoing.count || (d < deletedItems.count && deletedItems[d] < outgoing[m].from) {
                places.append(deletedItems[d])
                destinations.append(nil)
                d += 1
            } else {
                places.append(outgoing[m].from)
                destinations.append(outgoing[m].to)
                m += 1
            }
        }
        var plans: [Int: SectionDepartures] = [:]
        Self.forEachSection(places) { s, run in
            plans[s] = SectionDepartures(removed: places[run].map(\.item), destinations: Array(destinations[run]))
        }
        Self.forEachSection(reloadedItems) { s, run in
            plans[s, default: SectionDepartures()].reloaded = reloadedItems[run].map(\.item)
            plans[s, default: SectionDepartures()].reloadData =
                reloadedData.map { Array($0[run]) } ?? Array(repeating: nil, count: run.count)
        }
        return plans
    }

    /// By new section: the items that arrive at fixed indexes (inserts and moves in, by item),
    /// with their data: an insert's given data or the default, a moved item's own.
    private func arrivals(_ old: DataSource, insertedData: [SectionData.Item]?) -> [Int: SectionArrivals] {
        var places: [IndexPath] = [], sources: [IndexPath?] = [], data: [SectionData.Item] = []
        let count = insertedItems.count + movedItems.count
        places.reserveCapacity(count)
        sources.reserveCapacity(count)
        data.reserveCapacity(count)
        var i = 0, m = 0
        while i < insertedItems.count || m < movedItems.count {
            if m == movedItems.count || (i < insertedItems.count && insertedItems[i] < movedItems[m].to) {
                places.append(insertedItems[i])
                sources.append(nil)
                data.append(insertedData?[i] ?? SectionData.Item())
                i += 1
            } else {
                let from = movedItems[m].from
                places.append(movedItems[m].to)
                sources.append(from)
                data.append(old.sections[from.section].item(at: from.item))
                m += 1
            }
        }
        var plans: [Int: SectionArrivals] = [:]
        Self.forEachSection(places) { t, run in
            plans[t] = SectionArrivals(fixed: places[run].map(\.item), sources: Array(sources[run]), data: Array(data[run]))
        }
        return plans
    }

    /// Calls `body` once for each run of `paths` (sorted by section) in one section.
    private static func forEachSection(_ paths: [IndexPath], _ body: (_ section: Int, _ run: Range<Int>) -> Void) {
        var start = 0
        while start < paths.count {
            let section = paths[start].section
            var end = start + 1
            while end < paths.count && paths[end].section == section { end += 1 }
            body(section, start..<end)
            start = end
        }
    }
}
