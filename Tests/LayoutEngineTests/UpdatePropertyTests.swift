import LayoutEngine
import Testing

/// Random batches against random data sources, checked against UpdateReference (a naive
/// replay of UIKit's semantics): the same new data source, the same translations, the same
/// verdict on invalid batches.
@Suite struct UpdatePropertyTests {
    // MARK: Generators

    /// Sections of items whose heights are unique identities (some sections count-only,
    /// some with sizes too, some with an override tag).
    static func randomDataSource(_ g: inout UpdatesRandom, nextID: inout Int) -> DataSource {
        DataSource(sections: (0..<g.int(0...5)).map { _ in randomSection(&g, nextID: &nextID) })
    }

    static func randomSection(_ g: inout UpdatesRandom, nextID: inout Int) -> SectionData {
        let tag: Double? = g.chance(0.3) ? Double(g.int(1...99)) : nil
        if g.chance(0.15) { return SectionData(itemCount: g.int(0...6), overrides: UpdateFixtures.overrides(tag)) }
        let withSizes = g.chance(0.5)
        return SectionData(
            items: (0..<g.int(0...7)).map { _ in randomItem(&g, nextID: &nextID, withSizes: withSizes) },
            overrides: UpdateFixtures.overrides(tag))
    }

    static func randomItem(_ g: inout UpdatesRandom, nextID: inout Int, withSizes: Bool = false) -> SectionData.Item {
        nextID += 1
        let size = withSizes && g.chance(0.5) ? Size(width: Double(nextID), height: 1) : nil
        return SectionData.Item(size: size, height: Double(nextID))
    }

    /// A valid batch, built forward: decide what happens to every section and item, place
    /// the arrivals at random free indexes, then write the operations in a random order.
    static func randomValidBatch(_ g: inout UpdatesRandom, for old: DataSource, nextID: inout Int) -> [BatchUpdateOperation] {
        enum Fate { case keep, delete, reload, move }
        let oldCount = old.sections.count
        let fates: [Fate] = (0..<oldCount).map { _ in
            switch g.int(0...9) {
            case 0: .delete
            case 1: .reload
            case 2: .move
            default: .keep
            }
        }
        let insertedCount = g.chance(0.4) ? g.int(1...2) : 0
        let movedSections = (0..<oldCount).filter { fates[$0] == .move }
        let newCount = oldCount - fates.count(where: { $0 == .delete }) + insertedCount
        var fixed = Array(Array(0..<newCount).shuffled(using: &g).prefix(insertedCount + movedSections.count))
        let insertedSections = Array(fixed.prefix(insertedCount))
        fixed.removeFirst(insertedCount)
        var newIndex = [Int](repeating: -1, count: oldCount)
        for (o, t) in zip(movedSections, fixed) { newIndex[o] = t }
        var place = 0
        for o in 0..<oldCount where fates[o] == .keep || fates[o] == .reload {
            while fixed.contains(place) || insertedSections.contains(place) { place += 1 }
            newIndex[o] = place
            place += 1
        }

        // Items: sections kept or moved lose, reload and send items; they also receive.
        let open = (0..<oldCount).filter { fates[$0] == .keep || fates[$0] == .move }
        var deletes: [IndexPath] = [], reloads: [IndexPath] = [], moveOuts: [IndexPath] = []
        var survivors: [Int: Int] = [:]
        for o in open {
            for i in 0..<old.sections[o].itemCount {
                let p = IndexPath(o, i)
                switch g.int(0...19) {
                case 0...2: deletes.append(p)
                case 3, 4:
                    reloads.append(p)
                    survivors[newIndex[o], default: 0] += 1
                case 5...7: moveOuts.append(p)
                default: survivors[newIndex[o], default: 0] += 1
                }
            }
        }
        var arrivals: [Int: [IndexPath?]] = [:] // nil: an insert
        for from in moveOuts { arrivals[newIndex[open.randomElement(using: &g)!], default: []].append(from) }
        for o in open where g.chance(0.4) {
            arrivals[newIndex[o], default: []] += Array(repeating: nil, count: g.int(1...3))
        }
        var moves: [(IndexPath, IndexPath)] = [], inserts: [IndexPath] = []
        for (t, list) in arrivals {
            let places = Array(0..<(survivors[t, default: 0] + list.count)).shuffled(using: &g)
            for (source, item) in zip(list, places) {
                if let source { moves.append((source, IndexPath(t, item))) } else { inserts.append(IndexPath(t, item)) }
            }
        }

        // Operations, grouped at random and shuffled.
        func groups<T>(_ list: [T]) -> [[T]] {
            var result: [[T]] = []
            for element in list.shuffled(using: &g) {
                if result.isEmpty || g.chance(0.4) { result.append([element]) } else { result[result.count - 1].append(element) }
            }
            return result
        }
        var operations: [BatchUpdateOperation] = []
        operations += groups(deletes).map { .deleteItems($0) }
        for group in groups(reloads) {
            let items = g.chance(0.5) ? group.map { _ in randomItem(&g, nextID: &nextID) } : nil
            operations.append(.reloadItems(group, items: items))
        }
        operations += moves.map { .moveItem(from: $0.0, to: $0.1) }
        for group in groups(inserts) {
            let items = g.chance(0.7) ? group.map { _ in randomItem(&g, nextID: &nextID, withSizes: true) } : nil
            operations.append(.insertItems(group, items: items))
        }
        operations += groups((0..<oldCount).filter { fates[$0] == .delete }).map { .deleteSections($0) }
        for group in groups((0..<oldCount).filter { fates[$0] == .reload }) {
            let data = g.chance(0.5) ? group.map { _ in randomSection(&g, nextID: &nextID) } : nil
            operations.append(.reloadSections(group, data: data))
        }
        operations += movedSections.map { .moveSection(from: $0, to: newIndex[$0]) }
        for group in groups(insertedSections) {
            operations.append(.insertSections(group, data: group.map { _ in randomSection(&g, nextID: &nextID) }))
        }
        if g.chance(0.2) { operations.append(.deleteItems([])) }
        return operations.shuffled(using: &g)
    }

