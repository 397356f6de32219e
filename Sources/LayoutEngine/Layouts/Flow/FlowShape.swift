/// R3: how UIKit lays a section out: as a uniform grid (arithmetic, nothing stored per item)
/// or as mixed lines.
enum FlowShape: Sendable, Equatable {
    /// Every item is laid out at this size.
    case uniform(Size)
    case mixed

    /// Classifies `section` and, in the same pass, rejects negative or non-finite item sizes
    /// (R11), so a million explicit sizes are read once.
    ///
    /// - Parameters:
    ///   - defaultSize: the size of items that gave none (the section's itemSize, or the
    ///     layout's estimatedItemSize when it is set).
    ///   - ignoresLeadingZeroItems: Q3 (R16): items of exactly (0, 0) before the first
    ///     non-zero size do not take part in the comparison.
    ///   - resuming: the scan of an earlier version of this section whose first `prefix`
    ///     items are unchanged (and were valid); the scan then reads only the items after them.
    /// - Returns: the shape, and where the scan stood (nil for a section without a size column).
    /// - Complexity: O(1) for a section given by count, O(n − prefix) with explicit sizes.
    static func classify(
        _ section: SectionData, index: Int, defaultSize: Size,
        ignoresLeadingZeroItems: Bool,
        resuming: (scan: FlowShapeScan, prefix: Int)? = nil
    ) throws(LayoutError)
        -> (shape: FlowShape, scan: FlowShapeScan?)
    {
        // R3: `itemSize` with a count is uniform, and so is an empty section.
        guard let sizes = section.sizes, !sizes.isEmpty else { return (.uniform(defaultSize), nil) }
        var scan = FlowShapeScan(commonIndex: .max, firstDifference: .max)
        var first = 0
        if let (old, prefix) = resuming, prefix > 0, prefix <= sizes.count {
            // The state after the unchanged prefix follows from where the old scan found
            // the common size and the first difference.
            first = prefix
            if old.commonIndex < prefix { scan.commonIndex = old.commonIndex }
            if old.firstDifference < prefix { scan.firstDifference = old.firstDifference }
        }
        @inline(__always) func effective(_ s: Size) -> Size { s.width.isNaN ? defaultSize : s }
        var common: Size? = scan.commonIndex == .max ? nil : effective(sizes[scan.commonIndex])
        var isUniform = scan.firstDifference == .max
        var bad: (item: Int, message: String)? = nil
        sizes.withUnsafeBufferPointer { buffer in
            for i in first..<buffer.count {
                var s = buffer[i]
                if s.width.isNaN {
                    s = defaultSize // SectionData: NaN width = the item gave no size
                } else if let message = FlowValidation.problem(with: s) {
                    bad = (i, message)
                    return
                }
                guard let c = common else {
                    // Q3: a leading (0, 0) is skipped while looking for the common size.
                    if !(ignoresLeadingZeroItems && s.width == 0 && s.height == 0) {
                        common = s
                        scan.commonIndex = i
                    }
                    continue
                }
                // R3: exact floating-point equality; a later (0, 0) makes the section mixed.
                if isUniform && s != c {
                    isUniform = false
                    scan.firstDifference = i
                }
            }
        }
        if let bad {
            throw LayoutError(
                field: "dataSource.sections[\(index)].items[\(bad.item)].size",
                message: bad.message)
        }
        // Q3: when every item was a skipped (0, 0), they are all laid out at (0, 0).
        return (isUniform ? .uniform(common ?? Size.zero) : .mixed, scan)
    }
}

/// Where R3's scan of a size column found the common size and the first size that differs
/// from it: the scan's whole state after any prefix, so an update can resume it there.
struct FlowShapeScan: Sendable, Hashable {
    /// The item whose size became the common size (Q3 skips leading zeros); `Int.max` if none.
    var commonIndex: Int
    /// The first item whose size differs from the common size; `Int.max` if none.
    var firstDifference: Int
}
