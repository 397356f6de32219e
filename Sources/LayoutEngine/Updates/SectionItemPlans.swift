/// The item-level changes inside one section, kept sorted so that index-path translation is a
/// binary search instead of a walk over the section's items.
///
/// Translation works by rank. An old section's survivors (items neither deleted nor moved
/// out) keep their relative order, and so do the places a new section leaves free once its
/// arrivals (inserts and moves in) are put at their fixed indexes; the r-th survivor of the
/// old section is the r-th free place of the new one. That is UIKit's "deletes descending,
/// then inserts ascending", computed without replaying it.

/// The items that leave one old section, and the ones it reloads.
struct SectionDepartures: Hashable, Sendable {
    /// Old item indexes that leave (deleted or moved out), ascending.
    var removed: [Int] = []
    /// Parallel to `removed`: the move's destination, or nil for a delete.
    var destinations: [IndexPath?] = []
    /// Old item indexes reloaded in place, ascending.
    var reloaded: [Int] = []
    /// Parallel to `reloaded`: the item's new data, or nil to keep it.
    var reloadData: [SectionData.Item?] = []

    func isReloaded(_ item: Int) -> Bool {
        let k = SortedPlaces.firstIndex(in: reloaded, notBelow: item)
        return k < reloaded.count && reloaded[k] == item
    }
}

/// The items that arrive in one new section at fixed indexes: inserts and moves in.
struct SectionArrivals: Hashable, Sendable {
    /// New item indexes taken by arrivals, ascending.
    var fixed: [Int] = []
    /// Parallel to `fixed`: where a moved item came from, or nil for an insert.
    var sources: [IndexPath?] = []
    /// Parallel to `fixed`: the arriving item's data (an insert's given or default data, a
    /// moved item's own data).
    var data: [SectionData.Item] = []
}

/// What departures and arrivals share: the item indexes of one section that change on one
/// side of the update (removals before it, arrivals after it), each with its index path on
/// the other side. Survivors hold the places in between, in rank order.
protocol SectionItemChanges {
    /// The changing item indexes on this side, ascending.
    var places: [Int] { get }
    /// Parallel to `places`: the index path on the other side, nil for a delete or an insert.
    var counterparts: [IndexPath?] { get }
}

extension SectionItemChanges {
    /// The survivor rank of index `item` on this side, or which change it is.
    /// - Complexity: O(log k) for k changes.
    func locate(_ item: Int) -> (rank: Int, change: Int?) {
        let k = SortedPlaces.firstIndex(in: places, notBelow: item)
        if k < places.count && places[k] == item { return (item - k, k) }
        return (item - k, nil)
    }

    /// The index on this side of the survivor with rank `rank`.
    /// - Complexity: O(log k).
    func index(ofSurvivor rank: Int) -> Int {
        rank + SortedPlaces.takenPlaces(in: places, beforeFreePlace: rank)
    }
}

extension SectionDepartures: SectionItemChanges {
    var places: [Int] { removed }
    var counterparts: [IndexPath?] { destinations }
}

extension SectionArrivals: SectionItemChanges {
    var places: [Int] { fixed }
    var counterparts: [IndexPath?] { sources }
}

/// Binary searches over strictly ascending arrays of item indexes.
enum SortedPlaces {
    /// The first position whose value is ≥ `value` (`places.count` if none).
    static func firstIndex(in places: [Int], notBelow value: Int) -> Int {
        var low = 0, high = places.count
        while low < high {
            let mid = (low + high) / 2
            if places[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// `places` are taken places; how many of them come before the `rank`-th free place
    /// (0-based)? `places[m] − m` counts the free places before `places[m]` and never
    /// decreases, so it is the number of m with `places[m] − m ≤ rank`.
    static func takenPlaces(in places: [Int], beforeFreePlace rank: Int) -> Int {
        var low = 0, high = places.count
        while low < high {
            let mid = (low + high) / 2
            if places[mid] - mid <= rank { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
