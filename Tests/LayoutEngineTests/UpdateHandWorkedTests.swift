import LayoutEngine
import Testing

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(s, i) }

/// Each operation alone and in combination, on UpdateFixtures.base:
///   section 0: 10 11 12 13 14    section 1: 20 21 22 (override tag 5)    section 2: 30 31
/// (items named by their height), with the new data source and the translations written out.
@Suite struct UpdateHandWorkedTests {
    typealias F = UpdateFixtures

    @Test func emptyBatchChangesNothingAndSharesEverything() throws {
        let update = try F.validate([
            .insertItems([], items: []), .deleteItems([]), .reloadItems([], items: nil),
            .insertSections([], data: []), .deleteSections([]), .reloadSections([], data: nil)
        ])
        #expect(update.newDataSource == F.base)
        #expect(update.touchedSections == TouchedSections(old: [], new: []))
        for s in 0..<3 {
            #expect(F.sameStorage(update.newDataSource.sections[s].heights, F.base.sections[s].heights))
            #expect(update.newSection(forOld: s) == s && update.oldSection(forNew: s) == s)
        }
        #expect(update.newIndexPath(forOld: ip(0, 4)) == ip(0, 4))
        #expect(update.change(forOld: ip(0, 4)) == ItemChange.none)
    }

    /// Delete [0, 1] and [0, 3]: 10 12 14. Survivors close up.
    @Test func deleteItems() throws {
        let update = try F.validate([.deleteItems([ip(0, 3), ip(0, 1)])])
        #expect(F.ids(update.newDataSource) == [[10, 12, 14], [20, 21, 22], [30, 31]])
        #expect(update.newIndexPath(forOld: ip(0, 0)) == ip(0, 0))
        #expect(update.newIndexPath(forOld: ip(0, 1)) == nil)
        #expect(update.newIndexPath(forOld: ip(0, 2)) == ip(0, 1))
        #expect(update.newIndexPath(forOld: ip(0, 3)) == nil)
        #expect(update.newIndexPath(forOld: ip(0, 4)) == ip(0, 2))
        #expect(update.oldIndexPath(forNew: ip(0, 2)) == ip(0, 4))
        #expect(update.change(forOld: ip(0, 1)) == .delete)
        #expect(update.change(forOld: ip(0, 2)) == ItemChange.none)
        #expect(update.touchedSections == TouchedSections(old: [0], new: [0]))
        #expect(F.sameStorage(update.newDataSource.sections[1].heights, F.base.sections[1].heights))
    }

    /// Insert 100 at [0, 0] and 101 at [0, 3] (new indexes): 100 10 11 101 12 13 14.
    @Test func insertItems() throws {
        let update = try F.validate([.insertItems([ip(0, 3), ip(0, 0)], items: [F.item(101), F.item(100)])])
        #expect(F.ids(update.newDataSource)[0] == [100, 10, 11, 101, 12, 13, 14])
        #expect(update.newIndexPath(forOld: ip(0, 0)) == ip(0, 1))
        #expect(update.newIndexPath(forOld: ip(0, 2)) == ip(0, 4))
        #expect(update.oldIndexPath(forNew: ip(0, 3)) == nil)
        #expect(update.oldIndexPath(forNew: ip(0, 6)) == ip(0, 4))
        #expect(update.change(forNew: ip(0, 0)) == .insert)
        #expect(update.change(forNew: ip(0, 1)) == ItemChange.none)
    }

    /// Delete [0, 0] and insert at [0, 0] in one batch: the delete is before, the insert
    /// after, so the new item replaces the old one in place: 100 11 12 13 14.
    @Test func deleteAndInsertAtTheSameIndex() throws {
        let update = try F.validate([.insertItems([ip(0, 0)], items: [F.item(100)]), .deleteItems([ip(0, 0)])])
        #expect(F.ids(update.newDataSource)[0] == [100, 11, 12, 13, 14])
        #expect(update.change(forOld: ip(0, 0)) == .delete)
        #expect(update.change(forNew: ip(0, 0)) == .insert)
        #expect(update.newIndexPath(forOld: ip(0, 1)) == ip(0, 1))
    }

