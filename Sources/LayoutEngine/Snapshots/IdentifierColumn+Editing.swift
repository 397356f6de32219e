/// Splices of a packed column, for the snapshot editor: in place, each a move of the bytes
/// after the splice (memory speed), never a `SnapshotIdentifier` per identifier nor a new
/// array (copies into fresh arrays made a one-item move on a million identifiers fault in
/// four times the column: 211 ms of a worker).
extension IdentifierColumn {
    /// Inserts `other`'s identifiers before position `i`.
    mutating func insert(contentsOf other: IdentifierColumn, at i: Int) {
        precondition(bytes.count + other.bytes.count <= Self.maxByteCount, "identifier column past 4 GiB")
        let at = i == 0 ? 0 : Int(ends[i - 1])
        let added = UInt32(other.bytes.count)
        bytes.insert(contentsOf: other.bytes, at: at)
        for k in i..<ends.count { ends[k] += added }
        ends.insert(contentsOf: other.ends.lazy.map { $0 + UInt32(at) }, at: i)
    }

    /// Removes the identifiers at `positions` (ascending, each once): a few one by one from
    /// the back, many in one pass into new arrays.
    mutating func remove(at positions: [Int]) {
        guard !positions.isEmpty else { return }
        if positions.count <= 8 {
            for p in positions.reversed() {
                let r = range(p)
                bytes.removeSubrange(r)
                ends.remove(at: p)
                let removed = UInt32(r.count)
                for k in p..<ends.count { ends[k] -= removed }
            }
            return
        }
        var out = IdentifierColumn()
        out.reserveCapacity(identifiers: count - positions.count, bytes: bytes.count)
        var start = 0
        for p in positions + [count] {
            if p > start {
                let low = range(start).lowerBound, high = range(p - 1).upperBound
                let base = UInt32(out.bytes.count) &- UInt32(low)
                out.bytes.append(contentsOf: bytes[low..<high])
                out.ends.append(contentsOf: ends[start..<p].lazy.map { $0 &+ base })
            }
            start = p + 1
        }
        self = out
    }

    /// Where each of `wanted` is in this column (-1: absent).
    func positions(of wanted: IdentifierColumn) -> [Int] {
        var search = WantedIdentifiers(wanted)
        var found = [Int](repeating: -1, count: wanted.count)
        search.scan(self) { k, p in found[k] = p }
        return search.spread(found)
    }
}

/// A few identifiers looked for in big columns: a table of the wanted ones, probed once per
/// identifier of the columns with its packed bytes hashed in place. When few are wanted this
/// beats a table of the column (`PackedSnapshot.hashedMatch`), which writes a slot per
/// identifier at random: finding one reconfigured item among a million took 0.45 s that way
/// (docs/performance.md#packed-snapshot-editor).
struct WantedIdentifiers {
    let wanted: IdentifierColumn
    private var index: IdentifierIndex
    /// For each wanted identifier, its first occurrence among the wanted (repeats map back).
    private var first: [Int]
    /// Distinct identifiers wanted, and how many of them have been found.
    let distinct: Int
    private(set) var found = 0

    init(_ wanted: IdentifierColumn) {
        self.wanted = wanted
        var index = IdentifierIndex(capacity: wanted.count)
        var first = Array(0..<wanted.count)
        var distinct = 0
        wanted.withPacked { bytes, ends in
            for k in 0..<ends.count {
                let start = k == 0 ? 0 : Int(ends[k - 1])
                if let earlier = index.lookup(bytes, start, Int(ends[k]), in: bytes, ends: ends, inserting: k) {
                    first[k] = earlier
                } else {
                    distinct += 1
                }
            }
        }
        self.index = index
        self.first = first
        self.distinct = distinct
    }

    var isComplete: Bool { found == distinct }

    /// Calls `hit(k, p)` for each distinct wanted identifier `k` (its first occurrence) found
    /// at position `p` of `column`; stops once every one has been found. Identifiers are
    /// unique in a snapshot, so each is found once.
    mutating func scan(_ column: IdentifierColumn, _ hit: (Int, Int) -> Void) {
        guard !isComplete else { return }
        let wanted = self.wanted
        let distinct = self.distinct
        var found = self.found
        column.withPacked { bytes, ends in
            wanted.withPacked { wantedBytes, wantedEnds in
                var start = 0
                for p in 0..<ends.count {
                    let end = Int(ends[p])
                    if let k = index.lookup(bytes, start, end, in: wantedBytes, ends: wantedEnds, inserting: nil) {
                        hit(k, p)
                        found += 1
                        if found == distinct { return }
                    }
                    start = end
                }
            }
        }
        self.found = found
    }

    /// Per wanted identifier, the answer found for its first occurrence.
    func spread<T>(_ answers: [T]) -> [T] { first.map { answers[$0] } }
}
