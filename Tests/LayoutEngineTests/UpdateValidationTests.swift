import LayoutEngine
import Testing

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(s, i) }

/// Every rule a batch is checked against, each with the message and field it is rejected
/// with, on UpdateFixtures.base (sections of 5, 3 and 2 items).
@Suite struct UpdateValidationTests {
    typealias F = UpdateFixtures

    struct Rejection: Sendable, CustomTestStringConvertible {
        var rule: String
        var operations: [BatchUpdateOperation]
        var operation: Int
        var field: String
        var message: String
        var testDescription: String { rule }
    }

    static let twoItems = [F.item(1), F.item(2)]

    static let rejections: [Rejection] = [
        // Data arrays must match the list they describe.
        Rejection(
            rule: "insertItems items count", operations: [.insertItems([ip(0, 0)], items: twoItems)],
            operation: 0, field: "updates[0].items", message: "insertItems: items has 2 entries but indexPaths has 1"),
        Rejection(
            rule: "reloadItems items count", operations: [.deleteItems([]), .reloadItems([ip(0, 0), ip(0, 1)], items: [F.item(1)])],
            operation: 1, field: "updates[1].items", message: "reloadItems: items has 1 entries but indexPaths has 2"),
        Rejection(
            rule: "insertSections data count", operations: [.insertSections([0, 1], data: [F.section([1])])],
            operation: 0, field: "updates[0].data", message: "insertSections: data has 1 entries but sections has 2"),
        Rejection(
            rule: "reloadSections data count", operations: [.reloadSections([0], data: [])],
            operation: 0, field: "updates[0].data", message: "reloadSections: data has 0 entries but sections has 1"),

        // Negative indexes.
        Rejection(
            rule: "negative item", operations: [.deleteItems([ip(0, 0), ip(0, -1)])],
            operation: 0, field: "updates[0].indexPaths[1]", message: "index path [0, -1] has a negative index"),
        Rejection(
            rule: "negative insert section", operations: [.insertItems([ip(-1, 0)], items: nil)],
            operation: 0, field: "updates[0].indexPaths[0]", message: "index path [-1, 0] has a negative index"),
        Rejection(
            rule: "negative move destination", operations: [.moveItem(from: ip(0, 0), to: ip(0, -2))],
            operation: 0, field: "updates[0].to", message: "index path [0, -2] has a negative index"),
        Rejection(
            rule: "negative section", operations: [.deleteSections([-1])],
            operation: 0, field: "updates[0].sections[0]", message: "section -1 is negative"),
        Rejection(
            rule: "negative section move destination", operations: [.moveSection(from: 0, to: -1)],
            operation: 0, field: "updates[0].to", message: "section -1 is negative"),
        Rejection(
            rule: "negative section insert", operations: [.insertSections([-3], data: [F.section([])])],
            operation: 0, field: "updates[0].sections[0]", message: "section -3 is negative"),

        // Out of range before the update.
        Rejection(
            rule: "delete item in missing section", operations: [.deleteItems([ip(3, 0)])],
            operation: 0, field: "updates[0].indexPaths[0]",
            message: "attempt to delete item [3, 0], but there are only 3 sections before the update"),
        Rejection(
            rule: "delete missing item", operations: [.deleteItems([ip(0, 5)])],
            operation: 0, field: "updates[0].indexPaths[0]",
            message: "attempt to delete item [0, 5], but section 0 only contains 5 items before the update"),
        Rejection(
            rule: "reload missing item", operations: [.reloadItems([ip(2, 2)], items: nil)],
            operation: 0, field: "updates[0].indexPaths[0]",
            message: "attempt to reload item [2, 2], but section 2 only contains 2 items before the update"),
        Rejection(
            rule: "move missing item", operations: [.moveItem(from: ip(1, 3), to: ip(0, 0))],
            operation: 0, field: "updates[0].from",
            message: "attempt to move item [1, 3], but section 1 only contains 3 items before the update"),
        Rejection(
            rule: "delete missing section", operations: [.deleteSections([0, 3])],
            operation: 0, field: "updates[0].sections[1]",
            message: "attempt to delete section 3, but there are only 3 sections before the update"),
        Rejection(
            rule: "reload missing section", operations: [.reloadSections([5], data: nil)],
            operation: 0, field: "updates[0].sections[0]",
            message: "attempt to reload section 5, but there are only 3 sections before the update"),
        Rejection(
            rule: "move missing section", operations: [.moveSection(from: 3, to: 0)],
            operation: 0, field: "updates[0].from",
            message: "attempt to move section 3, but there are only 3 sections before the update"),

        // One old index path named twice.
        Rejection(
            rule: "delete twice", operations: [.deleteItems([ip(0, 1), ip(0, 1)])],
            operation: 0, field: "updates[0].indexPaths[1]", message: "attempt to delete item [0, 1] twice (also in updates[0])"),
        Rejection(
            rule: "reload twice", operations: [.reloadItems([ip(0, 1)], items: nil), .reloadItems([ip(0, 1)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]", message: "attempt to reload item [0, 1] twice (also in updates[0])"),
        Rejection(
            rule: "move twice", operations: [.moveItem(from: ip(0, 1), to: ip(0, 0)), .moveItem(from: ip(0, 1), to: ip(0, 2))],
            operation: 1, field: "updates[1].from", message: "attempt to move item [0, 1] twice (also in updates[0])"),
        Rejection(
            rule: "delete and reload", operations: [.deleteItems([ip(0, 1)]), .reloadItems([ip(0, 1)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to delete and reload the same index path [0, 1] (also in updates[0])"),
        Rejection(
            rule: "reload and delete", operations: [.reloadItems([ip(0, 1)], items: nil), .deleteItems([ip(0, 1)])],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to delete and reload the same index path [0, 1] (also in updates[0])"),
        Rejection(
            rule: "delete and move", operations: [.moveItem(from: ip(0, 1), to: ip(0, 0)), .deleteItems([ip(0, 1)])],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to delete and move the same index path [0, 1] (also in updates[0])"),
        Rejection(
            rule: "reload and move", operations: [.reloadItems([ip(0, 1)], items: nil), .moveItem(from: ip(0, 1), to: ip(0, 0))],
            operation: 1, field: "updates[1].from",
            message: "attempt to reload and move the same index path [0, 1] (also in updates[0])"),

        // One old section named twice.
        Rejection(
            rule: "delete section twice", operations: [.deleteSections([1]), .deleteSections([1])],
            operation: 1, field: "updates[1].sections[0]", message: "attempt to delete section 1 twice (also in updates[0])"),
        Rejection(
            rule: "reload section twice", operations: [.reloadSections([1, 1], data: nil)],
            operation: 0, field: "updates[0].sections[1]", message: "attempt to reload section 1 twice (also in updates[0])"),
        Rejection(
            rule: "move section twice", operations: [.moveSection(from: 1, to: 0), .moveSection(from: 1, to: 2)],
            operation: 1, field: "updates[1].from", message: "attempt to move section 1 twice (also in updates[0])"),
        Rejection(
            rule: "delete and reload section", operations: [.reloadSections([2], data: nil), .deleteSections([2])],
            operation: 1, field: "updates[1].sections[0]",
            message: "attempt to delete and reload the same section (2) (also in updates[0])"),
        Rejection(
            rule: "delete and move section", operations: [.deleteSections([0]), .moveSection(from: 0, to: 1)],
            operation: 1, field: "updates[1].from",
            message: "attempt to delete and move the same section (0) (also in updates[0])"),
        Rejection(
            rule: "reload and move section", operations: [.moveSection(from: 0, to: 1), .reloadSections([0], data: nil)],
            operation: 1, field: "updates[1].sections[0]",
            message: "attempt to reload and move the same section (0) (also in updates[0])"),

        // Items of sections that are deleted or reloaded.
        Rejection(
            rule: "delete item of deleted section", operations: [.deleteItems([ip(1, 0)]), .deleteSections([1])],
            operation: 0, field: "updates[0].indexPaths[0]",
            message: "attempt to delete item [1, 0] from section 1, which is being deleted"),
        Rejection(
            rule: "reload item of reloaded section", operations: [.reloadSections([2], data: nil), .reloadItems([ip(2, 1)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to reload item [2, 1] in section 2, which is being reloaded"),
        Rejection(
            rule: "move item out of deleted section", operations: [.deleteSections([0]), .moveItem(from: ip(0, 0), to: ip(0, 0))],
            operation: 1, field: "updates[1].from",
            message: "attempt to move item [0, 0] out of section 0, which is being deleted"),
        Rejection(
            rule: "delete item of reloaded section", operations: [.reloadSections([0], data: nil), .deleteItems([ip(0, 4)])],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to delete item [0, 4] from section 0, which is being reloaded"),

        // Sections after the update.
        Rejection(
            rule: "insert section past the end", operations: [.insertSections([4], data: [F.section([])])],
            operation: 0, field: "updates[0].sections[0]",
            message: "attempt to insert section 4, but there are only 4 sections after the update"),
        Rejection(
            rule: "delete then insert past the new end", operations: [.deleteSections([2]), .insertSections([3], data: [F.section([])])],
            operation: 1, field: "updates[1].sections[0]",
            message: "attempt to insert section 3, but there are only 3 sections after the update"),
        Rejection(
            rule: "move section past the end", operations: [.moveSection(from: 0, to: 3)],
            operation: 0, field: "updates[0].to",
            message: "attempt to move section 0 to 3, but there are only 3 sections after the update"),
        Rejection(
            rule: "insert section twice", operations: [.insertSections([1, 1], data: [F.section([]), F.section([])])],
            operation: 0, field: "updates[0].sections[1]", message: "attempt to insert section 1 twice (also in updates[0])"),
        Rejection(
            rule: "two sections moved to one place", operations: [.moveSection(from: 0, to: 2), .moveSection(from: 1, to: 2)],
            operation: 1, field: "updates[1].to", message: "attempt to move two sections to section 2 (also in updates[0])"),
        Rejection(
            rule: "insert and move to one section", operations: [.moveSection(from: 0, to: 1), .insertSections([1], data: [F.section([])])],
            operation: 1, field: "updates[1].sections[0]",
            message: "attempt to insert and move to the same section (1) (also in updates[0])"),

        // Items after the update.
        Rejection(
            rule: "insert item in missing section", operations: [.insertItems([ip(3, 0)], items: nil)],
            operation: 0, field: "updates[0].indexPaths[0]",
            message: "attempt to insert item [3, 0], but there are only 3 sections after the update"),
        Rejection(
            rule: "move item to missing section", operations: [.deleteSections([2]), .moveItem(from: ip(0, 0), to: ip(2, 0))],
            operation: 1, field: "updates[1].to",
            message: "attempt to move item [0, 0] to [2, 0], but there are only 2 sections after the update"),
        Rejection(
            rule: "insert into inserted section", operations: [.insertSections([1], data: [F.section([40])]), .insertItems([ip(1, 0)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to insert item [1, 0] into section 1, which is being inserted (its data lists all of its items)"),
        Rejection(
            rule: "insert into reloaded section", operations: [.reloadSections([2], data: nil), .insertItems([ip(2, 0)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to insert item [2, 0] into section 2, which is being reloaded (its data lists all of its items)"),
        Rejection(
            rule: "move into inserted section", operations: [.insertSections([0], data: [F.section([])]), .moveItem(from: ip(0, 0), to: ip(0, 0))],
            operation: 1, field: "updates[1].to",
            message: "attempt to move item [0, 0] into section 0, which is being inserted"),
        Rejection(
            rule: "insert twice", operations: [.insertItems([ip(0, 0)], items: nil), .insertItems([ip(0, 0)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]", message: "attempt to insert item [0, 0] twice (also in updates[0])"),
        Rejection(
            rule: "two items moved to one place", operations: [.moveItem(from: ip(0, 0), to: ip(1, 0)), .moveItem(from: ip(0, 1), to: ip(1, 0))],
            operation: 1, field: "updates[1].to",
            message: "attempt to move two items to the same index path [1, 0] (also in updates[0])"),
        Rejection(
            rule: "insert and move to one place", operations: [.moveItem(from: ip(0, 0), to: ip(1, 0)), .insertItems([ip(1, 0)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to insert and move to the same index path [1, 0] (also in updates[0])"),
        // UIKit's count rule: after = before − deleted − moved out + inserted + moved in.
        Rejection(
            rule: "insert past the new end", operations: [.insertItems([ip(0, 6)], items: nil)],
            operation: 0, field: "updates[0].indexPaths[0]",
            message: "attempt to insert item [0, 6], but there are only 6 items in section 0 after the update"),
        Rejection(
            rule: "insert past the end left by deletes", operations: [.deleteItems([ip(2, 0), ip(2, 1)]), .insertItems([ip(2, 1)], items: nil)],
            operation: 1, field: "updates[1].indexPaths[0]",
            message: "attempt to insert item [2, 1], but there are only 1 items in section 2 after the update"),
        Rejection(
            rule: "move past the new end", operations: [.moveItem(from: ip(0, 0), to: ip(1, 4))],
            operation: 0, field: "updates[0].to",
            message: "attempt to move item [0, 0] to [1, 4], but there are only 4 items in section 1 after the update"),
        Rejection(
            rule: "move within a section past its end", operations: [.moveItem(from: ip(2, 0), to: ip(2, 2))],
            operation: 0, field: "updates[0].to",
            message: "attempt to move item [2, 0] to [2, 2], but there are only 2 items in section 2 after the update"),
        Rejection(
            rule: "move into a moved section past its end", operations: [.moveSection(from: 2, to: 0), .moveItem(from: ip(1, 0), to: ip(0, 3))],
            operation: 1, field: "updates[1].to",
            message: "attempt to move item [1, 0] to [0, 3], but there are only 3 items in section 0 after the update")
    ]

    @Test(arguments: rejections)
    func rejected(_ case_: Rejection) {
        let error = F.rejection(case_.operations)
        #expect(error == BatchUpdateError(operationIndex: case_.operation, field: case_.field, message: case_.message))
        // The naive model agrees that UIKit would refuse it.
        #expect(UpdateReference.apply(case_.operations, to: F.base) == nil)
    }

    /// The error is the first broken rule of the earliest step, whatever the operation order:
    /// an old-state range error in a later operation wins over a new-state one before it.
    @Test func earlierStepWins() {
        let error = F.rejection([.insertItems([ip(0, 9)], items: nil), .deleteItems([ip(0, 7)])])
        #expect(error?.field == "updates[1].indexPaths[0]")
    }

    /// Valid edge cases UIKit accepts.
    @Test func acceptedEdgeCases() throws {
        // Moving an item to the place it already has.
        let still = try F.validate([.moveItem(from: ip(0, 2), to: ip(0, 2))])
        #expect(still.newDataSource == F.base && still.change(forOld: ip(0, 2)) == .move)
        // Moving a section to the index it already has.
        #expect(try F.validate([.moveSection(from: 1, to: 1)]).newDataSource == F.base)
        // Deleting every item, and every section.
        #expect(try F.validate([.deleteItems([ip(2, 1), ip(2, 0)])]).newDataSource.sections[2].itemCount == 0)
        #expect(try F.validate([.deleteSections([2, 0, 1])]).newDataSource.sections.isEmpty)
        // Inserting at the new end.
        #expect(F.ids(try F.validate([.insertItems([ip(2, 2)], items: [F.item(9)])]).newDataSource)[2] == [30, 31, 9])
        // Into an empty data source.
        let empty = DataSource(sections: [])
        #expect(try F.validate([.insertSections([0], data: [F.section([1])])], empty).newDataSource.sections.count == 1)
    }
}
