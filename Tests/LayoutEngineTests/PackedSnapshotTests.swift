import Testing
@testable import LayoutEngine

/// Packed identifier columns and the packed diff path: the same answers as the snapshot of
/// `SnapshotIdentifier` values, errors included.
@Suite struct PackedSnapshotTests {
    typealias ID = SnapshotIdentifier

    @Test func columnsGiveBackWhatTheyWereGiven() {
        let ids: [ID] = [
            "m1", 1, "1", -7, .integer(Int.min), .integer(Int.max), "", "ünïcödé ✓",
            .string(String(repeating: "x", count: 300))
        ]
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
        #expect(IdentifierColumn(bytes: column.bytes, ends: [3]) == nil) // bytes left over
        #expect(IdentifierColumn(bytes: column.bytes, ends: [3, 99]) == nil) // past the end
        #expect(IdentifierColumn(bytes: column.bytes, ends: [3, 3, 12]) == nil) // empty entry
        #expect(IdentifierColumn(bytes: [2, 65], ends: [2]) == nil) // unknown tag
        #expect(IdentifierColumn(bytes: [1, 0, 0], ends: [3]) == nil) // short integer
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
            case 0 where !all.isEmpty && !new.sections.isEmpty: // an item twice
                let s = rng.int(new.sections.count)
                new.sections[s].items.insert(all[rng.int(all.count)], at: rng.int(0...new.sections[s].items.count))
            case 1 where new.sections.count > 1: // a section id twice
                new.sections[rng.int(new.sections.count)].id = new.sections[rng.int(new.sections.count)].id
            case 2: // reloading an unknown item
                reloaded.insert(.string("unknown"), at: rng.int(0...reloaded.count))
            case 3:
                reconfigured.append(.integer(-1))
            default: break
            }
            let expected = Self.refusal { () throws(DiffableSnapshotError) in
                _ = try old.correspondence(to: new, reloaded: reloaded, reconfigured: reconfigured)
            }
            let got = Self.refusal { () throws(DiffableSnapshotError) in
                _ = try PackedSnapshot(old).correspondence(
                    to: PackedSnapshot(new), reloaded: IdentifierColumn(reloaded),
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

    /// The walk (`alignedMatch`) answers what the table over every old identifier
    /// (`hashedMatch`) answers, and gives up exactly when the new column repeats an
    /// identifier: columns that keep most of their order, and some that do not, with short,
    /// long, integer and look-alike identifiers (the same bytes cut in other places).
    @Test func theWalkAnswersWhatTheTableAnswers() {
        var rng = SeededRandom(seed: 2211)
        var walked = 0, repeats = 0
        for round in 0..<1500 {
            let count = rng.int(0...(round % 10 == 0 ? 3000 : 60))
            var pool: [ID] = []
            for k in 0..<count + 40 {
                switch rng.int(0...5) {
                case 0: pool.append(.integer(k))
                case 1: pool.append(.string("\(k)")) // short: below eight packed bytes
                case 2: pool.append(.string("item-\(String(repeating: "0", count: rng.int(0...12)))\(k)"))
                case 3: pool.append(.string(String(repeating: "ab", count: k % 7) + "|\(k)"))
                case 4: pool.append(.string("\(k)\u{0}\u{1}x")) // tag-like bytes inside
                default: pool.append(.string(String(repeating: "z", count: 20 + k % 40) + "\(k)"))
                }
            }
            pool = Array(Set(pool)).sorted { "\($0)" < "\($1)" }
            pool.shuffle(using: &rng)
            let old = Array(pool.prefix(count)), spare = Array(pool.dropFirst(count))
            var new = old
            for _ in 0..<rng.int(0...max(1, count / 20)) {
                switch rng.int(0...6) {
                case 0 where !new.isEmpty: new.remove(at: rng.int(new.count))
                case 1 where !spare.isEmpty: new.insert(spare[rng.int(spare.count)], at: rng.int(0...new.count))
                case 2 where !new.isEmpty:
                    let moved = new.remove(at: rng.int(new.count))
                    new.insert(moved, at: rng.int(0...new.count))
                case 3 where new.count > 1: // a neighbour swap
                    let k = rng.int(new.count - 1)
                    new.swapAt(k, k + 1)
                case 4 where !new.isEmpty && rng.chance(0.3): // a repeat
                    new.insert(new[rng.int(new.count)], at: rng.int(0...new.count))
                case 5 where rng.chance(0.05): new.reverse()
                case 6 where !new.isEmpty && rng.chance(0.2): // a new identifier twice
                    let id = ID.string("twice-\(round)")
                    new.insert(id, at: rng.int(0...new.count))
                    new.insert(id, at: rng.int(0...new.count))
                default: break
                }
            }
            let oldColumn = IdentifierColumn(old), newColumn = IdentifierColumn(new)
            let table = PackedSnapshot.hashedMatch(newColumn, in: oldColumn)
            let walk = PackedSnapshot.alignedMatch(newColumn, in: oldColumn)
            if table.duplicates != nil {
                #expect(walk == nil, "round \(round): a repeat the walk did not see")
                repeats += 1
            } else {
                #expect(walk == table.origin, "round \(round)")
                walked += 1
            }
            // And what `match` answers is the table's answer, errors included.
            let matched = PackedSnapshot.match(newColumn, in: oldColumn)
            #expect(matched.origin == table.origin || table.duplicates != nil)
            #expect(matched.duplicates?.first == table.duplicates?.first)
            #expect(matched.duplicates?.ids == table.duplicates?.ids)
        }
        #expect(walked > 1000 && repeats > 100)
    }

    /// Columns are equal exactly when they hold the same identifiers in the same order (the
    /// same bytes cut in other places are other identifiers).
    @Test func columnsAreEqualWhenTheirIdentifiersAre() {
        let cases: [([ID], [ID])] = [
            (["ab", "c"], ["a", "bc"]), (["abcdefghij", "k"], ["abcdefghij", "k"]), ([], []), ([1], ["1"]),
            (["0123456789abcdefg"], ["0123456789abcdefh"]), ([1, 2, 3], [1, 2, 3]), (["x"], ["x", "y"])
        ]
        for (a, b) in cases {
            #expect((IdentifierColumn(a) == IdentifierColumn(b)) == (a == b), "\(a) \(b)")
        }
        var rng = SeededRandom(seed: 77)
        for _ in 0..<500 {
            let a: [ID] = (0..<rng.int(0...30)).map { _ in
                rng.bool() ? .integer(rng.int(0...3)) : .string(String(repeating: "q", count: rng.int(0...12)))
            }
            var b = a
            if !b.isEmpty && rng.bool() { b[rng.int(b.count)] = .string("other") }
            #expect((IdentifierColumn(a) == IdentifierColumn(b)) == (a == b))
        }
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

/// The fingerprint the walk's repeat check filters by (`IdentifierFingerprint`): identifiers
/// that differ only in their middle bytes, past the first and last eight, must not share one.
@Suite struct IdentifierFingerprintTests {
    private static func fingerprints(_ ids: [String]) -> Set<UInt32> {
        let column = IdentifierColumn(ids.map { SnapshotIdentifier.string($0) })
        return column.withPacked { bytes, ends in
            Set(ends.indices.map { k in IdentifierFingerprint.of(bytes, k == 0 ? 0 : Int(ends[k - 1]), Int(ends[k])) })
        }
    }

    @Test func middleDifferencesMakeOtherFingerprints() {
        // `product/1234567/variant`: 23 bytes, the same first and last eight.
        let products = (0..<10_000).map { "product/\(1_000_000 + $0 * 7)/variant" }
        #expect(Self.fingerprints(products).count >= 9_990)
        // Longer: differences in any word between the ends.
        for position in [8, 16, 24, 31] {
            let ids = (0..<1_000).map { k -> String in
                var chars = Array(String(repeating: "a", count: 48))
                let digits = Array(String(k))
                for (i, d) in digits.enumerated() { chars[position + i] = d }
                return String(chars)
            }
            #expect(Self.fingerprints(ids).count >= 995, "differences at \(position)")
        }
    }

    @Test func equalIdentifiersHaveEqualFingerprints() {
        let ids = (0..<200).map { "id-\($0 % 50)-" + String(repeating: "z", count: $0 % 40) }
        let column = IdentifierColumn(ids.map { SnapshotIdentifier.string($0) })
        column.withPacked { bytes, ends in
            var seen: [String: UInt32] = [:]
            for k in ends.indices {
                let f = IdentifierFingerprint.of(bytes, k == 0 ? 0 : Int(ends[k - 1]), Int(ends[k]))
                if let earlier = seen[ids[k]] { #expect(earlier == f, "\(ids[k])") }
                seen[ids[k]] = f
            }
        }
    }
}