    /// Anything: a few operations with indexes near the valid range, often invalid.
    static func randomBatch(_ g: inout UpdatesRandom, for old: DataSource, nextID: inout Int) -> [BatchUpdateOperation] {
        func section() -> Int { g.int(-1...(old.sections.count + 1)) == -1 && g.chance(0.7) ? 0 : g.int(-1...(old.sections.count + 1)) }
        func path() -> IndexPath {
            let s = g.int(0...max(0, old.sections.count))
            let count = s < old.sections.count ? old.sections[s].itemCount : 2
            return IndexPath(g.chance(0.05) ? -1 : s, g.chance(0.05) ? -1 : g.int(0...(count + 1)))
        }
        func items(_ n: Int) -> [SectionData.Item]? {
            g.chance(0.5) ? nil : (0..<(g.chance(0.1) ? n + 1 : n)).map { _ in randomItem(&g, nextID: &nextID) }
        }
        return (0..<g.int(1...4)).map { _ in
            switch g.int(0...7) {
            case 0:
                let p = (0..<g.int(0...2)).map { _ in path() }
                return .insertItems(p, items: items(p.count))
            case 1: return .deleteItems((0..<g.int(0...2)).map { _ in path() })
            case 2: return .moveItem(from: path(), to: path())
            case 3:
                let p = (0..<g.int(0...2)).map { _ in path() }
                return .reloadItems(p, items: items(p.count))
            case 4:
                let s = (0..<g.int(0...2)).map { _ in section() }
                return .insertSections(s, data: (0..<(g.chance(0.1) ? s.count + 1 : s.count)).map { _ in randomSection(&g, nextID: &nextID) })
            case 5: return .deleteSections((0..<g.int(0...2)).map { _ in section() })
            case 6: return .moveSection(from: section(), to: section())
            default:
                let s = (0..<g.int(0...2)).map { _ in section() }
                return .reloadSections(s, data: g.chance(0.5) ? nil : s.map { _ in randomSection(&g, nextID: &nextID) })
            }
        }
    }

    // MARK: The check

