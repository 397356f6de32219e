/// The steps of `BatchUpdate.validated(against:)`, numbered in the order they run.
struct BatchUpdateValidator {
    let old: DataSource
    var oldItems: [OldItemRequest] = []
    var newItems: [NewItemRequest] = []
    var oldSections: [OldSectionRequest] = []
    var newSections: [NewSectionRequest] = []
    /// The request (position in `oldItems` / `oldSections`) that names each old index path
    /// or section: each may be named once, by a delete, a reload or a move.
    var oldItemClaims = IndexPathClaims(capacity: 0)
    var oldSectionClaims: [Int: Int] = [:]

    init(old: DataSource) {
        self.old = old
    }

    // MARK: U1 flatten; shape, old-state ranges, old index paths and sections named twice

    mutating func collect(_ operations: [BatchUpdateOperation]) throws(BatchUpdateError) {
        oldItemClaims = IndexPathClaims(
            capacity: operations.reduce(0) { n, operation in
                switch operation {
                case .deleteItems(let paths), .reloadItems(let paths, _): n + paths.count
                case .moveItem: n + 1
                default: n
                }
            })
        for (i, operation) in operations.enumerated() {
            func at(_ place: UpdateLocation.Place) -> UpdateLocation {
                UpdateLocation(operation: i, place: place)
            }
            switch operation {
            case .insertItems(let paths, let items):
                try Self.checkCount("insertItems", "indexPaths", paths.count, "items", items?.count, at(.items))
                for (j, p) in paths.enumerated() {
                    try Self.checkNonNegative(p, at(.indexPaths(j)))
                    newItems.append(NewItemRequest(position: p, role: .insert(items?[j]), location: at(.indexPaths(j))))
                }
            case .deleteItems(let paths):
                for (j, p) in paths.enumerated() {
                    try claim(OldItemRequest(position: p, role: .delete, location: at(.indexPaths(j))))
                }
            case .moveItem(let from, let to):
                try claim(OldItemRequest(position: from, role: .moveOut(to: to), location: at(.from)))
                try Self.checkNonNegative(to, at(.to))
                newItems.append(NewItemRequest(position: to, role: .moveIn(from: from), location: at(.to)))
            case .reloadItems(let paths, let items):
                try Self.checkCount("reloadItems", "indexPaths", paths.count, "items", items?.count, at(.items))
                for (j, p) in paths.enumerated() {
                    try claim(OldItemRequest(position: p, role: .reload(items?[j]), location: at(.indexPaths(j))))
                }
            case .insertSections(let sections, let data):
                try Self.checkCount("insertSections", "sections", sections.count, "data", data.count, at(.data))
                for (j, s) in sections.enumerated() {
                    try Self.checkNonNegative(section: s, at(.sections(j)))
                    newSections.append(NewSectionRequest(position: s, role: .insert(data[j]), location: at(.sections(j))))
                }
            case .deleteSections(let sections):
                for (j, s) in sections.enumerated() {
                    try claim(OldSectionRequest(position: s, role: .delete, location: at(.sections(j))))
                }
            case .moveSection(let from, let to):
                try claim(OldSectionRequest(position: from, role: .moveOut(to: to), location: at(.from)))
                try Self.checkNonNegative(section: to, at(.to))
                newSections.append(NewSectionRequest(position: to, role: .moveIn(from: from), location: at(.to)))
            case .reloadSections(let sections, let data):
                try Self.checkCount("reloadSections", "sections", sections.count, "data", data?.count, at(.data))
                for (j, s) in sections.enumerated() {
                    try claim(OldSectionRequest(position: s, role: .reload(data?[j]), location: at(.sections(j))))
                }
            }
        }
    }

    private static func checkCount(
        _ operation: String, _ listKey: String, _ listed: Int, _ dataKey: String,
        _ given: Int?, _ at: UpdateLocation
    ) throws(BatchUpdateError) {
        guard let given, given != listed else { return }
        throw at.error(
            UpdateMessages.countMismatch(
                operation, dataKey: dataKey, given: given,
                listKey: listKey, listed: listed))
    }

    private static func checkNonNegative(_ p: IndexPath, _ at: UpdateLocation) throws(BatchUpdateError) {
        guard p.section >= 0, p.item >= 0 else { throw at.error(UpdateMessages.negative(p)) }
    }

