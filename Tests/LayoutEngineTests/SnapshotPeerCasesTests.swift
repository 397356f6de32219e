import Testing
import LayoutEngine

/// The published cases of two Heckel-style diff suites, IGListKit's IGListDiffTests and
/// DifferenceKit's AlgorithmTest, restated as "old, new → a valid batch that reproduces new
/// with minimal moves" (SnapshotContract.check). Where a peer expects more moves than the
/// minimum (Heckel's algorithm moves every item whose neighbours changed), the minimum is
/// asserted instead. Cases whose lists repeat an identifier are refused here, as UIKit's
/// diffable data source refuses them.
@Suite struct SnapshotPeerCasesTests {
    typealias ID = SnapshotIdentifier

    // MARK: IGListKit, IGListDiffTests

    @Test func igEmptyArrays() throws {
        #expect(try SnapshotContract.check(one([]), one([])).isEmpty)
    }

    @Test func igFromEmptyArray() throws {
        let diff = try SnapshotContract.check(one([]), one([1]))
        #expect(diff.insertedItems == [IndexPath(0, 0)] && diff.deletedItems.isEmpty && diff.movedItems.isEmpty)
    }

    @Test func igToEmptyArray() throws {
        let diff = try SnapshotContract.check(one([1]), one([]))
        #expect(diff.deletedItems == [IndexPath(0, 0)] && diff.insertedItems.isEmpty)
    }

    @Test func igSwappingObjects() throws {
        // IGListKit answers two moves; one suffices.
        let diff = try SnapshotContract.check(one([1, 2]), one([2, 1]))
        #expect(diff.movedItems.count == 1)
    }

    @Test func igSwappingObjectsWithIndexPaths() throws {
        // [1 2 3 4] → [2 4 5 3]: 1 deleted, 5 inserted at 2, and one of 3, 4 moves.
        let diff = try SnapshotContract.check(one([1, 2, 3, 4]), one([2, 4, 5, 3]))
        #expect(diff.deletedItems == [IndexPath(0, 0)])
        #expect(diff.insertedItems == [IndexPath(0, 2)])
        #expect(diff.movedItems.count == 1)
    }

    /// The example of Heckel's paper; its two "the" are numbered so that identifiers are
    /// unique (they keep their order, so the paper's answer is unchanged).
    static let paperOld = "much writing is like snow , a mass of long words and phrases falls upon the#1 relevant facts covering up the#2 details ."
    static let paperNew = "a mass of latin words falls upon the#1 relevant facts like soft snow , covering up the#2 details ."

    @Test func igWordsFromPaper() throws {
        let o = Self.paperOld.split(separator: " ").map { ID.string(String($0)) }
        let n = Self.paperNew.split(separator: " ").map { ID.string(String($0)) }
        let diff = try SnapshotContract.check(one(o), one(n))
        #expect(diff.deletedItems == [0, 1, 2, 9, 11, 12].map { IndexPath(0, $0) })
        #expect(diff.insertedItems == [3, 11].map { IndexPath(0, $0) })
        // "like snow ," moved behind "facts" (three moves; Heckel moves more).
        #expect(diff.movedItems.count == 3)
    }

    @Test func igObjectEqualityChangesAreReloads() throws {
        let diff = try SnapshotContract.check(one(["0", "1", "2"]), one(["0", "1", "2"]), reloaded: ["1"])
        #expect(diff.reloadedItems == [IndexPath(0, 1)])
        #expect(diff.movedItems.isEmpty && diff.insertedItems.isEmpty && diff.deletedItems.isEmpty)
    }

    @Test func igDeletingWithInsertsAndMoves() throws {
        let diff = try SnapshotContract.check(one([0, 1, 2, 3, 4, 5, 6, 7, 8]), one([0, 2, 3, 4, 7, 6, 9, 5, 10]))
        #expect(diff.deletedItems == [IndexPath(0, 1), IndexPath(0, 8)])
        #expect(diff.insertedItems == [IndexPath(0, 6), IndexPath(0, 8)])
        #expect(diff.movedItems.count == 2) // as IGListKit: two of 5, 6, 7
    }

    @Test func igMovingItemsWithEqualityChanges() throws {
        // 0 and 2 swap and 2 changes: UIKit's diffable source deletes and inserts a
        // reloaded item that moves.
        let diff = try SnapshotContract.check(one(["0", "1", "2"]), one(["2", "1", "0"]), reloaded: ["2"])
        #expect(diff.movedItems.count + diff.deletedItems.count == 2)
    }

