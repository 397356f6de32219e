/// Marks the elements of one longest strictly increasing subsequence of `values` (patience
/// sorting with back-pointers), O(n log n). The diff keeps the sections it marks where they
/// are (items go by runs: `heaviestIncreasingRuns`).
func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    // tails[k]: position of the smallest tail of a run of k + 1; previous[i]: the element
    // before i in the run ending at i (-1: none).
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var low: Int
        if let last = tails.last, values[last] < v {
            low = tails.count
        } else {
            low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
            }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        kept[i] = true
        i = previous[i]
    }
    return kept
}