    private static func checkNonNegative(section: Int, _ at: UpdateLocation) throws(BatchUpdateError) {
        guard section >= 0 else { throw at.error(UpdateMessages.negative(section: section)) }
    }

    /// An index path before the update: it must exist, and be named by no other request.
    private mutating func claim(_ request: OldItemRequest) throws(BatchUpdateError) {
        let p = request.indexPath, at = request.location, verb = request.role.verb
        try Self.checkNonNegative(p, at)
        guard p.section < old.sections.count else {
            throw at.error(UpdateMessages.noSectionBefore(verb, p, sections: old.sections.count))
        }
        let count = old.sections[p.section].itemCount
        guard p.item < count else { throw at.error(UpdateMessages.noItemBefore(verb, p, items: count)) }
        if let earlier = oldItemClaims.claim(p, by: oldItems.count) {
            throw at.error(UpdateMessages.twiceBefore(.item(p), earlier: oldItems[earlier], second: verb))
        }
        oldItems.append(request)
    }

    /// A section before the update: it must exist, and be named by no other request.
    private mutating func claim(_ request: OldSectionRequest) throws(BatchUpdateError) {
        let s = request.section, at = request.location, verb = request.role.verb
        try Self.checkNonNegative(section: s, at)
        guard s < old.sections.count else {
            throw at.error(UpdateMessages.noSectionBefore(verb, section: s, sections: old.sections.count))
        }
        if let earlier = oldSectionClaims.updateValue(oldSections.count, forKey: s) {
            throw at.error(UpdateMessages.twiceBefore(.section(s), earlier: oldSections[earlier], second: verb))
        }
        oldSections.append(request)
    }

    // MARK: U2 no item may leave or be reloaded in a section that is deleted or reloaded

    func checkItemsLeavingChangedSections() throws(BatchUpdateError) {
        guard !oldSections.isEmpty else { return }
        for request in oldItems {
            guard let claim = oldSectionClaims[request.indexPath.section] else { continue }
            let fate: String
            switch oldSections[claim].role {
            case .delete: fate = "deleted"
            case .reload: fate = "reloaded"
            case .moveOut: continue
            }
            throw request.location.error(
                UpdateMessages.itemInChangedSectionBefore(request.role.verb, request.indexPath, fate: fate))
        }
    }

    // MARK: U3 sections after the update: in range, named once; where every section goes

    func arrangeSections() throws(BatchUpdateError) -> SectionArrangement {
        let oldCount = old.sections.count
        var deletedCount = 0
        var oldToNew = [Int](repeating: 0, count: oldCount)
        var oldChange = [ItemChange](repeating: .none, count: oldCount)
        for request in oldSections {
            switch request.role {
            case .delete:
                deletedCount += 1
                oldToNew[request.section] = SectionArrangement.gone
                oldChange[request.section] = .delete
            case .reload: oldChange[request.section] = .reload
            case .moveOut(let to):
                oldToNew[request.section] = to
                oldChange[request.section] = .move
            }
        }
        let insertedCount = newSections.count(where: { if case .insert = $0.role { true } else { false } })
        let newCount = oldCount - deletedCount + insertedCount

        var newToOld = [Int](repeating: SectionArrangement.unassigned, count: newCount)
        var newChange = [ItemChange](repeating: .none, count: newCount)
        var newData: [Int: SectionData] = [:]
        for request in newSections {
            let s = request.section, at = request.location
            guard s < newCount else {
                switch request.role {
                case .insert:
                    throw at.error(UpdateMessages.noSectionAfter(insertingSection: s, sections: newCount))
                case .moveIn(let from):
                    throw at.error(UpdateMessages.noSectionAfter(movingSection: from, to: s, sections: newCount))
                }
            }
            if newToOld[s] != SectionArrangement.unassigned {
                // Rare: find the earlier request only to word the error.
                let first = newSections.first { $0.section == s }!
                throw at.error(UpdateMessages.twiceAfter(.section(s), earlier: first, second: request.role.verb))
            }
            switch request.role {
            case .insert(let data):
                newToOld[s] = SectionArrangement.gone
                newChange[s] = .insert
                newData[s] = data
            case .moveIn(let from):
                newToOld[s] = from
                newChange[s] = .move
            }
        }

        // Sections neither deleted nor moved (reloaded ones too) fill the free places in order.
        var place = 0
        for o in 0..<oldCount where oldChange[o] == .none || oldChange[o] == .reload {
            while newToOld[place] != SectionArrangement.unassigned { place += 1 }
            newToOld[place] = o
            oldToNew[o] = place
            newChange[place] = oldChange[o]
            place += 1
        }
        for request in oldSections {
            if case .reload(let data?) = request.role { newData[oldToNew[request.section]] = data }
        }
        return SectionArrangement(
            oldToNew: oldToNew, newToOld: newToOld, oldChange: oldChange,
            newChange: newChange, newData: newData)
    }