    /// Insert with nil data at new [2, 2] and [2, 0]: default items (no height) at 0 and 2,
    /// the old items in the free places: −1 30 −1 31.
    @Test func insertDefaultItems() throws {
        let update = try F.validate([.insertItems([ip(2, 2), ip(2, 0)], items: nil)])
        #expect(F.ids(update.newDataSource)[2] == [-1, 30, -1, 31])
        #expect(update.newDataSource.sections[2].item(at: 0) == SectionData.Item())
    }

    /// Move [0, 0] to [0, 4]: the other four close up and 10 lands last: 11 12 13 14 10.
    @Test func moveWithinSection() throws {
        let update = try F.validate([.moveItem(from: ip(0, 0), to: ip(0, 4))])
        #expect(F.ids(update.newDataSource)[0] == [11, 12, 13, 14, 10])
        #expect(update.newIndexPath(forOld: ip(0, 0)) == ip(0, 4))
        #expect(update.newIndexPath(forOld: ip(0, 1)) == ip(0, 0))
        #expect(update.oldIndexPath(forNew: ip(0, 4)) == ip(0, 0))
        #expect(update.change(forOld: ip(0, 0)) == .move)
        #expect(update.change(forNew: ip(0, 4)) == .move)
        #expect(update.change(forOld: ip(0, 1)) == ItemChange.none)
        #expect(update.touchedSections == TouchedSections(old: [0], new: [0]))
    }

    /// Swap [0, 0] and [0, 1] with two moves: 11 10 12 13 14.
    @Test func swapByTwoMoves() throws {
        let update = try F.validate([
            .moveItem(from: ip(0, 0), to: ip(0, 1)),
            .moveItem(from: ip(0, 1), to: ip(0, 0))
        ])
        #expect(F.ids(update.newDataSource)[0] == [11, 10, 12, 13, 14])
        #expect(update.newIndexPath(forOld: ip(0, 2)) == ip(0, 2))
    }

    /// Move [0, 1] to [1, 0]: 10 12 13 14 | 11 20 21 22. The item keeps its data; the
    /// target section keeps its override.
    @Test func moveAcrossSections() throws {
        let update = try F.validate([.moveItem(from: ip(0, 1), to: ip(1, 0))])
        #expect(F.ids(update.newDataSource) == [[10, 12, 13, 14], [11, 20, 21, 22], [30, 31]])
        #expect(update.newDataSource.sections[1].overrides == F.overrides(5))
        #expect(update.newIndexPath(forOld: ip(1, 0)) == ip(1, 1))
        #expect(update.oldIndexPath(forNew: ip(1, 0)) == ip(0, 1))
        #expect(update.newIndexPath(forOld: ip(0, 2)) == ip(0, 1))
        #expect(update.touchedSections == TouchedSections(old: [0], new: [0, 1]))
    }

    /// Reload [0, 2] with new data and [0, 4] keeping its data, while [0, 0] is deleted:
    /// 11 200 13 14. The reloaded items keep their places among their neighbours.
    @Test func reloadItems() throws {
        let update = try F.validate([
            .reloadItems([ip(0, 2), ip(0, 4)], items: [F.item(200), F.item(14)]),
            .deleteItems([ip(0, 0)])
        ])
        #expect(F.ids(update.newDataSource)[0] == [11, 200, 13, 14])
        #expect(update.newIndexPath(forOld: ip(0, 2)) == ip(0, 1))
        #expect(update.oldIndexPath(forNew: ip(0, 1)) == ip(0, 2))
        #expect(update.change(forOld: ip(0, 2)) == .reload)
        #expect(update.change(forNew: ip(0, 1)) == .reload)
        #expect(update.change(forNew: ip(0, 3)) == .reload)
        #expect(update.change(forNew: ip(0, 2)) == ItemChange.none)

        let keep = try F.validate([.reloadItems([ip(1, 1)], items: nil)])
        #expect(keep.newDataSource == F.base)
        #expect(keep.change(forOld: ip(1, 1)) == .reload)
        #expect(keep.touchedSections == TouchedSections(old: [1], new: [1]))
    }

