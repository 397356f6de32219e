import LayoutEngine
import Testing

/// The batch-update property tests' generator: `SeededRandom`'s draws, but integers and
/// chances come through the standard library (`Int.random(in:using:)`,
/// `Double.random(in:using:)`), which use the draws differently from `SeededRandom`'s own
/// helpers; kept so that these tests replay the cases they always have.
struct UpdatesRandom: RandomNumberGenerator {
    private var source: SeededRandom

    init(seed: UInt64) { source = SeededRandom(seed: seed) }

    mutating func next() -> UInt64 { source.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// Items that carry their identity as their height, so that tests can follow them.
enum UpdateFixtures {
    static func item(_ id: Int) -> SectionData.Item { SectionData.Item(height: Double(id)) }

    static func section(_ ids: [Int], tag: Double? = nil) -> SectionData {
        SectionData(items: ids.map(item), overrides: overrides(tag))
    }

    static func overrides(_ tag: Double?) -> SectionOverrides {
        tag.map { SectionOverrides(["minimumLineSpacing": .number($0)]) } ?? SectionOverrides()
    }

    /// Item identities by section (−1 for an item without a height).
    static func ids(_ data: DataSource) -> [[Int]] {
        data.sections.map { section in (0..<section.itemCount).map { Int(section.height(at: $0) ?? -1) } }
    }

    /// The JSON-like shape used in expectations: 10…14 | 20…22 | 30, 31; section 1 carries
    /// the override tag 5.
    static let base = DataSource(sections: [
        section([10, 11, 12, 13, 14]), section([20, 21, 22], tag: 5), section([30, 31])
    ])

    static func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(s, i) }

    static func validate(_ operations: [BatchUpdateOperation], _ data: DataSource = base) throws -> ValidatedBatchUpdate {
        try BatchUpdate(operations).validated(against: data)
    }

    /// The error a batch is rejected with, or nil when it is accepted.
    static func rejection(_ operations: [BatchUpdateOperation], _ data: DataSource = base) -> BatchUpdateError? {
        do {
            _ = try BatchUpdate(operations).validated(against: data)
            return nil
        } catch {
            return error
        }
    }

    /// Whether two arrays share one buffer (the update did not copy the column).
    static func sameStorage<T>(_ a: [T]?, _ b: [T]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}

/// A naive model of UIKit's batch semantics, written apart from the engine: arrays of
/// items that remember where they came from, changed the way UICollectionView describes it
/// (reloads in place, deletes and moves out in descending order, then inserts and moves in
/// in ascending order), with validity found along the way. It answers nil for a batch
/// UIKit would reject.
enum UpdateReference {
    struct Item: Equatable {
        var origin: IndexPath? // nil: inserted, or in an inserted or reloaded section
        var data: SectionData.Item
        var reloaded = false
        var moved = false
    }

    struct Section {
        var origin: Int?
        var overrides: SectionOverrides
        var items: [Item]
        var replaced = false // inserted or reloaded: item inserts and moves in are invalid
        var reloaded = false
        var moved = false
    }

    struct Outcome {
        var sections: [Section]

        var dataSource: DataSource {
            DataSource(sections: sections.map { SectionData(items: $0.items.map(\.data), overrides: $0.overrides) })
        }

        /// Old index path → new, for every surviving old item.
        var newPathByOld: [IndexPath: IndexPath] {
            var map: [IndexPath: IndexPath] = [:]
            for (s, section) in sections.enumerated() {
                for (i, item) in section.items.enumerated() {
                    if let origin = item.origin { map[origin] = IndexPath(s, i) }
                }
            }
            return map
        }
    }

    static func apply(_ operations: [BatchUpdateOperation], to old: DataSource) -> Outcome? {
        var deletes: [IndexPath] = [], reloads: [(IndexPath, SectionData.Item?)] = []
        var moves: [(IndexPath, IndexPath)] = [], inserts: [(IndexPath, SectionData.Item?)] = []
        var sectionDeletes: [Int] = [], sectionReloads: [(Int, SectionData?)] = []
        var sectionMoves: [(Int, Int)] = [], sectionInserts: [(Int, SectionData)] = []
        for operation in operations {
            switch operation {
            case .insertItems(let paths, let items):
                if let items, items.count != paths.count { return nil }
                inserts += paths.enumerated().map { ($0.element, items?[$0.offset]) }
            case .deleteItems(let paths): deletes += paths
            case .moveItem(let from, let to): moves.append((from, to))
            case .reloadItems(let paths, let items):
                if let items, items.count != paths.count { return nil }
                reloads += paths.enumerated().map { ($0.element, items?[$0.offset]) }
            case .insertSections(let list, let data):
                if data.count != list.count { return nil }
                sectionInserts += zip(list, data).map { ($0, $1) }
            case .deleteSections(let list): sectionDeletes += list
            case .moveSection(let from, let to): sectionMoves.append((from, to))
            case .reloadSections(let list, let data):
                if let data, data.count != list.count { return nil }
                sectionReloads += list.enumerated().map { ($0.element, data?[$0.offset]) }
            }
        }

        // Everything named before the update must exist and be named once.
        func existsBefore(_ p: IndexPath) -> Bool {
            p.section >= 0 && p.section < old.sections.count && p.item >= 0 && p.item < old.sections[p.section].itemCount
        }
        let oldPaths = deletes + reloads.map(\.0) + moves.map(\.0)
        guard oldPaths.allSatisfy(existsBefore), Set(oldPaths).count == oldPaths.count else { return nil }
        let oldSections = sectionDeletes + sectionReloads.map(\.0) + sectionMoves.map(\.0)
        guard oldSections.allSatisfy({ $0 >= 0 && $0 < old.sections.count }),
            Set(oldSections).count == oldSections.count
        else { return nil }
        // Items may not leave or be reloaded in a section deleted or reloaded.
        let doomed = Set(sectionDeletes + sectionReloads.map(\.0))
        guard oldPaths.allSatisfy({ !doomed.contains($0.section) }) else { return nil }
        // Everything named after the update may be named once, and is never negative.
        let newPaths = inserts.map(\.0) + moves.map(\.1)
        guard newPaths.allSatisfy({ $0.section >= 0 && $0.item >= 0 }), Set(newPaths).count == newPaths.count else { return nil }
        let newSections = sectionInserts.map(\.0) + sectionMoves.map(\.1)
        guard newSections.allSatisfy({ $0 >= 0 }), Set(newSections).count == newSections.count else { return nil }

        var sections = old.sections.enumerated().map { s, data in
            Section(
                origin: s, overrides: data.overrides,
                items: (0..<data.itemCount).map { Item(origin: IndexPath(s, $0), data: data.item(at: $0)) })
        }
        // Reloads happen in place.
        for (p, data) in reloads {
            sections[p.section].items[p.item].reloaded = true
            if let data { sections[p.section].items[p.item].data = data }
        }
        for (s, data) in sectionReloads {
            let source = data ?? old.sections[s]
            sections[s] = Section(
                origin: s, overrides: source.overrides,
                items: (0..<source.itemCount).map { Item(origin: nil, data: source.item(at: $0)) },
                replaced: true, reloaded: true)
        }
        // Deletes and moves out, descending.
        var leaving: [IndexPath: Item] = [:]
        for p in (deletes + moves.map(\.0)).sorted(by: >) {
            leaving[p] = sections[p.section].items.remove(at: p.item)
        }
        var leavingSections: [Int: Section] = [:]
        for s in (sectionDeletes + sectionMoves.map(\.0)).sorted(by: >) {
            leavingSections[s] = sections.remove(at: s)
        }
        // Inserts and moves in, ascending: sections first, then items.
        var arrivingSections: [(Int, Section)] = sectionInserts.map { s, data in
            (
                s,
                Section(
                    origin: nil, overrides: data.overrides,
                    items: (0..<data.itemCount).map { Item(origin: nil, data: data.item(at: $0)) }, replaced: true)
            )
        }
        for (from, to) in sectionMoves {
            var section = leavingSections[from]!
            section.moved = true
            arrivingSections.append((to, section))
        }
        for (s, section) in arrivingSections.sorted(by: { $0.0 < $1.0 }) {
            guard s <= sections.count else { return nil }
            sections.insert(section, at: s)
        }
        var arriving: [(IndexPath, Item)] = inserts.map { ($0.0, Item(origin: nil, data: $0.1 ?? SectionData.Item())) }
        for (from, to) in moves {
            var item = leaving[from]!
            item.moved = true
            arriving.append((to, item))
        }
        for (p, item) in arriving.sorted(by: { $0.0 < $1.0 }) {
            guard p.section < sections.count, !sections[p.section].replaced,
                p.item <= sections[p.section].items.count
            else { return nil }
            sections[p.section].items.insert(item, at: p.item)
        }
        return Outcome(sections: sections)
    }
}