    @Test func igMovingObjectShiftsOthers() throws {
        let diff = try SnapshotContract.check(one([1, 2, 3, 4, 5, 6, 7]), one([1, 4, 5, 2, 3, 6, 7]))
        #expect(diff.movedItems.count == 2)
    }

    @Test func igOldAndNewIndexes() throws {
        let diff = try SnapshotContract.check(one([1, 2, 3, 4, 5, 6, 7]), one([2, 9, 3, 1, 5, 6, 8]))
        #expect(diff.deletedItems == [IndexPath(0, 3), IndexPath(0, 6)]) // 4 and 7
        #expect(diff.insertedItems == [IndexPath(0, 1), IndexPath(0, 6)]) // 9 and 8
        #expect(diff.movedItems.count == 1) // 1, to 3
        #expect(diff.movedItems.first.map { $0.from == IndexPath(0, 0) && $0.to == IndexPath(0, 3) } == true)
    }

    @Test func igOldAndNewIndexPathsAcrossSections() throws {
        // IGListDiffPaths(0, 1, …): the old list in section 0, the new in section 1.
        let old = snap(("a", [1, 2, 3, 4, 5, 6, 7]))
        let new = snap(("b", []), ("a", [2, 9, 3, 1, 5, 6, 8]))
        try SnapshotContract.check(old, new)
    }

    @Test func igDuplicatesAreRefused() {
        // test_whenMovingObjectsTogether, …DeletingObjects_withArrayOfEqualObjects,
        // …InsertingObjects…, …DuplicatesAtTail…: lists that repeat an identifier.
        let cases: [([ID], [ID])] = [
            ([1, 2, 3, 3, 4], [2, 3, 1, 3, 4]),
            (["dog", "dog", "dog", "dog"], ["dog", "dog"]),
            (["dog", "dog"], ["dog", "dog", "dog", "dog"]),
            (["cat", 1, 2, 3, "cat"], ["cat", 1, 2, 3, "cat"])
        ]
        for (o, n) in cases {
            let error = #expect(throws: DiffableSnapshotError.self) { try one(o).difference(to: one(n)) }
            #expect(error?.kind == .duplicateItemIdentifiers)
        }
    }

    // MARK: DifferenceKit, AlgorithmTest

    @Test func dkLinear() throws {
        #expect(try SnapshotContract.check(one([]), one([])).isEmpty)
        #expect(try SnapshotContract.check(one([0, 1, 2]), one([0, 2])).deletedItems == [IndexPath(0, 1)])
        #expect(try SnapshotContract.check(one([0, 1, 2]), one([])).deletedItems.count == 3)
        #expect(try SnapshotContract.check(one([0, 1, 2]), one([0, 1, 2, 3])).insertedItems == [IndexPath(0, 3)])
        #expect(try SnapshotContract.check(one([]), one([0, 1, 2])).insertedItems.count == 3)
        #expect(try SnapshotContract.check(one([0, 1, 2]), one([0, 1, 2]), reloaded: [0]).reloadedItems == [IndexPath(0, 0)])
    }

    @Test func dkMoved() throws {
        // DifferenceKit answers 2, 1 and 3 moves; the minimum is 1, 1 and 3.
        #expect(try SnapshotContract.check(one([0, 1, 2]), one([1, 2, 0])).movedItems.count == 1)
        let one20 = try SnapshotContract.check(one([0, 1, 2]), one([2, 0, 1]))
        #expect(one20.movedItems == [.init(from: IndexPath(0, 2), to: IndexPath(0, 0))])
        #expect(try SnapshotContract.check(one([0, 1, 2, 3]), one([3, 2, 1, 0])).movedItems.count == 3)
    }

    @Test func dkMixedChanges() throws {
        // [0 1 2] → [2 4 0' 3]: 1 deleted, 4 and 3 inserted, 0 reloaded, one of 0, 2 moves.
        let diff = try SnapshotContract.check(one([0, 1, 2]), one([2, 4, 0, 3]), reloaded: [0])
        #expect(diff.insertedItems.contains(IndexPath(0, 1)) && diff.insertedItems.contains(IndexPath(0, 3)))
        #expect(diff.deletedItems.contains(IndexPath(0, 1)))
    }

    @Test func dkSectionInsertedDeletedMoved() throws {
        #expect(try SnapshotContract.check(snap(("a", [0])), snap(("a", [0]), ("b", [1]))).insertedSections == [1])
        #expect(try SnapshotContract.check(snap(), snap(("a", [0]))).insertedSections == [0])
        #expect(try SnapshotContract.check(snap(("a", [0]), ("b", [1])), snap(("b", [1]))).deletedSections == [0])
        #expect(try SnapshotContract.check(snap(("a", [0])), snap()).deletedSections == [0])
        // DifferenceKit answers two section moves for the first; one suffices.
        let first = try SnapshotContract.check(snap((0, [0]), (1, [1]), (2, [2])), snap((1, [1]), (2, [2]), (0, [0])))
        #expect(first.movedSections.count == 1 && first.movedItems.isEmpty)
        let second = try SnapshotContract.check(snap((0, [0]), (1, [1]), (2, [2])), snap((2, [2]), (0, [0]), (1, [1])))
        #expect(second.movedSections == [.init(from: 2, to: 0)])
    }