    /// Delete section 1: 10…14 | 30 31.
    @Test func deleteSection() throws {
        let update = try F.validate([.deleteSections([1])])
        #expect(F.ids(update.newDataSource) == [[10, 11, 12, 13, 14], [30, 31]])
        #expect(update.newSection(forOld: 1) == nil && update.newSection(forOld: 2) == 1)
        #expect(update.oldSection(forNew: 1) == 2)
        #expect(update.newIndexPath(forOld: ip(1, 0)) == nil)
        #expect(update.change(forOld: ip(1, 0)) == .delete)
        #expect(update.newIndexPath(forOld: ip(2, 1)) == ip(1, 1))
        #expect(update.sectionChange(forOld: 1) == .delete)
        #expect(update.touchedSections == TouchedSections(old: [1], new: []))
        #expect(F.sameStorage(update.newDataSource.sections[1].heights, F.base.sections[2].heights))
    }

    /// Insert a section at 1 (with its own override): 10…14 | 40 41 | 20…22 | 30 31.
    @Test func insertSection() throws {
        let update = try F.validate([.insertSections([1], data: [F.section([40, 41], tag: 9)])])
        #expect(F.ids(update.newDataSource) == [[10, 11, 12, 13, 14], [40, 41], [20, 21, 22], [30, 31]])
        #expect(update.newDataSource.sections[1].overrides == F.overrides(9))
        #expect(update.newDataSource.sections[2].overrides == F.overrides(5))
        #expect(update.oldSection(forNew: 1) == nil)
        #expect(update.oldIndexPath(forNew: ip(1, 0)) == nil)
        #expect(update.change(forNew: ip(1, 1)) == .insert)
        #expect(update.newIndexPath(forOld: ip(1, 2)) == ip(2, 2))
        #expect(update.sectionChange(forNew: 1) == .insert)
        #expect(update.touchedSections == TouchedSections(old: [], new: [1]))
    }

    /// Move section 1 to 0: its items and its override go with it: 20…22 (tag 5) | 10…14 | 30 31.
    @Test func moveSection() throws {
        let update = try F.validate([.moveSection(from: 1, to: 0)])
        #expect(F.ids(update.newDataSource) == [[20, 21, 22], [10, 11, 12, 13, 14], [30, 31]])
        #expect(update.newDataSource.sections[0].overrides == F.overrides(5))
        #expect(update.newDataSource.sections[1].overrides == SectionOverrides())
        #expect(update.newIndexPath(forOld: ip(1, 2)) == ip(0, 2))
        #expect(update.newIndexPath(forOld: ip(0, 0)) == ip(1, 0))
        #expect(update.change(forOld: ip(1, 2)) == ItemChange.none)
        #expect(update.sectionChange(forOld: 1) == .move && update.sectionChange(forNew: 0) == .move)
        #expect(update.sectionChange(forOld: 0) == ItemChange.none)
        #expect(update.touchedSections == TouchedSections(old: [], new: []))
        #expect(F.sameStorage(update.newDataSource.sections[0].heights, F.base.sections[1].heights))
    }

