import Testing
@testable import LayoutEngine

/// The diff's contract (docs/snapshots.md): the batch passes Tessera's own validator, applied
/// to the old snapshot it gives exactly the new one, and its moves are minimal.
enum SnapshotContract {
    typealias ID = SnapshotIdentifier

    /// Checks the whole contract for `old → new` and returns the diff.
    @discardableResult
    static func check(
        _ old: DiffableSnapshot, _ new: DiffableSnapshot, reloaded: [ID] = [], reconfigured: [ID] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SnapshotDiff {
        let diff = try old.difference(to: new, reloaded: reloaded, reconfigured: reconfigured)
        // The packed path (sessions' identifier columns) finds the same correspondence.
        let expected = try old.correspondence(to: new, reloaded: reloaded, reconfigured: reconfigured)
        let packed = try PackedSnapshot(old).correspondence(
            to: PackedSnapshot(new), reloaded: IdentifierColumn(reloaded),
            reconfigured: IdentifierColumn(reconfigured))
        #expect(packed == expected, sourceLocation: sourceLocation)

        // Every identifier gets a number: items carry it as their height, sections as an
        // override. Items given new data (inserted or reloaded) carry aspect ratio 1 when
        // they are reloaded, so that the result shows which items were reloaded.
        var tags: [ID: Double] = [:]
        func tag(_ id: ID) -> Double {
            if let t = tags[id] { return t }
            let t = Double(tags.count + 1)
            tags[id] = t
            return t
        }
        var sectionTags: [ID: Double] = [:]
        func sectionTag(_ id: ID) -> SectionOverrides {
            if sectionTags[id] == nil { sectionTags[id] = Double(sectionTags.count + 1) }
            return SectionOverrides(["tag": .number(sectionTags[id]!)])
        }
        let reloadSet = Set(reloaded)
        func fresh(_ id: ID) -> SectionData.Item {
            SectionData.Item(height: tag(id), aspectRatio: reloadSet.contains(id) ? 1 : nil)
        }
        let oldData = DataSource(
            sections: old.sections.map { s in
                SectionData(items: s.items.map { SectionData.Item(height: tag($0)) }, overrides: sectionTag(s.id))
            })
        let ops = diff.operations(
            sectionData: { t in SectionData(items: new.sections[t].items.map(fresh), overrides: sectionTag(new.sections[t].id)) },
            itemData: { p in fresh(new.sections[p.section].items[p.item]) },
            reloadData: { p in fresh(old.sections[p.section].items[p.item]) })

        // Valid under UIKit's rules, and reproduces the new snapshot.
        let result: ValidatedBatchUpdate
        do {
            result = try BatchUpdate(ops).validated(against: oldData)
        } catch {
            Issue.record("batch refused: \(error)\n\(ops)", sourceLocation: sourceLocation)
            return diff
        }
        // The batch built from the diff's own lists (what a PUT applies) is the validator's,
        // operations and result alike.
        let direct = try diff.batch(
            applyingTo: oldData,
            sectionData: { t in SectionData(items: new.sections[t].items.map(fresh), overrides: sectionTag(new.sections[t].id)) },
            itemData: { p in fresh(new.sections[p.section].items[p.item]) },
            reloadData: { p in fresh(old.sections[p.section].items[p.item]) })
        #expect(direct.operations == ops, sourceLocation: sourceLocation)
        #expect(direct.update == result, "direct batch: \(ops)", sourceLocation: sourceLocation)
        let got = result.newDataSource
        #expect(got.sections.count == new.sections.count, sourceLocation: sourceLocation)
        for (t, section) in new.sections.enumerated() where t < got.sections.count {
            let g = got.sections[t]
            #expect(g.overrides == sectionTag(section.id), "section \(t)", sourceLocation: sourceLocation)
            #expect(
                (0..<g.itemCount).map { g.height(at: $0) } == section.items.map { tag($0) },
                "items of section \(t): \(ops)", sourceLocation: sourceLocation)
            // Reloaded items, and only they, got new data.
            #expect(
                (0..<g.itemCount).map { g.aspectRatio(at: $0) == 1 } == section.items.map { reloadSet.contains($0) },
                "reloads of section \(t): \(ops)", sourceLocation: sourceLocation)
        }