    // MARK: U4 items after the update: their section exists, keeps its items, and each new
    // index path is named once

    func checkItemsArriving(in sections: SectionArrangement) throws(BatchUpdateError) {
        var claims = IndexPathClaims(capacity: newItems.count)
        for (k, request) in newItems.enumerated() {
            let p = request.indexPath, at = request.location
            guard p.section < sections.newCount else {
                switch request.role {
                case .insert:
                    throw at.error(UpdateMessages.noSectionAfter(insertingItem: p, sections: sections.newCount))
                case .moveIn(let from):
                    throw at.error(UpdateMessages.noSectionAfter(moving: from, to: p, sections: sections.newCount))
                }
            }
            let change = sections.newChange[p.section]
            if change == .insert || change == .reload {
                let fate = change == .insert ? "inserted" : "reloaded"
                switch request.role {
                case .insert: throw at.error(UpdateMessages.insertIntoChangedSection(p, fate: fate))
                case .moveIn(let from): throw at.error(UpdateMessages.moveIntoChangedSection(from: from, to: p, fate: fate))
                }
            }
            if let earlier = claims.claim(p, by: k) {
                throw at.error(UpdateMessages.twiceAfter(.item(p), earlier: newItems[earlier], second: request.role.verb))
            }
        }
    }

    // MARK: U5 each arrival's index is within its section's new item count

    /// The new item count of every section that gains or loses items, by new index:
    /// old count − deleted − moved out + inserted + moved in.
    func checkArrivalIndexes(in sections: SectionArrangement) throws(BatchUpdateError) -> [Int: Int] {
        var counts = [Int](repeating: -1, count: sections.newCount) // −1: untouched
        // By array, not dictionary: a batch of 10,000 items hashed each request twice here.
        for request in oldItems {
            switch request.role {
            case .delete, .moveOut:
                let t = sections.oldToNew[request.indexPath.section]
                if counts[t] < 0 { counts[t] = old.sections[request.indexPath.section].itemCount }
                counts[t] -= 1
            case .reload: break
            }
        }
        for request in newItems {
            let t = request.indexPath.section
            if counts[t] < 0 { counts[t] = old.sections[sections.newToOld[t]].itemCount }
            counts[t] += 1
        }
        for request in newItems {
            let p = request.indexPath, count = counts[p.section]
            guard p.item < count else {
                switch request.role {
                case .insert:
                    throw request.location.error(UpdateMessages.noItemAfter(insertingItem: p, items: count))
                case .moveIn(let from):
                    throw request.location.error(UpdateMessages.noItemAfter(moving: from, to: p, items: count))
                }
            }
        }
        var newCounts: [Int: Int] = [:]
        for (t, count) in counts.enumerated() where count >= 0 { newCounts[t] = count }
        return newCounts
    }
}

/// Where each section goes (U3).
struct SectionArrangement: Hashable, Sendable {
    /// A section that is deleted (in `oldToNew`) or inserted (in `newToOld`).
    static let gone = -1
    /// A new place not yet given a section (only while arranging).
    static let unassigned = -2

    /// By old index: the new index, or `gone`.
    var oldToNew: [Int]
    /// By new index: the old index, or `gone`.
    var newToOld: [Int]
    /// By old index: .none, .move, .reload or .delete.
    var oldChange: [ItemChange]
    /// By new index: .none, .move, .reload or .insert.
    var newChange: [ItemChange]
    /// By new index: the data of inserted sections and of reloaded sections given data.
    var newData: [Int: SectionData]

    var newCount: Int { newToOld.count }
}
