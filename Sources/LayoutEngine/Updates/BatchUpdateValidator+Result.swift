extension BatchUpdateValidator {
    /// U7: the new data source from each section's plans (U6, or a snapshot diff's own lists).
    func result(
        sections: SectionArrangement, newCounts: [Int: Int],
        departures: [Int: SectionDepartures], arrivals: [Int: SectionArrivals]
    ) -> ValidatedBatchUpdate {
        var newSections: [SectionData] = []
        newSections.reserveCapacity(sections.newCount)
        var touchedNew: [Int] = []
        for t in 0..<sections.newCount {
            let o = sections.newToOld[t]
            if let data = sections.newData[t] {
                newSections.append(data) // inserted, or reloaded with data
                touchedNew.append(t)
            } else if sections.newChange[t] == .reload {
                newSections.append(old.sections[o]) // reloaded, keeping its data
                touchedNew.append(t)
            } else if departures[o] == nil && arrivals[t] == nil {
                newSections.append(old.sections[o]) // untouched: shared storage
            } else {
                newSections.append(
                    old.sections[o].merging(
                        departures[o], arrivals[t],
                        newCount: newCounts[t]
                            ?? old.sections[o].itemCount))
                touchedNew.append(t)
            }
        }
        let touchedOld = (0..<old.sections.count).filter {
            sections.oldChange[$0] == .delete || sections.oldChange[$0] == .reload || departures[$0] != nil
        }
        return ValidatedBatchUpdate(
            newDataSource: DataSource(sections: newSections),
            touchedSections: TouchedSections(old: touchedOld, new: touchedNew),
            sections: sections, oldItemCounts: old.sections.map(\.itemCount),
            departures: departures, arrivals: arrivals)
    }

    /// U6: each section's departures and arrivals, sorted by item index. Lists are gathered by
    /// section in arrays, not dictionaries: a snapshot's batch of thousands of items hashed
    /// every request here.
    func plans() -> (departures: [Int: SectionDepartures], arrivals: [Int: SectionArrivals]) {
        var removals = [[(item: Int, to: IndexPath?)]](repeating: [], count: old.sections.count)
        var reloads = [[(item: Int, data: SectionData.Item?)]](repeating: [], count: old.sections.count)
        for request in oldItems {
            let p = request.indexPath
            switch request.role {
            case .delete: removals[p.section].append((p.item, nil))
            case .moveOut(let to): removals[p.section].append((p.item, to))
            case .reload(let data): reloads[p.section].append((p.item, data))
            }
        }
        var departures: [Int: SectionDepartures] = [:]
        for (section, list) in removals.enumerated() where !list.isEmpty {
            let sorted = Self.byItem(list) { $0.item }
            departures[section, default: SectionDepartures()].removed = sorted.map(\.item)
            departures[section, default: SectionDepartures()].destinations = sorted.map(\.to)
        }
        for (section, list) in reloads.enumerated() where !list.isEmpty {
            let sorted = Self.byItem(list) { $0.item }
            departures[section, default: SectionDepartures()].reloaded = sorted.map(\.item)
            departures[section, default: SectionDepartures()].reloadData = sorted.map(\.data)
        }

        let newSectionCount = newItems.reduce(0) { max($0, $1.indexPath.section + 1) }
        var arriving = [[(item: Int, from: IndexPath?, data: SectionData.Item)]](repeating: [], count: newSectionCount)
        for request in newItems {
            let p = request.indexPath
            switch request.role {
            case .insert(let data):
                arriving[p.section].append((p.item, nil, data ?? SectionData.Item()))
            case .moveIn(let from):
                arriving[p.section].append((p.item, from, old.sections[from.section].item(at: from.item)))
            }
        }
        var arrivals: [Int: SectionArrivals] = [:]
        for (section, list) in arriving.enumerated() where !list.isEmpty {
            let sorted = Self.byItem(list) { $0.item }
            arrivals[section] = SectionArrivals(
                fixed: sorted.map(\.item), sources: sorted.map(\.from),
                data: sorted.map(\.data))
        }
        return (departures, arrivals)
    }

    /// `list` in ascending `item` order; as it is when it came sorted (a derived batch's lists
    /// mostly do), without sorting.
    private static func byItem<T>(_ list: [T], _ item: (T) -> Int) -> [T] {
        for k in list.indices.dropFirst() where item(list[k - 1]) > item(list[k]) {
            return list.sorted { item($0) < item($1) }
        }
        return list
    }
}