        // Minimal: sections.
        let oldSectionIndex = Dictionary(uniqueKeysWithValues: old.sections.enumerated().map { ($1.id, $0) })
        let keptOrder = new.sections.compactMap { oldSectionIndex[$0.id] }
        #expect(
            diff.movedSections.count == keptOrder.count - longestIncreasingLength(keptOrder),
            "section moves \(diff.movedSections)", sourceLocation: sourceLocation)
        #expect(diff.deletedSections.count == old.sections.count - keptOrder.count, sourceLocation: sourceLocation)
        #expect(diff.insertedSections.count == new.sections.count - keptOrder.count, sourceLocation: sourceLocation)

        // Minimal: items. Where each item was and is.
        var oldPlace: [ID: IndexPath] = [:], newPlace: [ID: IndexPath] = [:]
        for (s, section) in old.sections.enumerated() { for (i, id) in section.items.enumerated() { oldPlace[id] = IndexPath(s, i) } }
        for (s, section) in new.sections.enumerated() { for (i, id) in section.items.enumerated() { newPlace[id] = IndexPath(s, i) } }
        let newSectionIDs = Set(new.sections.map(\.id)), oldSectionIDs = Set(old.sections.map(\.id))
        let deleted = Set(diff.deletedItems.map { old.sections[$0.section].items[$0.item] })
        let inserted = Set(diff.insertedItems.map { new.sections[$0.section].items[$0.item] })
        #expect(
            deleted.count == diff.deletedItems.count && inserted.count == diff.insertedItems.count,
            sourceLocation: sourceLocation)
        // An explicit delete is an item that leaves (or goes to an inserted section), or a
        // reloaded item that moves; likewise for inserts.
        for id in deleted {
            let leaves = newPlace[id].map { !oldSectionIDs.contains(new.sections[$0.section].id) } ?? true
            #expect(
                leaves || (reloadSet.contains(id) && inserted.contains(id)), "needless delete of \(id)",
                sourceLocation: sourceLocation)
        }
        for id in inserted {
            let arrives = oldPlace[id].map { !newSectionIDs.contains(old.sections[$0.section].id) } ?? true
            #expect(
                arrives || (reloadSet.contains(id) && deleted.contains(id)), "needless insert of \(id)",
                sourceLocation: sourceLocation)
        }
        var touchedInSection: [ID: Int] = [:] // by section id: items moved or deleted + inserted
        var crossMoves = 0
        for m in diff.movedItems {
            let a = old.sections[m.from.section].id, b = new.sections[m.to.section].id
            if a == b { touchedInSection[a, default: 0] += 1 } else { crossMoves += 1 }
            #expect(
                !reloadSet.contains(new.sections[m.to.section].items[m.to.item]), "a reloaded item moved",
                sourceLocation: sourceLocation)
        }
        for id in deleted.intersection(inserted) {
            let a = old.sections[oldPlace[id]!.section].id, b = new.sections[newPlace[id]!.section].id
            if a == b { touchedInSection[a, default: 0] += 1 } else { crossMoves += 1 }
        }
        var expectedCross = 0
        for (id, to) in newPlace {
            guard let from = oldPlace[id] else { continue }
            let a = old.sections[from.section].id, b = new.sections[to.section].id
            if a != b && newSectionIDs.contains(a) && oldSectionIDs.contains(b) { expectedCross += 1 }
        }
        #expect(crossMoves == expectedCross, "items changing section", sourceLocation: sourceLocation)
        for section in new.sections {
            guard let o = oldSectionIndex[section.id] else { continue }
            let stayed = section.items.compactMap { id in oldPlace[id].flatMap { $0.section == o ? $0.item : nil } }
            #expect(
                touchedInSection[section.id, default: 0] == stayed.count - longestIncreasingLength(stayed),
                "moves inside section \(section.id): \(diff.movedItems)", sourceLocation: sourceLocation)
        }

        // Reloaded items in place are reloadItems; reconfigured ones are reported.
        let reloadedInPlace = Set(diff.reloadedItems.map { old.sections[$0.section].items[$0.item] })
        #expect(reloadedInPlace.isSubset(of: reloadSet), sourceLocation: sourceLocation)
        // Only items the batch neither inserts nor deletes: both their sections are kept.
        var newSectionOf: [ID: ID] = [:]
        for section in new.sections { for id in section.items { newSectionOf[id] = section.id } }
        let expectedReconfigured = Set(
            reconfigured.filter { id in
                guard !reloadSet.contains(id), let from = oldPlace[id], let to = newSectionOf[id] else { return false }
                return newSectionIDs.contains(old.sections[from.section].id) && oldSectionIDs.contains(to)
            })
        #expect(
            Set(diff.reconfiguredItems.map { new.sections[$0.to.section].items[$0.to.item] }) == expectedReconfigured,
            sourceLocation: sourceLocation)
        for r in diff.reconfiguredItems {
            #expect(
                old.sections[r.from.section].items[r.from.item] == new.sections[r.to.section].items[r.to.item],
                sourceLocation: sourceLocation)
        }
        return diff
    }

    /// The longest strictly increasing subsequence's length, the quadratic way.
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}

