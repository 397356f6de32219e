/// Item aspect ratios of one section, read as the original reads its input (docs/layouts.md §8).
///
/// The original takes a bare number as the ratio and `{width, height}` as `width / height`;
/// here the `aspectRatio` column is the bare number and wins when an item gives both.
/// It rejects only what is not a number (its `isNaN` test); this reader also rejects
/// zero, negative and infinite ratios, and sizes whose sides are not positive and finite
/// (the original lets those through and returns boxes of zero, negative or NaN width).
/// With a forced ratio nothing is read, as in the original, which overwrites every
/// item's ratio before it checks any.
///
/// Holds the section's columns (shared, not copied).
struct JustifiedItemRatios: Sendable {
    let forced: Double?
    let aspectRatios: [Double]?
    let sizes: [Size]?

    init(section: SectionData, forced: Double?) {
        self.forced = forced
        self.aspectRatios = forced == nil ? section.aspectRatios : nil
        self.sizes = forced == nil ? section.sizes : nil
    }

    /// Item `i`'s ratio, or nil when the item has none the layout accepts.
    /// - Complexity: O(1).
    @inline(__always)
    func ratio(at i: Int) -> Double? {
        if let forced { return forced }
        if let aspectRatios {
            let r = aspectRatios[i]
            if !r.isNaN { return r > 0 && r < .infinity ? r : nil }
        }
        if let sizes {
            let s = sizes[i]
            guard s.width > 0, s.width < .infinity, s.height > 0, s.height < .infinity else { return nil }
            let r = s.width / s.height
            return r > 0 && r < .infinity ? r : nil
        }
        return nil
    }
}
