/// Marks the elements of one longest strictly increasing subsequence of `values` (patience
/// sorting with back-pointers). O(n log n); a value larger than the last tail, as every value
/// of a section whose items kept their order is, takes O(1).
func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    values.withUnsafeBufferPointer { longestIncreasingRun($0) }
}

/// `longestIncreasingRun` over a buffer of any integer type wide enough for its positions
/// (the diff passes a section's old item indexes as `Int32`).
///
/// Runs over buffers: its piles' tails and back-pointers in scratch memory of the values'
/// type, uninitialised until written: the arrays' checked accessors and `Int` arrays
/// initialised before use cost several times as much, and 16 bytes an item
/// (docs/performance.md#diff-buffers). `SnapshotDiffTests` hold it to the plain form's choice
/// of run.
func longestIncreasingRun<V: FixedWidthInteger & SignedInteger>(_ values: UnsafeBufferPointer<V>) -> [Bool] {
    let n = values.count
    guard n > 0 else { return [] }
    precondition(n <= Int(V.max), "positions must fit the values' type")
    var kept = [Bool](repeating: false, count: n)
    // tails[k]: position of the smallest tail of a run of k + 1 (only 0..<runs written);
    // previous[i]: the element before i in the run ending at i (-1: none), written for each i.
    withUnsafeTemporaryAllocation(of: V.self, capacity: n) { tails in
        withUnsafeTemporaryAllocation(of: V.self, capacity: n) { previous in
            var runs = 0
            for i in 0..<n {
                let v = values[i]
                var low: Int
                if runs > 0, values[Int(tails[runs &- 1])] < v {
                    low = runs
                } else {
                    low = 0
                    var high = runs
                    while low < high {
                        let mid = (low &+ high) / 2
                        if values[Int(tails[mid])] < v { low = mid &+ 1 } else { high = mid }
                    }
                }
                previous.initializeElement(at: i, to: low > 0 ? tails[low &- 1] : -1)
                if low < runs { tails[low] = V(truncatingIfNeeded: i) } else { tails.initializeElement(at: low, to: V(truncatingIfNeeded: i)) }
                if low == runs { runs &+= 1 }
            }
            kept.withUnsafeMutableBufferPointer { kept in
                var i = Int(tails[runs &- 1])
                while i >= 0 {
                    kept[i] = true
                    i = Int(previous[i])
                }
            }
            // Plain integers: nothing to deinitialise before the scratch memory goes.
        }
    }
    return kept
}