/// Shorthands: `snap(("a", [1, 2]), ("b", ["x"]))`, and one-section snapshots.
func snap(_ sections: (SnapshotIdentifier, [SnapshotIdentifier])...) -> DiffableSnapshot {
    DiffableSnapshot(sections: sections.map { DiffableSnapshotSection(id: $0.0, items: $0.1) })
}

func one(_ items: [SnapshotIdentifier]) -> DiffableSnapshot { snap(("s", items)) }

@Suite struct SnapshotDiffTests {
    typealias ID = SnapshotIdentifier

    // MARK: Hand-worked

    @Test func equalSnapshotsGiveNoBatch() throws {
        let s = snap(("a", [1, 2, 3]), ("b", ["x", "y"]))
        let diff = try SnapshotContract.check(s, s)
        #expect(diff.isEmpty)
        #expect(diff.operations(sectionData: { _ in SectionData(itemCount: 0) }).isEmpty)
        #expect(try DiffableSnapshot(sections: []).difference(to: DiffableSnapshot(sections: [])).isEmpty)
    }

    @Test func oneItemMovedToTheFrontIsOneMove() throws {
        let diff = try SnapshotContract.check(one(["a", "b", "c"]), one(["c", "a", "b"]))
        #expect(diff.movedItems == [.init(from: IndexPath(0, 2), to: IndexPath(0, 0))])
        #expect(diff.deletedItems.isEmpty && diff.insertedItems.isEmpty)
    }

    @Test func integerAndStringIdentifiersDiffer() throws {
        let diff = try SnapshotContract.check(one([1]), one(["1"]))
        #expect(diff.deletedItems == [IndexPath(0, 0)])
        #expect(diff.insertedItems == [IndexPath(0, 0)])
        let sections = try SnapshotContract.check(snap((1, [])), snap(("1", [])))
        #expect(sections.deletedSections == [0] && sections.insertedSections == [0])
    }

    @Test func theBatchUsesUIKitIndexPaths() throws {
        // old: a [1 2 3], b [4 5]; new: c [9], b [5 4 2], a [1]
        let old = snap(("a", [1, 2, 3]), ("b", [4, 5]))
        let new = snap(("c", [9]), ("b", [5, 4, 2]), ("a", [1]))
        let diff = try SnapshotContract.check(old, new)
        #expect(diff.insertedSections == [0]) // new index
        #expect(diff.movedSections.count == 1) // a and b swap: one of them moves
        #expect(diff.deletedItems == [IndexPath(0, 2)]) // 3, old index
        #expect(diff.movedItems.contains(.init(from: IndexPath(0, 1), to: IndexPath(1, 2)))) // 2 changes section
        #expect(diff.movedItems.count == 2) // and one of 4, 5
        let ops = diff.operations(sectionData: { _ in SectionData(itemCount: 1) })
        #expect(ops.map(\.name) == ["insertSections", "moveSection", "deleteItems", "moveItem", "moveItem"])
    }

    @Test func aReloadInPlaceIsAReload() throws {
        let diff = try SnapshotContract.check(one(["a", "b", "c"]), one(["a", "b", "c"]), reloaded: ["b"])
        #expect(diff.reloadedItems == [IndexPath(0, 1)])
        #expect(diff.movedItems.isEmpty && diff.deletedItems.isEmpty)
    }

    @Test func aReloadedItemThatMovesIsDeletedAndInserted() throws {
        let diff = try SnapshotContract.check(one(["a", "b", "c"]), one(["c", "a", "b"]), reloaded: ["c"])
        #expect(diff.reloadedItems.isEmpty && diff.movedItems.isEmpty)
        #expect(diff.deletedItems == [IndexPath(0, 2)])
        #expect(diff.insertedItems == [IndexPath(0, 0)])
        let across = try SnapshotContract.check(
            snap(("a", ["x"]), ("b", [])), snap(("a", []), ("b", ["x"])),
            reloaded: ["x"])
        #expect(across.deletedItems == [IndexPath(0, 0)] && across.insertedItems == [IndexPath(1, 0)])
    }

