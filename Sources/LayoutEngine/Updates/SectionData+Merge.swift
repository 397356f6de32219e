extension SectionData {
    /// A stretch of the merged section: old items copied as a run, or one item's data.
    enum MergePiece {
        case survivors(Range<Int>)
        case item(SectionData.Item)
    }

    /// This section after losing `departures.removed`, taking `departures.reloadData` for
    /// its reloaded items and `arrivals` at their fixed indexes: `newCount` items, the
    /// overrides unchanged.
    ///
    /// A column exists in the result when it existed here or some arriving item gives it.
    /// - Complexity: O(newCount) per column, copying runs of survivors whole; O(k) pieces for
    ///   k changes, no allocation per item.
    func merging(_ departures: SectionDepartures?, _ arrivals: SectionArrivals?, newCount: Int) -> SectionData {
        let pieces = mergePieces(departures, arrivals, newCount: newCount)
        return SectionData(
            itemCount: newCount,
            sizes: Self.column(sizes, pieces, count: newCount, absent: Size(width: .nan, height: .nan), \.size),
            heights: Self.column(heights, pieces, count: newCount, absent: .nan, \.height),
            aspectRatios: Self.column(aspectRatios, pieces, count: newCount, absent: .nan, \.aspectRatio),
            children: Self.column(children, pieces, count: newCount, absent: [], \.children),
            overrides: overrides)
    }

    /// The new section as runs of surviving old items and single items: arrivals at their
    /// fixed places, survivors filling the free places in order, a reloaded survivor given
    /// new data breaking its run.
    private func mergePieces(
        _ departures: SectionDepartures?, _ arrivals: SectionArrivals?,
        newCount: Int
    ) -> [MergePiece] {
        let removed = departures?.removed ?? []
        var replaced: [(item: Int, data: SectionData.Item)] = []
        if let departures {
            for (item, data) in zip(departures.reloaded, departures.reloadData) {
                if let data { replaced.append((item, data)) }
            }
        }
        var pieces: [MergePiece] = []
        pieces.reserveCapacity(2 * (removed.count + replaced.count + (arrivals?.fixed.count ?? 0)) + 1)
        var oldItem = 0, nextRemoved = 0, nextReplaced = 0

        func takeSurvivors(_ count: Int) {
            var left = count
            while left > 0 {
                while nextRemoved < removed.count && removed[nextRemoved] == oldItem {
                    oldItem += 1
                    nextRemoved += 1
                }
                if nextReplaced < replaced.count && replaced[nextReplaced].item == oldItem {
                    pieces.append(.item(replaced[nextReplaced].data))
                    nextReplaced += 1
                    oldItem += 1
                    left -= 1
                    continue
                }
                var end = oldItem + left
                if nextRemoved < removed.count { end = min(end, removed[nextRemoved]) }
                if nextReplaced < replaced.count { end = min(end, replaced[nextReplaced].item) }
                pieces.append(.survivors(oldItem..<end))
                left -= end - oldItem
                oldItem = end
            }
        }

        var newItem = 0
        if let arrivals {
            for (place, data) in zip(arrivals.fixed, arrivals.data) {
                takeSurvivors(place - newItem)
                pieces.append(.item(data))
                newItem = place + 1
            }
        }
        takeSurvivors(newCount - newItem)
        return pieces
    }

    /// One column of the merged section, or nil when neither the old column nor any
    /// arriving item has it.
    private static func column<T>(
        _ source: [T]?, _ pieces: [MergePiece], count: Int, absent: T,
        _ value: (SectionData.Item) -> T?
    ) -> [T]? {
        let needed =
            source != nil
            || pieces.contains {
                if case .item(let item) = $0 { value(item) != nil } else { false }
            }
        guard needed else { return nil }
        var column: [T] = []
        column.reserveCapacity(count)
        for piece in pieces {
            switch piece {
            case .survivors(let run):
                if let source {
                    column.append(contentsOf: source[run])
                } else {
                    column.append(contentsOf: repeatElement(absent, count: run.count))
                }
            case .item(let item):
                column.append(value(item) ?? absent)
            }
        }
        return column
    }
}

extension SectionData {
    /// This section with the items at `indexes` (ascending, no repeats) given `data`: how a
    /// diffable snapshot's reconfigured items take their new data in place, after the batch.
    /// - Complexity: O(itemCount) per column, survivors copied as runs.
    public func replacingItems(at indexes: [Int], with data: [Item]) -> SectionData {
        precondition(indexes.count == data.count)
        guard !indexes.isEmpty else { return self }
        var departures = SectionDepartures()
        departures.reloaded = indexes
        departures.reloadData = data
        return merging(departures, nil, newCount: itemCount)
    }
}

extension LayoutUpdateHint {
    /// This hint after the items of new section `section` from `item` on changed data too.
    /// An untouched section becomes touched with `item` leading items unchanged (layouts pair
    /// it with its old section again, checking the prefix where the pairing is not proven).
    public mutating func touch(section: Int, from item: Int) {
        if unchangedSourceSection[section] != nil {
            unchangedSourceSection[section] = nil
            unchangedPrefix[section] = item
        } else {
            unchangedPrefix[section] = min(unchangedPrefix[section], item)
        }
    }
}
