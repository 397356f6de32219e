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

    /// The survivor rank of old index `item`, or which removal it is.
    /// - Complexity: O(log k) for k removals.
    func locate(_ item: Int) -> (rank: Int, removal: Int?) {
        let k = SortedPlaces.firstIndex(in: removed, notBelow: item)
        if k < removed.count && removed[k] == item { return (item - k, k) }
        return (item - k, nil)
    }

    /// The old index of the survivor with rank `rank`.
    /// - Complexity: O(log k).
    func oldIndex(ofSurvivor rank: Int) -> Int {
        rank + SortedPlaces.takenPlaces(in: removed, beforeFreePlace: rank)
    }

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

    /// The new index of the survivor with rank `rank`.
    /// - Complexity: O(log k) for k arrivals.
    func newIndex(ofSurvivor rank: Int) -> Int {
        rank + SortedPlaces.takenPlaces(in: fixed, beforeFreePlace: rank)
    }

    /// Whether new index `item` is an arrival (which one), or else the survivor rank it holds.
    /// - Complexity: O(log k).
    func locate(_ item: Int) -> (rank: Int, arrival: Int?) {
        let k = SortedPlaces.firstIndex(in: fixed, notBelow: item)
        if k < fixed.count && fixed[k] == item { return (item - k, k) }
        return (item - k, nil)
    }
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
