import Testing
@testable import LayoutEngine

/// Packed identifier columns and the packed diff path: the same answers as the snapshot of
/// `SnapshotIdentifier` values, errors included.
@Suite struct PackedSnapshotTests {
    typealias ID = SnapshotIdentifier

    @Test func columnsGiveBackWhatTheyWereGiven() {
        let ids: [ID] = ["m1", 1, "1", -7, .integer(Int.min), .integer(Int.max), "", "ünïcödé ✓",
                         .string(String(repeating: "x", count: 300))]
        let column = IdentifierColumn(ids)
        #expect(column.identifiers == ids)
        #expect(column.count == ids.count)
        // A 16-byte string costs 1 + 16 bytes and a 4-byte end.
        #expect(IdentifierColumn(["0123456789abcdef"]).byteCount == 17)
        #expect(IdentifierColumn([5]).byteCount == IdentifierColumn.packedIntegerSize)
        #expect(column.slice(2..<5).identifiers == Array(ids[2..<5]))
        #expect(column.slice(3..<3).isEmpty)
        #expect(column.gathering([4, 0, 0]).identifiers == [ids[4], ids[0], ids[0]])
        var joined = column.slice(0..<2)
        joined.append(contentsOf: column.slice(2..<ids.count))
        #expect(joined == column)
        #expect(column.utf8(at: 0).map(Array.init) == Array("m1".utf8))
        #expect(column.utf8(at: 1) == nil)
    }

    @Test func storedPartsAreCheckedBeforeUse() {
        let column = IdentifierColumn(["ab", 3])
        #expect(IdentifierColumn(bytes: column.bytes, ends: column.ends) == column)
        #expect(IdentifierColumn(bytes: [], ends: []) == IdentifierColumn())
        #expect(IdentifierColumn(bytes: column.bytes, ends: [3]) == nil)              // bytes left over
        #expect(IdentifierColumn(bytes: column.bytes, ends: [3, 99]) == nil)          // past the end
        #expect(IdentifierColumn(bytes: column.bytes, ends: [3, 3, 12]) == nil)       // empty entry
        #expect(IdentifierColumn(bytes: [2, 65], ends: [2]) == nil)                   // unknown tag
        #expect(IdentifierColumn(bytes: [1, 0, 0], ends: [3]) == nil)                 // short integer
    }

    @Test func packingAndUnpackingAreInverse() {
        let snapshot = snap(("a", ["x", 1]), (2, []), ("c", ["y"]))
        let packed = PackedSnapshot(snapshot)
        #expect(packed.unpacked == snapshot)
        #expect(packed.itemCounts == [2, 0, 1])
        #expect(packed.itemStart(ofSection: 2) == 2)
    }

    /// Random snapshots with repeats put in: both paths refuse with the same error.
    @Test func errorsMatchTheSnapshotPath() throws {
        var rng = SeededRandom(seed: 99)
        var refused = 0
        for _ in 0..<2000 {
            var (old, new, reloaded, reconfigured) = SnapshotDiffTests.randomPair(&rng)
            let all = new.sections.flatMap(\.items)
            switch rng.int(0...4) {
            case 0 where !all.isEmpty && !new.sections.isEmpty:      // an item twice
                let s = rng.int(new.sections.count)
                new.sections[s].items.insert(all[rng.int(all.count)], at: rng.int(0...new.sections[s].items.count))
            case 1 where new.sections.count > 1:                      // a section id twice
                new.sections[rng.int(new.sections.count)].id = new.sections[rng.int(new.sections.count)].id
            case 2:                                                   // reloading an unknown item
                reloaded.insert(.string("unknown"), at: rng.int(0...reloaded.count))
            case 3:
                reconfigured.append(.integer(-1))
            default: break
            }
            let expected = Self.refusal { () throws(DiffableSnapshotError) in
                _ = try old.correspondence(to: new, reloaded: reloaded, reconfigured: reconfigured)
            }
            let got = Self.refusal { () throws(DiffableSnapshotError) in
                _ = try PackedSnapshot(old).correspondence(to: PackedSnapshot(new), reloaded: IdentifierColumn(reloaded),
                                                           reconfigured: IdentifierColumn(reconfigured))
            }
            #expect(got == expected)
            if expected != nil { refused += 1 }
        }
        #expect(refused > 500)
    }

    /// Identifiers the old snapshot lacks go to a table sized for a few; it grows, and still
    /// finds the repeats among thousands.
    @Test func manyNewIdentifiersGrowTheirTable() throws {
        let fresh = (0..<5000).map { ID.string("n\($0)") }
        let c = try PackedSnapshot(one([])).correspondence(to: PackedSnapshot(one(fresh)))
        #expect(c.newItemOrigin.allSatisfy { $0 == -1 })
        let repeated = fresh + [fresh[4321], fresh[7]]
        let error = Self.refusal { () throws(DiffableSnapshotError) in
            _ = try PackedSnapshot(one([])).correspondence(to: PackedSnapshot(one(repeated)))
        }
        #expect(error?.field == "sections[0].items[5000]")
        #expect(error?.message.contains(#"{("n4321", "n7")}"#) == true)
    }

    /// Identifiers new to the snapshot, more than the table of new identifiers would hold if
    /// it were sized from the snapshot's length (a data source giving its identifiers first
    /// has only new ones): all are found new, and a repeat among them is refused.
    @Test func manyNewIdentifiersAmongKeptOnes() throws {
        let fresh = (0..<5000).map { ID.string("n\($0)") }
        let c = try PackedSnapshot(one([])).correspondence(to: PackedSnapshot(one(fresh)))
        #expect(SnapshotDiff(c).insertedItems.count == 5000)
        let kept = (0..<1000).map { ID.integer($0) }
        let grown = try PackedSnapshot(one(kept)).correspondence(to: PackedSnapshot(one(kept + fresh)))
        #expect(SnapshotDiff(grown).insertedItems.count == 5000)
        let repeated = Self.refusal { () throws(DiffableSnapshotError) in
            _ = try PackedSnapshot(one(kept)).correspondence(to: PackedSnapshot(one(kept + fresh + ["n17"])))
        }
        #expect(repeated?.kind == .duplicateItemIdentifiers)
        #expect(repeated?.position == IndexPath(0, 6000))
    }

    static func refusal(_ body: () throws(DiffableSnapshotError) -> Void) -> DiffableSnapshotError? {
        do { try body() } catch { return error }
        return nil
    }

    @Test func twoHundredThousandItemsWithOnePercentChanged() throws {
        var rng = SeededRandom(seed: 5)
        let old = (0..<200_000).map { ID.string("item-\($0)") }
        var new = old
        for _ in 0..<700 { new.remove(at: rng.int(new.count)) }
        for k in 0..<700 { new.insert(.string("new-\(k)"), at: rng.int(0...new.count)) }
        for _ in 0..<600 { new.insert(new.remove(at: rng.int(new.count)), at: rng.int(0...new.count - 1)) }
        let c = try PackedSnapshot(one(old)).correspondence(to: PackedSnapshot(one(new)))
        let diff = SnapshotDiff(c)
        #expect(diff.deletedItems.count == 700)
        #expect(diff.insertedItems.count == 700)
        #expect(diff.movedItems.count <= 600)
        try SnapshotContract.check(one(Array(old.prefix(3000))), one(Array(new.prefix(3000))))
    }
}