    @Test func reconfiguredItemsAreReportedNotBatched() throws {
        let diff = try SnapshotContract.check(one(["a", "b"]), one(["b", "a", "n"]), reconfigured: ["a", "n", "a"])
        #expect(diff.reconfiguredItems.count == 1)
        #expect(diff.reconfiguredItems.first.map { $0.from == IndexPath(0, 0) && $0.to == IndexPath(0, 1) } == true)
        #expect(try one(["a"]).difference(to: one(["a"]), reconfigured: ["a"]).isEmpty)
    }

    @Test func itemsOfDeletedAndInsertedSectionsNeedNoItemOperations() throws {
        // x leaves a deleted section for a kept one: inserted; y leaves a kept section for a
        // new one: deleted; z goes from a deleted section to a new one: nothing.
        let old = snap(("gone", ["x", "z"]), ("kept", ["y"]))
        let new = snap(("kept", ["x"]), ("new", ["y", "z"]))
        let diff = try SnapshotContract.check(old, new)
        #expect(diff.deletedSections == [0] && diff.insertedSections == [1])
        #expect(diff.insertedItems == [IndexPath(0, 0)])
        #expect(diff.deletedItems == [IndexPath(1, 0)])
        #expect(diff.movedItems.isEmpty && diff.movedSections.isEmpty)
    }

    // MARK: Errors, in UIKit's words