    /// Everything a validated update must agree on with the reference.
    static func check(
        _ update: ValidatedBatchUpdate, _ reference: UpdateReference.Outcome, old: DataSource,
        _ operations: [BatchUpdateOperation], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let new = update.newDataSource
        #expect(new == reference.dataSource, "new data source for \(operations)", sourceLocation: sourceLocation)
        guard new == reference.dataSource else { return }

        // Sections: translation and change both ways.
        for (t, section) in reference.sections.enumerated() {
            #expect(update.oldSection(forNew: t) == section.origin, sourceLocation: sourceLocation)
            if let o = section.origin { #expect(update.newSection(forOld: o) == t, sourceLocation: sourceLocation) }
            let change: ItemChange = section.reloaded ? .reload : section.replaced ? .insert : section.moved ? .move : .none
            #expect(update.sectionChange(forNew: t) == change, sourceLocation: sourceLocation)
        }
        let survivingSections = Set(reference.sections.compactMap(\.origin))
        for o in 0..<old.sections.count where !survivingSections.contains(o) {
            #expect(update.newSection(forOld: o) == nil && update.sectionChange(forOld: o) == .delete, sourceLocation: sourceLocation)
        }

        // Items: the new side against the reference's origins.
        for (t, section) in reference.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                let q = IndexPath(t, i)
                #expect(update.oldIndexPath(forNew: q) == item.origin, "old path of \(q) for \(operations)", sourceLocation: sourceLocation)
                let change: ItemChange = item.origin == nil ? .insert : item.moved ? .move : item.reloaded ? .reload : .none
                #expect(update.change(forNew: q) == change, sourceLocation: sourceLocation)
            }
        }
        // The old side: inverse of the new side, and the items keep their data.
        let newByOld = reference.newPathByOld
        for (o, section) in old.sections.enumerated() {
            for i in 0..<section.itemCount {
                let p = IndexPath(o, i)
                let n = update.newIndexPath(forOld: p)
                #expect(n == newByOld[p], "new path of \(p) for \(operations)", sourceLocation: sourceLocation)
                let change = update.change(forOld: p)
                guard let n else {
                    #expect(change == .delete, sourceLocation: sourceLocation)
                    continue
                }
                #expect(change != .delete && change != .insert, sourceLocation: sourceLocation)
                #expect(update.oldIndexPath(forNew: n) == p, sourceLocation: sourceLocation)
                #expect(update.change(forNew: n) == change, sourceLocation: sourceLocation)
                if change != .reload {
                    #expect(new.sections[n.section].item(at: n.item) == section.item(at: i), sourceLocation: sourceLocation)
                }
            }
        }

