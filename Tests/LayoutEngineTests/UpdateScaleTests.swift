import LayoutEngine
import Testing

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(s, i) }

/// A million items in one section: an update near the end copies that section's columns
/// once and shares every other section; translations are binary searches.
@Suite struct UpdateScaleTests {
    static let million = 1_000_000

    static let data: DataSource = {
        let heights = (0..<million).map(Double.init)
        return DataSource(sections: [
            SectionData(itemCount: 3, heights: [1, 2, 3]),
            SectionData(itemCount: million, heights: heights),
            SectionData(itemCount: million) // count-only
        ])
    }()

    @Test func insertNearTheEndOfAMillion() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let update = try BatchUpdate([
            .insertItems([ip(1, Self.million - 5)], items: [SectionData.Item(height: -1)]),
            .deleteItems([ip(1, 10)]),
            .insertItems([ip(2, Self.million - 1)], items: nil)
        ]).validated(against: Self.data)
        let elapsed = clock.now - start
        let new = update.newDataSource

        #expect(new.sections[1].itemCount == Self.million)
        #expect(new.sections[1].height(at: 9) == 9)
        #expect(new.sections[1].height(at: 10) == 11)
        #expect(new.sections[1].height(at: Self.million - 6) == Double(Self.million - 5))
        #expect(new.sections[1].height(at: Self.million - 5) == -1)
        #expect(new.sections[1].height(at: Self.million - 4) == Double(Self.million - 4))
        #expect(new.sections[2] == SectionData(itemCount: Self.million + 1))
        #expect(!new.sections[2].hasItemData)
        #expect(UpdateFixtures.sameStorage(new.sections[0].heights, Self.data.sections[0].heights))
        #expect(update.touchedSections == TouchedSections(old: [1], new: [1, 2]))

        #expect(update.newIndexPath(forOld: ip(1, 500_000)) == ip(1, 499_999))
        // Old M−5 shifts down past the delete at 10 and stays below the insert at M−5;
        // old M−4 shifts down, then back up past the insert.
        #expect(update.newIndexPath(forOld: ip(1, Self.million - 5)) == ip(1, Self.million - 6))
        #expect(update.newIndexPath(forOld: ip(1, Self.million - 4)) == ip(1, Self.million - 4))
        #expect(update.oldIndexPath(forNew: ip(1, Self.million - 5)) == nil)
        #expect(update.oldIndexPath(forNew: ip(2, Self.million)) == ip(2, Self.million - 1))
        #expect(update.change(forNew: ip(2, Self.million - 1)) == .insert)
        // Timing is the benchmark's business; printed here only as a hint.
        print("updates: insert near the end of a million items validated in \(elapsed)")
    }

    /// A batch that touches only the small section shares the million-item columns.
    @Test func untouchedMillionIsShared() throws {
        let update = try BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 2)), .moveSection(from: 1, to: 2)])
            .validated(against: Self.data)
        #expect(UpdateFixtures.sameStorage(update.newDataSource.sections[2].heights, Self.data.sections[1].heights))
        #expect(update.newIndexPath(forOld: ip(1, 123_456)) == ip(2, 123_456))
        #expect(update.touchedSections == TouchedSections(old: [0], new: [0]))
    }

    /// Many small changes in the big section: translations stay consistent at scale.
    @Test func thousandsOfChangesInOneSection() throws {
        var g = UpdatesRandom(seed: 0x5CA1E)
        let picks = Array(Set((0..<4000).map { _ in g.int(0...(Self.million - 1)) }))
        let deletes = Array(picks.prefix(2000)).map { ip(1, $0) }
        let reloads = Array(picks.dropFirst(2000)).map { ip(1, $0) }
        let inserts = Array(Set((0..<3000).map { _ in g.int(0...(Self.million - 1)) })).map { ip(1, $0) }
        let update = try BatchUpdate([
            .deleteItems(deletes), .reloadItems(reloads, items: nil),
            .insertItems(inserts, items: nil)
        ]).validated(against: Self.data)
        let section = update.newDataSource.sections[1]
        #expect(section.itemCount == Self.million - deletes.count + inserts.count)
        for _ in 0..<2000 {
            let old = ip(1, g.int(0...(Self.million - 1)))
            guard let new = update.newIndexPath(forOld: old) else {
                #expect(update.change(forOld: old) == .delete)
                continue
            }
            #expect(update.oldIndexPath(forNew: new) == old)
            #expect(section.height(at: new.item) == Double(old.item))
        }
        for p in inserts.prefix(200) {
            #expect(update.oldIndexPath(forNew: p) == nil && section.height(at: p.item) == nil)
        }
    }
}