    @Test func duplicateItemsAreRefusedListingUpToTen() throws {
        #expect(
            throws: DiffableSnapshotError(
                kind: .duplicateItemIdentifiers,
                message: "supplied item identifiers are not unique. Duplicate identifiers: {(\"m1\")}",
                field: "sections[1].items[0]", position: IndexPath(1, 0))
        ) {
            try one(["m1"]).difference(to: snap(("a", ["m1", "m2"]), ("b", ["m1"])))
        }
        let many: [ID] = (0..<12).map { .integer($0) }
        let error = #expect(throws: DiffableSnapshotError.self) { try one([]).difference(to: one(many + many)) }
        #expect(
            error?.message == "supplied item identifiers are not unique. Duplicate identifiers: "
                + "{(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)} (and 2 more)")
        #expect(error?.field == "sections[0].items[12]")
    }

    @Test func duplicateSectionsAreRefused() {
        let error = #expect(throws: DiffableSnapshotError.self) {
            try one([]).difference(to: snap(("a", []), ("b", []), ("a", [])))
        }
        #expect(error?.kind == .duplicateSectionIdentifiers)
        #expect(error?.message == "supplied section identifiers are not unique. Duplicate identifiers: {(\"a\")}")
        #expect(error?.field == "sections[2].id")
    }

    @Test func reloadingOrReconfiguringAnUnknownItemIsRefused() {
        let reload = #expect(throws: DiffableSnapshotError.self) {
            try one(["a"]).difference(to: one(["b"]), reloaded: ["b", "a"])
        }
        #expect(reload?.kind == .unknownItemIdentifier)
        #expect(reload?.message == "Attempted to reload item identifier that does not exist in the snapshot: \"a\"")
        #expect(reload?.field == "reloaded[1]")
        let reconfigure = #expect(throws: DiffableSnapshotError.self) {
            try one(["a"]).difference(to: one(["a"]), reconfigured: [7])
        }
        #expect(reconfigure?.message == "Attempted to reconfigure item identifier that does not exist in the snapshot: 7")
        #expect(reconfigure?.field == "reconfigured[0]")
    }

    // MARK: LIS

    @Test func longestIncreasingRunIsLongestAndIncreasing() {
        var rng = SeededRandom(seed: 22)
        for _ in 0..<500 {
            let values = (0..<rng.int(0...40)).map { _ in rng.int(0...30) }
            let kept = longestIncreasingRun(values)
            let run = values.indices.filter { kept[$0] }.map { values[$0] }
            #expect(run.count == SnapshotContract.longestIncreasingLength(values))
            #expect(zip(run, run.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    /// The items a heaviest chain of runs keeps, written plainly: `values` cut into runs of
    /// consecutive values, each run following the heaviest chain before it that it extends
    /// (the later on a tie), the chain ending at the heaviest (the later on a tie). O(r²).
    static func plainHeaviestRunChain(_ values: [Int]) -> [Bool] {
        var runs: [(first: Int, value: Int, count: Int)] = []
        for (i, v) in values.enumerated() {
            if let last = runs.last, last.value + last.count == v {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((i, v, 1))
            }
        }
        var weight = [Int](repeating: 0, count: runs.count), previous = [Int](repeating: -1, count: runs.count)
        var end = -1
        for k in runs.indices {
            var before = 0
            for p in 0..<k where runs[p].value < runs[k].value && weight[p] >= before {
                before = weight[p]
                previous[k] = p
            }
            weight[k] = before + runs[k].count
            if end < 0 || weight[k] >= weight[end] { end = k }
        }
        var kept = [Bool](repeating: false, count: values.count)
        while end >= 0 {
            for i in runs[end].first..<runs[end].first + runs[end].count { kept[i] = true }
            end = previous[end]
        }
        return kept
    }

    /// The tree picks the chain the plain programme picks, and the chain is as long as a
    /// longest increasing run of the items (which is what makes the moves minimal).
    @Test func heaviestRunsArePlainAndLongest() {
        var rng = SeededRandom(seed: 2214)
        for round in 0..<2000 {
            let n = rng.int(0...(round % 20 == 0 ? 3000 : 60))
            var values = Array(0..<n)
            switch rng.int(0...2) {
            case 0: values.shuffle(using: &rng)
            default:
                for _ in 0..<rng.int(0...max(1, n / 20)) where n > 1 {
                    values.insert(values.remove(at: rng.int(n)), at: rng.int(n))
                }
            }
            if rng.bool() { values = values.filter { _ in !rng.chance(0.1) } } // gaps, as deletes leave
            var runs: [StayingRun] = []
            for (i, v) in values.enumerated() {
                if let last = runs.last, last.oldStart + last.count == v {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(StayingRun(firstItem: i, oldStart: v, count: 1))
                }
            }
            let stays = heaviestIncreasingRuns(runs)
            var kept = [Bool](repeating: false, count: values.count)
            for (r, run) in runs.enumerated() where stays[r] {
                for i in run.firstItem..<run.firstItem + run.count { kept[i] = true }
            }
            #expect(kept == Self.plainHeaviestRunChain(values))
            #expect(kept.filter { $0 }.count == SnapshotContract.longestIncreasingLength(values))
        }
    }

    /// The diff over buffers answers what the plain loops it replaced answer, operation for
    /// operation: random pairs (reloads and reconfigures included), and large sections with
    /// a few changes.
    @Test func theDiffAnswersWhatThePlainLoopsAnswer() throws {
        var rng = SeededRandom(seed: 2213)
        for _ in 0..<3000 {
            let (old, new, reloaded, reconfigured) = Self.randomPair(&rng)
            let c = try old.correspondence(to: new, reloaded: reloaded, reconfigured: reconfigured)
            #expect(SnapshotDiff(c) == SnapshotDiff(plain: c))
        }
        for _ in 0..<20 {
            let items: [ID] = (0..<rng.int(1000...4000)).map { .integer($0) }
            var new = items
            for _ in 0..<rng.int(1...60) {
                switch rng.int(0...2) {
                case 0: new.remove(at: rng.int(new.count))
                case 1: new.insert(.string("n\(rng.int(0...1_000_000))"), at: rng.int(0...new.count))
                default: new.insert(new.remove(at: rng.int(new.count)), at: rng.int(0...new.count - 1))
                }
            }
            var seen = Set<ID>()
            new = new.filter { seen.insert($0).inserted } // a drawn identifier may come twice
            let half = new.count / 2
            let old2 = snap(("a", Array(items.prefix(items.count / 2))), ("b", Array(items.dropFirst(items.count / 2))))
            let new2 = snap(("b", Array(new.prefix(half))), ("a", Array(new.dropFirst(half))))
            for (o, n) in [(one(items), one(new)), (old2, new2)] {
                let c = try o.correspondence(to: n, reloaded: Array(new.prefix(3)), reconfigured: Array(new.suffix(3)))
                #expect(SnapshotDiff(c) == SnapshotDiff(plain: c))
            }
        }
    }

    // MARK: Property: random snapshot pairs

    static func randomPair(_ rng: inout SeededRandom) -> (DiffableSnapshot, DiffableSnapshot, [ID], [ID]) {
        var nextItem = 0, nextSection = 0
        func item() -> ID {
            nextItem += 1
            // Integers and strings share numbers (k and "k"), which must stay apart.
            return nextItem % 2 == 0 ? .integer(nextItem / 2) : .string(String(nextItem / 2))
        }
        func section() -> ID {
            nextSection += 1
            return rng.bool() ? .integer(nextSection) : .string("s\(nextSection)")
        }
        var old: [DiffableSnapshotSection] = []
        for _ in 0..<rng.int(0...5) {
            old.append(DiffableSnapshotSection(id: section(), items: (0..<rng.int(0...12)).map { _ in item() }))
        }
        var new = old
        for _ in 0..<rng.int(0...8) {
            switch rng.int(0...9) {
            case 0 where !new.isEmpty: new.remove(at: rng.int(new.count))
            case 1:
                new.insert(
                    DiffableSnapshotSection(id: section(), items: (0..<rng.int(0...4)).map { _ in item() }),
                    at: rng.int(0...new.count))
            case 2 where !new.isEmpty:
                let s = new.remove(at: rng.int(new.count))
                new.insert(s, at: rng.int(0...new.count))
            case 3 where !new.isEmpty:
                let s = rng.int(new.count)
                new[s].items.insert(item(), at: rng.int(0...new[s].items.count))
            case 4 where !new.isEmpty:
                let s = rng.int(new.count)
                if !new[s].items.isEmpty { new[s].items.remove(at: rng.int(new[s].items.count)) }
            case 5 where !new.isEmpty, 6 where !new.isEmpty: // move an item, within or across sections
                let s = rng.int(new.count), t = rng.int(new.count)
                if !new[s].items.isEmpty {
                    let id = new[s].items.remove(at: rng.int(new[s].items.count))
                    new[t].items.insert(id, at: rng.int(0...new[t].items.count))
                }
            case 7 where !new.isEmpty:
                let s = rng.int(new.count)
                new[s].items.shuffle(using: &rng)
            case 8 where !new.isEmpty: // a section's items taken over by a new section
                let s = rng.int(new.count)
                new[s] = DiffableSnapshotSection(id: section(), items: new[s].items)
            default: break
            }
        }
        let all = new.flatMap(\.items)
        let reloaded = all.filter { _ in rng.chance(0.15) }
        let reconfigured = all.filter { _ in rng.chance(0.15) }
        return (DiffableSnapshot(sections: old), DiffableSnapshot(sections: new), reloaded, reconfigured)
    }

    @Test func randomPairsHoldTheContract() throws {
        var rng = SeededRandom(seed: 2022)
        for _ in 0..<3000 {
            let (old, new, reloaded, reconfigured) = Self.randomPair(&rng)
            try SnapshotContract.check(old, new, reloaded: reloaded, reconfigured: reconfigured)
            // And back.
            try SnapshotContract.check(new, old)
        }
    }

    @Test func largeShufflesHoldTheContract() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<5 {
            let items: [ID] = (0..<2000).map { .integer($0) }
            var shuffled = items
            for _ in 0..<40 { // a few far moves
                let id = shuffled.remove(at: rng.int(shuffled.count))
                shuffled.insert(id, at: rng.int(0...shuffled.count))
            }
            let diff = try SnapshotContract.check(one(items), one(shuffled))
            #expect(diff.movedItems.count <= 40)
        }
    }
}

extension SnapshotDiff {
    /// The item loops as they were first written, over arrays with checked accessors: the
    /// reference `init(_:)`, which runs over buffers, is held to.
    init(plain c: SnapshotCorrespondence) {
        self.init()
        let oldStarts = sectionStarts(c.oldCounts), newStarts = sectionStarts(c.newCounts)
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
                    insertedItems.append(to)
                } else if fromSection == o {
                    oldIndexes.append(from - oldStarts[o])
                    newIndexes.append(j)
                } else if isReloaded(n) {
                    deletedItems.append(IndexPath(fromSection, from - oldStarts[fromSection]))
                    insertedItems.append(to)
                } else {
                    movedItems.append(.init(from: IndexPath(fromSection, from - oldStarts[fromSection]), to: to))
                }
            }
            let stays = SnapshotDiffTests.plainHeaviestRunChain(oldIndexes)
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
}
