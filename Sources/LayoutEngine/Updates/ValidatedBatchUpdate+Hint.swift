extension ValidatedBatchUpdate {
    /// What the update left untouched, for IncrementallyUpdatable layouts: every section that is
    /// an unchanged old section (perhaps moved), and for each touched section that existed
    /// before, how many leading items no operation reached.
    /// - Complexity: O(S) for S sections.
    public var layoutHint: LayoutUpdateHint {
        let count = newDataSource.sections.count
        let touched = Set(touchedSections.new)
        var sources = [Int?](repeating: nil, count: count)
        var prefixes = [Int](repeating: 0, count: count)
        for new in 0..<count {
            guard let old = oldSection(forNew: new) else { continue }
            let change = sectionChange(forNew: new)
            guard change != .reload, change != .insert else { continue }
            guard touched.contains(new) else {
                sources[new] = old
                continue
            }
            // Items before the first place any operation names keep their index and data.
            var first = newDataSource.sections[new].itemCount
            if let d = departures[old] {
                if let i = d.removed.first { first = min(first, i) }
                if let i = d.reloaded.first { first = min(first, i) }
            }
            if let a = arrivals[new], let i = a.fixed.first { first = min(first, i) }
            prefixes[new] = first
        }
        return LayoutUpdateHint(unchangedSourceSection: sources, unchangedPrefix: prefixes)
    }
}