    @Test func dkMixedSectionChanges() throws {
        let diff = try SnapshotContract.check(
            snap((0, [0]), (1, [1]), (2, [2]), (3, [3])),
            snap((3, [3]), (4, [4]), (0, [0]), (2, [2])))
        #expect(diff.deletedSections == [1] && diff.insertedSections == [1])
        #expect(diff.movedSections == [.init(from: 3, to: 0)])
        #expect(diff.movedItems.isEmpty && diff.insertedItems.isEmpty && diff.deletedItems.isEmpty)
    }

    @Test func dkComplicated() throws {
        // 2
        try SnapshotContract.check(
            snap((0, [0, 1]), (1, [2, 3]), (2, [4, 5])),
            snap((1, [3, 5]), (3, [6, 7, 8, 9]), (2, [10, 4, 2]), (0, [1])))
        // 6 (primes: reloaded)
        try SnapshotContract.check(snap((0, [0]), (1, [1])), snap((1, [2, 1]), (0, [0])), reloaded: [1, 0])
        // 8
        try SnapshotContract.check(snap((0, [0, 1]), (1, [2, 3])), snap((0, []), (1, [1, 3])), reloaded: [1])
        // 9
        try SnapshotContract.check(
            snap((0, [0, 1]), (1, [2, 3]), (2, [4, 5])),
            snap((4, [8, 9]), (0, [0, 1, 2]), (3, [6, 7]), (1, [3]), (2, [5])), reloaded: [5])
        // 10
        try SnapshotContract.check(snap((0, [0, 1]), (1, [2, 3])), snap((1, [3, 2]), (0, [1, 0])), reloaded: [3, 0])
    }

    @Test func dkDuplicatesAreRefused() {
        // testDuplicated, testDuplicatedSection, testDuplicatedElement,
        // testDuplicatedSectionAndElement and Complicated 1, 3, 4, 5, 7, 11 repeat a section
        // or an item identifier.
        let cases: [(DiffableSnapshot, DiffableSnapshot, DiffableSnapshotError.Kind)] = [
            (one([0, 1, 2, 0]), one([0, 4, 0, 1, 2]), .duplicateItemIdentifiers),
            (snap((0, [0]), (0, [1]), (1, [2])), snap((1, [2]), (0, [0]), (0, [1])), .duplicateSectionIdentifiers),
            (
                snap((0, [0, 1]), (1, [2, 3]), (2, [4, 5])),
                snap((0, [0, 1]), (2, [4, 6, 5]), (3, [7, 8]), (3, [9, 10])), .duplicateSectionIdentifiers
            ),
            (
                snap((0, [0, 1]), (1, [2, 3]), (2, [1, 2])),
                snap((0, [1, 3]), (1, [2, 0]), (3, [4, 5])), .duplicateItemIdentifiers
            ),
            (
                snap((1, ["A", "B", "C", "D"]), (2, ["E", "F", "G", "H", "I"]), (3, ["J", "K", "L", "M"]), (4, ["N", "O", "P", "Q"])),
                snap(
                    (1, ["A", "B", "C", "D"]), (2, ["G"]), (3, ["E", "F", "H", "I"]), (3, ["J", "K", "L", "M"]),
                    (4, ["N", "O", "P", "Q"])), .duplicateSectionIdentifiers
            )
        ]
        for (old, new, kind) in cases {
            let error = #expect(throws: DiffableSnapshotError.self) { try old.difference(to: new) }
            #expect(error?.kind == kind)
        }
    }

    @Test func dkComplicated11WithoutTheRepeatedSection() throws {
        // Complicated 11 with its second section 3 renamed: items leave section 2 for a
        // new section and a kept one.
        try SnapshotContract.check(
            snap((1, ["A", "B", "C", "D"]), (2, ["E", "F", "G", "H", "I"]), (3, ["J", "K", "L", "M"]), (4, ["N", "O", "P", "Q"])),
            snap(
                (1, ["A", "B", "C", "D"]), (2, ["G"]), (5, ["E", "F", "H", "I"]), (3, ["J", "K", "L", "M"]),
                (4, ["N", "O", "P", "Q"])))
    }
}
