import Testing

import LayoutEngine

/// The packed snapshot editor does what NSDiffableDataSourceSnapshot's operations say, as a
/// plain model of arrays does them: random operations (valid and not) on random snapshots
/// leave the same sections and items, the same reloads and reconfigures, and refuse the same
/// inputs naming the same field.
@Suite("Snapshot editor")
struct SnapshotEditorTests {
    typealias ID = SnapshotIdentifier

    /// The reference: sections of item lists, edited the obvious way.
    struct Model {
        var sections: [(id: ID, items: [ID])]
        var reloaded: [ID] = [], reconfigured: [ID] = []

        func place(_ item: ID) -> IndexPath? {
            for (s, section) in sections.enumerated() {
                if let i = section.items.firstIndex(of: item) { return IndexPath(s, i) }
            }
            return nil
        }

        func sectionIndex(_ id: ID) -> Int? { sections.firstIndex { $0.id == id } }

        var allItems: Set<ID> { Set(sections.flatMap(\.items)) }

        mutating func forget(_ ids: some Sequence<ID>) {
            let gone = Set(ids)
            reloaded.removeAll { gone.contains($0) }
            reconfigured.removeAll { gone.contains($0) }
        }
    }

    /// An identifier drawn from a small pool (so operations meet existing ones), strings of
    /// several lengths beside integers, one non-ASCII.
    static func identifier(_ rng: inout SeededRandom, _ prefix: String) -> ID {
        let n = rng.int(40)
        switch n % 4 {
        case 0: return .integer(n)
        case 1: return .string("\(prefix)é\(n)")
        case 2: return .string("\(prefix)-\(String(repeating: "x", count: n))")
        default: return .string("\(prefix)\(n)")
        }
    }