    /// Reload section 1 with new data, and section 2 keeping its data: items count as
    /// deleted and inserted, the sections keep their places.
    @Test func reloadSections() throws {
        let update = try F.validate([.reloadSections([1], data: [F.section([50])])])
        #expect(F.ids(update.newDataSource) == [[10, 11, 12, 13, 14], [50], [30, 31]])
        #expect(update.newDataSource.sections[1].overrides == SectionOverrides())
        #expect(update.newSection(forOld: 1) == 1 && update.oldSection(forNew: 1) == 1)
        #expect(update.sectionChange(forOld: 1) == .reload && update.sectionChange(forNew: 1) == .reload)
        #expect(update.newIndexPath(forOld: ip(1, 0)) == nil)
        #expect(update.oldIndexPath(forNew: ip(1, 0)) == nil)
        #expect(update.change(forOld: ip(1, 0)) == .delete)
        #expect(update.change(forNew: ip(1, 0)) == .insert)
        #expect(update.touchedSections == TouchedSections(old: [1], new: [1]))

        let keep = try F.validate([.reloadSections([2], data: nil)])
        #expect(keep.newDataSource == F.base)
        #expect(F.sameStorage(keep.newDataSource.sections[2].heights, F.base.sections[2].heights))
        #expect(keep.newIndexPath(forOld: ip(2, 0)) == nil)
        #expect(keep.change(forNew: ip(2, 1)) == .insert)
    }

    /// Delete section 0 and insert a section at 0: a replacement (new 0 is the new data,
    /// new 1 is old 1).
    @Test func deleteAndInsertSectionAtTheSameIndex() throws {
        let update = try F.validate([.deleteSections([0]), .insertSections([0], data: [F.section([60])])])
        #expect(F.ids(update.newDataSource) == [[60], [20, 21, 22], [30, 31]])
        #expect(update.oldSection(forNew: 0) == nil && update.oldSection(forNew: 1) == 1)
        #expect(update.newSection(forOld: 0) == nil)
    }

    /// Move section 0 to 2, insert 100 at [2, 0] (the section's NEW index), delete [0, 4]
    /// (its OLD index): 20…22 (tag 5) | 30 31 | 100 10 11 12 13.
    @Test func itemOperationsInAMovedSection() throws {
        let update = try F.validate([
            .insertItems([ip(2, 0)], items: [F.item(100)]),
            .moveSection(from: 0, to: 2), .deleteItems([ip(0, 4)])
        ])
        #expect(F.ids(update.newDataSource) == [[20, 21, 22], [30, 31], [100, 10, 11, 12, 13]])
        #expect(update.newDataSource.sections[0].overrides == F.overrides(5))
        #expect(update.newIndexPath(forOld: ip(0, 0)) == ip(2, 1))
        #expect(update.newIndexPath(forOld: ip(0, 4)) == nil)
        #expect(update.oldIndexPath(forNew: ip(2, 4)) == ip(0, 3))
        #expect(update.touchedSections == TouchedSections(old: [0], new: [2]))
    }

    /// Delete section 0 and move [1, 0] to [0, 2]: old section 1 is new section 0, so the
    /// move stays inside it: 21 22 20 | 30 31.
    @Test func moveNamesTheSectionByOldAndNewIndex() throws {
        let update = try F.validate([.deleteSections([0]), .moveItem(from: ip(1, 0), to: ip(0, 2))])
        #expect(F.ids(update.newDataSource) == [[21, 22, 20], [30, 31]])
        #expect(update.newDataSource.sections[0].overrides == F.overrides(5))
        #expect(update.newIndexPath(forOld: ip(1, 1)) == ip(0, 0))
        #expect(update.oldIndexPath(forNew: ip(1, 0)) == ip(2, 0))
    }

    /// Reload section 1 and insert a section at 1: inserts take their new index, the
    /// reloaded section keeps its place among the others, so it moves to 2.
    @Test func reloadedSectionKeepsItsPlaceAmongTheOthers() throws {
        let update = try F.validate([
            .reloadSections([1], data: [F.section([50])]),
            .insertSections([1], data: [F.section([40])])
        ])
        #expect(F.ids(update.newDataSource) == [[10, 11, 12, 13, 14], [40], [50], [30, 31]])
        #expect(update.newSection(forOld: 1) == 2)
        #expect(update.sectionChange(forNew: 2) == .reload && update.sectionChange(forNew: 1) == .insert)
        #expect(update.touchedSections == TouchedSections(old: [1], new: [1, 2]))
    }

