/// R3: how UIKit lays a section out: as a uniform grid (arithmetic, nothing stored per item)
/// or as mixed lines.
enum FlowShape: Sendable, Equatable {
    /// Every item is laid out at this size.
    case uniform(Size)
    case mixed

    /// Classifies `section` and, in the same pass, rejects negative or non-finite item sizes
    /// (R11), so a million explicit sizes are read once.
    ///
    /// - Parameter ignoresLeadingZeroItems: Q3 (R16): items of exactly (0, 0) before the
    ///   first non-zero size do not take part in the comparison.
    /// - Complexity: O(1) for a section given by count, O(n) with explicit sizes.
    static func classify(_ section: SectionData, index: Int, defaultSize: Size,
                         ignoresLeadingZeroItems: Bool) throws(LayoutError) -> FlowShape {
        // R3: `itemSize` with a count is uniform, and so is an empty section.
        guard let sizes = section.sizes, !sizes.isEmpty else { return .uniform(defaultSize) }
        var common: Size? = nil
        var isUniform = true
        var bad: (item: Int, message: String)? = nil
        sizes.withUnsafeBufferPointer { buffer in
            for i in 0..<buffer.count {
                var s = buffer[i]
                if s.width.isNaN {
                    s = defaultSize  // SectionData: NaN width = the item gave no size
                } else if let message = FlowValidation.problem(with: s) {
                    bad = (i, message)
                    return
                }
                guard let c = common else {
                    // Q3: a leading (0, 0) is skipped while looking for the common size.
                    if !(ignoresLeadingZeroItems && s.width == 0 && s.height == 0) { common = s }
                    continue
                }
                // R3: exact floating-point equality; a later (0, 0) makes the section mixed.
                if isUniform && s != c { isUniform = false }
            }
        }
        if let bad {
            throw LayoutError(field: "dataSource.sections[\(index)].items[\(bad.item)].size",
                              message: bad.message)
        }
        // Q3: when every item was a skipped (0, 0), they are all laid out at (0, 0).
        return isUniform ? .uniform(common ?? Size.zero) : .mixed
    }
}
