import LayoutEngine

/// The data each item of a new snapshot carries into the derived batch: what the request
/// gave for it, else what it had before (an item that moves through a delete and an insert
/// keeps its data), else the layout's defaults.
struct SnapshotItemData {
    let request: SnapshotRequest
    let correspondence: SnapshotCorrespondence
    let old: DataSource
    private let oldStarts: [Int]
    private let newStarts: [Int]
    private let oldSectionKept: [Bool]
    /// Reloaded items: new number by old number.
    private let reloadedByOld: [Int: Int]

    init(request: SnapshotRequest, correspondence: SnapshotCorrespondence, old: DataSource) {
        self.request = request
        self.correspondence = correspondence
        self.old = old
        oldStarts = Self.starts(correspondence.oldCounts)
        newStarts = Self.starts(correspondence.newCounts)
        var kept = [Bool](repeating: false, count: correspondence.oldCounts.count)
        for o in correspondence.newSectionOrigin where o >= 0 { kept[o] = true }
        oldSectionKept = kept
        var reloaded: [Int: Int] = [:]
        for n in correspondence.reloaded where correspondence.newItemOrigin[n] >= 0 {
            reloaded[correspondence.newItemOrigin[n]] = n
        }
        reloadedByOld = reloaded
    }

    private static func starts(_ counts: [Int]) -> [Int] {
        var out = [0]
        out.reserveCapacity(counts.count + 1)
        for c in counts { out.append(out.last! + c) }
        return out
    }

    private func oldPath(_ number: Int) -> IndexPath {
        var low = 0, high = oldStarts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if oldStarts[mid] <= number { low = mid } else { high = mid - 1 }
        }
        return IndexPath(low, number - oldStarts[low])
    }

    private func given(_ p: IndexPath) -> SectionData.Item? { request.sections[p.section].givenItem(p.item) }

    /// What item `number` of the old data source carried; nil when its section has no item data.
    private func oldItem(_ number: Int) -> SectionData.Item? {
        let p = oldPath(number)
        let section = old.sections[p.section]
        return section.hasItemData ? section.item(at: p.item) : nil
    }

    /// The old index path of new item `p` when the batch keeps the item (moved or in place,
    /// not reloaded): its identifier was there before, in a section both snapshots have.
    func keptOrigin(_ p: IndexPath) -> IndexPath? {
        let n = newStarts[p.section] + p.item
        let from = correspondence.newItemOrigin[n]
        guard from >= 0, correspondence.newSectionOrigin[p.section] >= 0, reloadedByOld[from] == nil else { return nil }
        let o = oldPath(from)
        return oldSectionKept[o.section] ? o : nil
    }

    /// The data of an item the batch inserts at new index path `p`.
    func itemData(new p: IndexPath) -> SectionData.Item? {
        if let data = given(p) { return data }
        let from = correspondence.newItemOrigin[newStarts[p.section] + p.item]
        return from >= 0 ? oldItem(from) : nil
    }

    /// The data of a reloaded item at old index path `p`: what the request gave, else what it
    /// had (a batch's reload replaces an item's data whole once any reload in it gives data).
    func reloadData(old p: IndexPath) -> SectionData.Item? {
        let number = oldStarts[p.section] + p.item
        guard let n = reloadedByOld[number] else { return nil }
        let t = section(ofNew: n)
        return given(IndexPath(t, n - newStarts[t])) ?? oldItem(number)
    }

    private func section(ofNew n: Int) -> Int {
        var low = 0, high = newStarts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if newStarts[mid] <= n { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// An inserted section's data: its items' data as `itemData` gives it, its own `layout`.
    func insertedSection(_ t: Int) -> SectionData {
        let input = request.sections[t]
        let count = correspondence.newCounts[t]
        let items = (0..<count).map { itemData(new: IndexPath(t, $0)) }
        guard items.contains(where: { $0 != nil }) else { return SectionData(itemCount: count, overrides: input.data.overrides) }
        return SectionData(items: items.map { $0 ?? SectionData.Item() }, overrides: input.data.overrides)
    }

    /// A new identifier without data in a section whose items carry sizes, heights or ratios
    /// would silently take the layout's defaults: refused, naming it.
    func checkNewItemsHaveData(_ snapshot: PackedSnapshot) throws(APIError) {
        for (t, input) in request.sections.enumerated() {
            let o = correspondence.newSectionOrigin[t]
            let columns = Self.dataColumns(input.data) + (o >= 0 ? Self.dataColumns(old.sections[o]) : [])
            guard let column = columns.first else { continue }
            for j in 0..<correspondence.newCounts[t] where input.givenItem(j) == nil {
                let n = newStarts[t] + j
                guard correspondence.newItemOrigin[n] < 0 else { continue }
                throw .itemDataRequired(
                    request.itemFields?[snapshot.itemIDs[n]] ?? "sections[\(t)].items[\(j)]",
                    "the new item \(snapshot.itemIDs[n]) comes without data, but the items of this section give \(column); give it as {\"id\": \(snapshot.itemIDs[n]), …} with its \(column)"
                )
            }
        }
    }

    private static func dataColumns(_ section: SectionData) -> [String] {
        (section.sizes != nil ? ["size"] : []) + (section.heights != nil ? ["height"] : [])
            + (section.aspectRatios != nil ? ["aspectRatio"] : [])
    }
}