    /// Everything at once, hand-replayed the UIKit way:
    ///   reload [0, 2] → 200; delete [0, 0]; move [0, 4] → [2, 0]; delete section 1;
    ///   insert section 0 = 70; insert default item at [1, 1]; move section 2 → 1.
    /// Sections after: old 1 deleted; new 0 inserted, new 1 = old 2 (moved), new 2 = old 0.
    /// Old 0 loses 10 and 14 → 11 200 13, then nothing arrives in new 2: 11 200 13.
    /// New 1 (old 2: 30 31) gains 14 at 0 and a default item at 1: 14 −1 30 31.
    @Test func allOperationsTogether() throws {
        let update = try F.validate([
            .reloadItems([ip(0, 2)], items: [F.item(200)]),
            .deleteItems([ip(0, 0)]),
            .moveItem(from: ip(0, 4), to: ip(1, 0)),
            .deleteSections([1]),
            .insertSections([0], data: [F.section([70])]),
            .insertItems([ip(1, 1)], items: nil),
            .moveSection(from: 2, to: 1)
        ])
        #expect(F.ids(update.newDataSource) == [[70], [14, -1, 30, 31], [11, 200, 13]])
        #expect(update.newSection(forOld: 0) == 2 && update.newSection(forOld: 2) == 1)
        #expect(update.newIndexPath(forOld: ip(0, 4)) == ip(1, 0))
        #expect(update.newIndexPath(forOld: ip(2, 0)) == ip(1, 2))
        #expect(update.newIndexPath(forOld: ip(0, 3)) == ip(2, 2))
        #expect(update.oldIndexPath(forNew: ip(2, 1)) == ip(0, 2))
        #expect(update.change(forNew: ip(2, 1)) == .reload)
        #expect(update.change(forNew: ip(1, 1)) == .insert)
        #expect(update.change(forNew: ip(1, 0)) == .move)
        #expect(update.touchedSections == TouchedSections(old: [0, 1], new: [0, 1, 2]))
    }

    /// Columns: a count-only section stays count-only when default items arrive; an item
    /// with a size gives the section a size column in which the others have none.
    @Test func columnsAppearOnlyWhenAnItemGivesThem() throws {
        let data = DataSource(sections: [SectionData(itemCount: 3), F.section([20])])
        let defaults = try F.validate([.insertItems([ip(0, 1)], items: nil)], data)
        #expect(defaults.newDataSource.sections[0] == SectionData(itemCount: 4))
        #expect(!defaults.newDataSource.sections[0].hasItemData)

        let sized = try F.validate(
            [
                .insertItems([ip(0, 1)], items: [SectionData.Item(size: Size(width: 7, height: 8))]),
                .moveItem(from: ip(1, 0), to: ip(0, 0))
            ], data)
        let section = sized.newDataSource.sections[0]
        #expect(section.itemCount == 5)
        #expect((0..<5).map { section.size(at: $0) } == [nil, Size(width: 7, height: 8), nil, nil, nil])
        #expect((0..<5).map { section.height(at: $0) } == [20, nil, nil, nil, nil])
        #expect(section.aspectRatios == nil && section.children == nil)
    }

    /// A query about something that does not exist answers nil / .none.
    @Test func outOfRangeQueries() throws {
        let update = try F.validate([.deleteItems([ip(0, 0)])])
        #expect(update.newIndexPath(forOld: ip(0, 5)) == nil)
        #expect(update.newIndexPath(forOld: ip(3, 0)) == nil)
        #expect(update.oldIndexPath(forNew: ip(0, 4)) == nil)
        #expect(update.oldIndexPath(forNew: ip(-1, 0)) == nil)
        #expect(update.change(forOld: ip(0, -1)) == ItemChange.none)
        #expect(update.newSection(forOld: 3) == nil && update.oldSection(forNew: -1) == nil)
    }
}