    /// Both refused (and the same way), or both applied.
    static func same(
        _ editor: inout SnapshotEditor, _ model: inout Model,
        _ edit: (inout SnapshotEditor) throws(DiffableSnapshotError) -> Void,
        _ expected: (kind: DiffableSnapshotError.Kind, field: String)?, _ apply: (inout Model) -> Void
    ) {
        do throws(DiffableSnapshotError) {
            try edit(&editor)
            #expect(expected == nil, "applied, but the model refuses: \(String(describing: expected))")
            apply(&model)
        } catch {
            #expect(
                expected?.kind == error.kind && expected?.field == error.field,
                "\(error.message) at \(error.field), model: \(String(describing: expected))")
        }
    }

    /// The model's check of new identifiers: the first taken or repeated, or nil.
    static func firstDuplicate(_ ids: [ID], taken: Set<ID>) -> Int? {
        var seen = Set<ID>()
        for (k, id) in ids.enumerated() where taken.contains(id) || !seen.insert(id).inserted { return k }
        return nil
    }

    @Test func randomOperationsMatchTheModel() {
        var rng = SeededRandom(seed: 34)
        for _ in 0..<300 {
            var model = Model(sections: [])
            var sectionIDs = Set<ID>(), itemIDs = Set<ID>()
            for _ in 0..<rng.int(0...4) {
                let id = Self.identifier(&rng, "s")
                guard sectionIDs.insert(id).inserted else { continue }
                var items: [ID] = []
                for _ in 0..<rng.int(0...8) {
                    let item = Self.identifier(&rng, "i")
                    if itemIDs.insert(item).inserted { items.append(item) }
                }
                model.sections.append((id, items))
            }
            let start = PackedSnapshot(
                DiffableSnapshot(sections: model.sections.map { DiffableSnapshotSection(id: $0.id, items: $0.items) }))
            var editor = SnapshotEditor(start)
            for _ in 0..<12 {
                Self.randomOperation(&rng, &editor, &model)
            }
            let expected = PackedSnapshot(
                DiffableSnapshot(sections: model.sections.map { DiffableSnapshotSection(id: $0.id, items: $0.items) }))
            #expect(editor.snapshot == expected)
            #expect(editor.reloaded == model.reloaded)
            #expect(editor.reconfigured == model.reconfigured)
            // locate agrees with a search, repeats and absent identifiers included.
            let probe = (0..<6).map { _ in Self.identifier(&rng, "i") }
            #expect(editor.locate(probe) == probe.map { model.place($0) })
        }
    }

    /// Mostly an identifier the snapshot has (an item or a section, as the operation acts
    /// on), so that operations apply as often as they are refused.
    static func pick(_ rng: inout SeededRandom, _ model: Model, sections: Bool) -> ID {
        let existing = sections ? model.sections.map(\.id) : model.sections.flatMap(\.items)
        if !existing.isEmpty && rng.int(4) != 0 { return existing[rng.int(existing.count)] }
        return identifier(&rng, sections ? "s" : "i")
    }

    static func randomOperation(_ rng: inout SeededRandom, _ editor: inout SnapshotEditor, _ model: inout Model) {
        let operation = rng.int(11)
        let onSections = operation < 4 || (operation == 4 && rng.int(2) == 0)
        // New identifiers for appends and inserts, mostly; existing ones for the rest.
        let fresh = operation == 0 || operation == 1 || operation == 4 || operation == 5
        let ids = (0..<rng.int(1...3)).map { _ in
            fresh && rng.int(4) != 0 ? identifier(&rng, operation < 2 ? "s" : "i") : pick(&rng, model, sections: operation < 4)
        }
        let one = ids[0], anchor = pick(&rng, model, sections: onSections)
        let after = rng.int(2) == 0
        switch operation {
        case 0:
            let dup = firstDuplicate(ids, taken: Set(model.sections.map(\.id)))
            same(
                &editor, &model, { e throws(DiffableSnapshotError) in try e.appendSections(ids, field: "f") },
                dup.map { (.duplicateSectionIdentifiers, "f[\($0)]") }
            ) { m in m.sections += ids.map { ($0, []) } }
        case 1:
            let s = model.sectionIndex(anchor)
            let dup = firstDuplicate(ids, taken: Set(model.sections.map(\.id)))
            let expected: (DiffableSnapshotError.Kind, String)? =
                s == nil ? (.unknownSectionIdentifier, "a") : dup.map { (.duplicateSectionIdentifiers, "f[\($0)]") }
            same(
                &editor, &model,
                { e throws(DiffableSnapshotError) in try e.insertSections(ids, at: anchor, after: after, field: "f", anchorField: "a") },
                expected
            ) { m in m.sections.insert(contentsOf: ids.map { ($0, []) }, at: after ? s! + 1 : s!) }
        case 2:
            let missing = ids.firstIndex { model.sectionIndex($0) == nil }
            same(
                &editor, &model, { e throws(DiffableSnapshotError) in try e.deleteSections(ids, field: "f") },
                missing.map { (.unknownSectionIdentifier, "f[\($0)]") }
            ) { m in
                let gone = Set(ids)
                m.forget(m.sections.filter { gone.contains($0.id) }.flatMap(\.items))
                m.sections.removeAll { gone.contains($0.id) }
            }
        case 3:
            let expected: (DiffableSnapshotError.Kind, String)? =
                model.sectionIndex(one) == nil
                ? (.unknownSectionIdentifier, "f") : model.sectionIndex(anchor) == nil ? (.unknownSectionIdentifier, "a") : nil
            same(
                &editor, &model,
                { e throws(DiffableSnapshotError) in try e.moveSection(one, to: anchor, after: after, field: "f", anchorField: "a") },
                expected
            ) { m in
                guard one != anchor else { return }
                let section = m.sections.remove(at: m.sectionIndex(one)!)
                let t = m.sectionIndex(anchor)!
                m.sections.insert(section, at: after ? t + 1 : t)
            }
        case 4:
            let toSection: ID? = rng.int(3) == 0 ? nil : anchor
            let dup = firstDuplicate(ids, taken: model.allItems)
            let expected: (DiffableSnapshotError.Kind, String)?
            if let toSection, model.sectionIndex(toSection) == nil {
                expected = (.unknownSectionIdentifier, "t")
            } else if toSection == nil && model.sections.isEmpty {
                expected = (.noSections, "f")
            } else {
                expected = dup.map { (.duplicateItemIdentifiers, "f[\($0)]") }
            }
            same(
                &editor, &model, { e throws(DiffableSnapshotError) in try e.appendItems(ids, to: toSection, field: "f", sectionField: "t") },
                expected
            ) { m in m.sections[toSection.flatMap { m.sectionIndex($0) } ?? m.sections.count - 1].items += ids }
        case 5:
            let p = model.place(anchor)
            let dup = firstDuplicate(ids, taken: model.allItems)
            let expected: (DiffableSnapshotError.Kind, String)? =
                p == nil ? (.unknownItemIdentifier, "a") : dup.map { (.duplicateItemIdentifiers, "f[\($0)]") }
            same(
                &editor, &model,
                { e throws(DiffableSnapshotError) in try e.insertItems(ids, at: anchor, after: after, field: "f", anchorField: "a") },
                expected
            ) { m in m.sections[p!.section].items.insert(contentsOf: ids, at: after ? p!.item + 1 : p!.item) }
        case 6:
            let missing = ids.firstIndex { model.place($0) == nil }
            same(
                &editor, &model, { e throws(DiffableSnapshotError) in try e.deleteItems(ids, field: "f") },
                missing.map { (.unknownItemIdentifier, "f[\($0)]") }
            ) { m in
                let gone = Set(ids)
                for s in m.sections.indices { m.sections[s].items.removeAll { gone.contains($0) } }
                m.forget(ids)
            }
        case 7:
            let expected: (DiffableSnapshotError.Kind, String)? =
                model.place(one) == nil ? (.unknownItemIdentifier, "f") : model.place(anchor) == nil ? (.unknownItemIdentifier, "a") : nil
            same(
                &editor, &model, { e throws(DiffableSnapshotError) in try e.moveItem(one, to: anchor, after: after, field: "f", anchorField: "a") },
                expected
            ) { m in
                guard one != anchor else { return }
                let from = m.place(one)!
                m.sections[from.section].items.remove(at: from.item)
                let to = m.place(anchor)!
                m.sections[to.section].items.insert(one, at: after ? to.item + 1 : to.item)
            }
        case 8, 9:
            let missing = ids.firstIndex { model.place($0) == nil }
            let reload = rng.int(2) == 0
            same(
                &editor, &model,
                { e throws(DiffableSnapshotError) in
                    if reload { try e.reloadItems(ids, field: "f") } else { try e.reconfigureItems(ids, field: "f") }
                }, missing.map { (.unknownItemIdentifier, "f[\($0)]") }
            ) { m in
                for id in ids {
                    if reload, !m.reloaded.contains(id) { m.reloaded.append(id) }
                    if !reload, !m.reconfigured.contains(id) { m.reconfigured.append(id) }
                }
            }
        default:
            if rng.int(4) == 0 {
                editor.deleteAllItems()
                model = Model(sections: [])
            }
        }
    }

    /// A million items: one operation finds its identifier without unpacking the others.
    @Test func aBigSnapshotIsEditedInPlace() throws {
        let ids = IdentifierColumn((0..<1_000_000).map { ID.string("item-\($0)") })
        var editor = SnapshotEditor(PackedSnapshot(sectionIDs: IdentifierColumn([.string("s")]), itemIDs: ids, itemCounts: [1_000_000]))
        try editor.deleteItems([.string("item-500000")], field: "f")
        try editor.moveItem(.string("item-0"), to: .string("item-999999"), after: true, field: "f", anchorField: "a")
        let snapshot = editor.snapshot
        #expect(snapshot.itemIDs.count == 999_999)
        #expect(snapshot.itemIDs[499_998] == .string("item-499999"))
        #expect(snapshot.itemIDs[499_999] == .string("item-500001"))
        #expect(snapshot.itemIDs[999_998] == .string("item-0"))
        #expect(editor.locate([.string("item-0"), .string("item-500000")]) == [IndexPath(0, 999_998), nil])
    }

    /// A column answers where a few wanted identifiers are: repeats among them answer alike,
    /// absent ones -1, `1` and `"1"` apart.
    @Test func positionsOfAFewAnswerLikeASearch() {
        let column = IdentifierColumn([.string("a"), .integer(1), .string("1"), .string("é"), .string("e\u{301}")])
        let wanted = IdentifierColumn([.string("1"), .string("zz"), .integer(1), .string("1"), .string("e\u{301}")])
        #expect(column._positions(of: wanted) == [2, -1, 1, 2, 4])
        #expect(column._positions(of: IdentifierColumn()) == [])
        #expect(IdentifierColumn()._positions(of: wanted) == [-1, -1, -1, -1, -1])
    }

    /// Splices in place answer what rebuilding the column answers: removals of a few (one by
    /// one) and of many (one pass; adjacent, first and last positions among them), insertions
    /// at the start, the middle and the end.
    @Test func splicesInPlaceMatchARebuiltColumn() {
        var rng = SeededRandom(seed: 35)
        for _ in 0..<200 {
            let ids: [ID] = (0..<rng.int(0...40)).map { k in
                rng.int(3) == 0 ? .integer(k) : .string(String(repeating: "q", count: rng.int(0...20)) + "\(k)")
            }
            var column = IdentifierColumn(ids)
            let positions = ids.indices.filter { _ in rng.int(3) == 0 }
            column._remove(at: positions)
            let kept = ids.indices.filter { !positions.contains($0) }.map { ids[$0] }
            #expect(column == IdentifierColumn(kept))
            let added: [ID] = (0..<rng.int(0...4)).map { .string("new\($0)") }
            let at = rng.int(0...kept.count)
            column._insert(contentsOf: IdentifierColumn(added), at: at)
            #expect(column == IdentifierColumn(Array(kept[..<at]) + added + Array(kept[at...])))
        }
    }
}