        // Untouched sections are the old section, shared; touched lists are ascending.
        let touched = update.touchedSections
        #expect(touched.new == touched.new.sorted() && Set(touched.new).count == touched.new.count, sourceLocation: sourceLocation)
        #expect(touched.old == touched.old.sorted() && Set(touched.old).count == touched.old.count, sourceLocation: sourceLocation)
        for t in 0..<new.sections.count where !touched.new.contains(t) {
            guard let o = update.oldSection(forNew: t) else {
                Issue.record("untouched new section \(t) has no old section", sourceLocation: sourceLocation)
                continue
            }
            #expect(new.sections[t] == old.sections[o], sourceLocation: sourceLocation)
            #expect(UpdateFixtures.sameStorage(new.sections[t].heights, old.sections[o].heights), sourceLocation: sourceLocation)
            #expect(UpdateFixtures.sameStorage(new.sections[t].sizes, old.sections[o].sizes), sourceLocation: sourceLocation)
        }
        for o in 0..<old.sections.count where !touched.old.contains(o) {
            #expect(update.sectionChange(forOld: o) != .delete && update.sectionChange(forOld: o) != .reload, sourceLocation: sourceLocation)
            for i in 0..<old.sections[o].itemCount {
                #expect(update.change(forOld: IndexPath(o, i)) == ItemChange.none, sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Properties

    /// (1) + (2): random valid batches of every operation against random data sources.
    @Test func randomValidBatchesMatchTheReference() throws {
        var g = UpdatesRandom(seed: 0xBA7C_0001)
        var nextID = 0
        for _ in 0..<400 {
            let old = Self.randomDataSource(&g, nextID: &nextID)
            let operations = Self.randomValidBatch(&g, for: old, nextID: &nextID)
            let reference = try #require(UpdateReference.apply(operations, to: old), "reference rejects \(operations)")
            let update: ValidatedBatchUpdate
            do {
                update = try BatchUpdate(operations).validated(against: old)
            } catch {
                Issue.record("rejected \(operations): \(error)")
                continue
            }
            Self.check(update, reference, old: old, operations)
        }
    }

    /// The order of operations inside a batch does not matter.
    @Test func operationOrderDoesNotMatter() throws {
        var g = UpdatesRandom(seed: 0x0D0E_0002)
        var nextID = 0
        for _ in 0..<150 {
            let old = Self.randomDataSource(&g, nextID: &nextID)
            let operations = Self.randomValidBatch(&g, for: old, nextID: &nextID)
            let a = try BatchUpdate(operations).validated(against: old)
            let b = try BatchUpdate(operations.shuffled(using: &g)).validated(against: old)
            #expect(a.newDataSource == b.newDataSource)
            #expect(a.touchedSections == b.touchedSections)
        }
    }

    /// (3): a long run of batches, each applied to the last one's result.
    @Test func sequencesOfBatchesStayConsistent() throws {
        var g = UpdatesRandom(seed: 0x5E9_0003)
        var nextID = 0
        for _ in 0..<8 {
            var data = Self.randomDataSource(&g, nextID: &nextID)
            for _ in 0..<25 {
                let operations = Self.randomValidBatch(&g, for: data, nextID: &nextID)
                let reference = try #require(UpdateReference.apply(operations, to: data))
                let update = try BatchUpdate(operations).validated(against: data)
                Self.check(update, reference, old: data, operations)
                // Identities stay unique: nothing is duplicated along the way.
                let ids = UpdateFixtures.ids(update.newDataSource).joined().filter { $0 >= 0 }
                #expect(Set(ids).count == ids.count)
                data = update.newDataSource
                if data.sections.isEmpty { data = Self.randomDataSource(&g, nextID: &nextID) }
            }
        }
    }

    /// Random batches of anything: the engine accepts exactly what the reference accepts,
    /// never crashes, and agrees with it when it accepts.
    @Test func randomBatchesGetTheReferenceVerdict() {
        var g = UpdatesRandom(seed: 0xA11_0004)
        var nextID = 0
        var accepted = 0, rejected = 0
        for _ in 0..<3000 {
            let old = Self.randomDataSource(&g, nextID: &nextID)
            let operations = Self.randomBatch(&g, for: old, nextID: &nextID)
            let reference = UpdateReference.apply(operations, to: old)
            do {
                let update = try BatchUpdate(operations).validated(against: old)
                accepted += 1
                guard let reference else {
                    Issue.record("accepted \(operations) on \(UpdateFixtures.ids(old))")
                    continue
                }
                Self.check(update, reference, old: old, operations)
            } catch {
                rejected += 1
                #expect(reference == nil, "rejected \(operations) on \(UpdateFixtures.ids(old)): \(error)")
                #expect(error.operationIndex >= 0 && error.operationIndex < operations.count)
                #expect(error.field.hasPrefix("updates[\(error.operationIndex)]."))
            }
        }
        // Neither verdict is rare, so both sides are exercised.
        #expect(accepted > 300 && rejected > 300, "accepted \(accepted), rejected \(rejected)")
    }

    /// Valid batches broken on purpose, each in a way UIKit refuses: always rejected.
    @Test func brokenValidBatchesAreRejected() throws {
        var g = UpdatesRandom(seed: 0xB20C_0005)
        var nextID = 0
        var broken = 0
        for _ in 0..<600 {
            let old = Self.randomDataSource(&g, nextID: &nextID)
            guard !old.sections.isEmpty else { continue }
            var operations = Self.randomValidBatch(&g, for: old, nextID: &nextID)
            let outcome = try #require(UpdateReference.apply(operations, to: old))
            let s = g.int(0...(old.sections.count - 1))
            let count = old.sections[s].itemCount
            let deleted: [IndexPath] = operations.flatMap { operation -> [IndexPath] in
                if case .deleteItems(let p) = operation { p } else { [] }
            }
            let deletedSections: [Int] = operations.flatMap { operation -> [Int] in
                if case .deleteSections(let s) = operation { s } else { [] }
            }
            switch g.int(0...8) {
            case 0:
                guard let p = deleted.randomElement(using: &g) else { continue }
                operations.append(.deleteItems([p])) // deleted twice
            case 1: operations.append(.deleteItems([IndexPath(s, count)])) // past the old end
            case 2:
                guard let t = (0..<outcome.sections.count).randomElement(using: &g) else { continue }
                let end = outcome.sections[t].items.count
                operations.append(.insertItems([IndexPath(t, end + 1)], items: nil)) // past the new end
            case 3: operations.append(.reloadItems([IndexPath(s, -1)], items: nil)) // negative
            case 4:
                guard let p = deleted.randomElement(using: &g) else { continue }
                operations.append(
                    g.chance(0.5)
                        ? .reloadItems([p], items: nil) // deleted and reloaded
                        : .moveItem(from: p, to: IndexPath(0, 0))) // deleted and moved
            case 5:
                guard let d = deletedSections.randomElement(using: &g) else { continue }
                operations.append(.moveSection(from: d, to: 0)) // deleted and moved
            case 6:
                guard let d = deletedSections.randomElement(using: &g), old.sections[d].itemCount > 0 else { continue }
                operations.append(.deleteItems([IndexPath(d, 0)])) // item of a deleted section
            case 7: operations.append(.insertSections([outcome.sections.count + 1], data: [SectionData(itemCount: 1)]))
            default: operations.append(.insertItems([IndexPath(0, 0)], items: [])) // items count
            }
            operations.shuffle(using: &g)
            broken += 1
            #expect(UpdateFixtures.rejection(operations, old) != nil, "accepted \(operations)")
            #expect(UpdateReference.apply(operations, to: old) == nil)
        }
        #expect(broken > 300)
    }
}
