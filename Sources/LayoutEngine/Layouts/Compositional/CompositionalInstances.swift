/// The group instances of one section (C8, C13, C15): the one solved group (the template)
/// and where each instance sits. Coordinates are section-local: the section starts at 0
/// along the scroll axis.
///
/// Instances run along the "instance axis": the scroll axis, or the cross axis in an
/// orthogonal section (C13). Without estimated dimensions every instance is the template
/// at `base + j · stride` (C8), so a million items cost O(1) to prepare and a query
/// O(log n + k). With estimated dimensions (C15) the instances are materialised: each has
/// its own origin, and those whose items were measured their own frames.
struct GroupInstances: Sendable {
    /// The template's item frames and group-site rects, relative to an instance's origin.
    let leaves, sites: [Rect]
    let structure: GroupStructure
    /// The template group's size (snapped, C14; grown on estimated axes, C15).
    let groupSize: Size
    /// Items per instance (C3's k) and the number of instances (C8).
    let capacity: Int
    let itemCount: Int
    let count: Int
    /// Instance 0's origin; instance j's origin moves by `stride · j` along the instance axis.
    let base: Point
    let stride: Double
    /// Whether instances run along the scroll axis (false: orthogonal, C13).
    let alongScroll: Bool
    let axes: CompositionalAxes
    /// The band of the template's elements (cells and anchored supplementaries) on the
    /// instance axis, relative to the instance origin.
    let relLo, relHi: Double
    /// The band of all instances' elements on the other axis, section-local.
    let otherLo, otherHi: Double
    /// The top-level group's slot (C14), which measured instances are placed in again.
    let slot: Size
    /// Per-instance geometry when the section has estimated dimensions; nil = arithmetic.
    let materialised: MaterialisedInstances?

    /// Whether instances run along x.
    var instanceAxisIsX: Bool { alongScroll != axes.vertical }

    @inline(__always)
    func items(in j: Int) -> Int { j == count - 1 ? itemCount - j * capacity : capacity }

    /// Instance j's origin, section-local.
    @inline(__always)
    func origin(_ j: Int) -> Point {
        var v = (instanceAxisIsX ? base.x : base.y) + Double(j) * stride
        if let materialised { v += materialised.delta[j] }
        return instanceAxisIsX ? Point(x: v, y: base.y) : Point(x: base.x, y: v)
    }

    /// Item `slot` of instance j, relative to the instance origin.
    @inline(__always)
    func leaf(_ j: Int, _ slot: Int) -> Rect {
        if let m = materialised, let start = m.ownStart(j) { return m.ownLeaves[start + slot] }
        return leaves[slot]
    }

    @inline(__always)
    func site(_ j: Int, _ index: Int) -> Rect {
        if let m = materialised, let start = m.ownSiteStart(j) { return m.ownSites[start + index] }
        return sites[index]
    }

    /// The section-local frame of item i.
    @inline(__always)
    func itemFrame(_ i: Int) -> Rect {
        let j = i / capacity, o = origin(j)
        return leaf(j, i - j * capacity).offsetBy(dx: o.x, dy: o.y)
    }

    /// The instances whose element band meets `[lo, hi]` on the instance axis.
    /// - Complexity: O(log count).
    func candidates(lo: Double, hi: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        if let m = materialised {
            return m.envelope.candidates(count: count, lo: lo, hi: hi, start: { m.bandLo[$0] }, end: { m.bandHi[$0] })
        }
        let b = instanceAxisIsX ? base.x : base.y
        let first = partitionPoint(count) { b + Double($0) * stride + relHi >= lo }
        let stop = partitionPoint(count) { b + Double($0) * stride + relLo > hi }
        return first..<max(first, stop)
    }

    /// Instance j's element band on the instance axis, section-local.
    @inline(__always)
    func band(_ j: Int) -> (lo: Double, hi: Double) {
        if let m = materialised { return (m.bandLo[j], m.bandHi[j]) }
        let o = origin(j)
        let v = instanceAxisIsX ? o.x : o.y
        return (v + relLo, v + relHi)
    }

    /// The extent of the instances on the instance axis: from base to the far edge of the
    /// last instance (0 without instances).
    var runEnd: Double {
        guard count > 0 else { return instanceAxisIsX ? base.x : base.y }
        let o = origin(count - 1)
        let size = materialised?.sizes[count - 1] ?? groupSize
        return instanceAxisIsX ? o.x + size.width : o.y + size.height
    }

    /// The largest instance size across the instance axis (the section's along extent for
    /// an orthogonal section, C13).
    var crossExtent: Double {
        if let m = materialised {
            return m.sizes.reduce(0) { max($0, instanceAxisIsX ? $1.height : $1.width) }
        }
        return count > 0 ? (instanceAxisIsX ? groupSize.height : groupSize.width) : 0
    }
}

/// Per-instance geometry of a section with estimated dimensions (C15).
struct MaterialisedInstances: Sendable {
    /// How far instance j moved from `base + j · stride`: the growth of the ones before it.
    var delta: [Double] = []
    /// Each instance's final group size.
    var sizes: [Size] = []
    /// Instances with measured items keep their own frames: where they start in `ownLeaves`
    /// (−1: the template's).
    var own: [Int32] = []
    var ownLeaves: [Rect] = []
    var ownSites: [Rect] = []
    var ownSiteIndex: [Int32] = []
    /// Element band of each instance on the instance axis, section-local.
    var bandLo: [Double] = []
    var bandHi: [Double] = []
    var envelope = IntervalEnvelope(count: 0, start: { _ in 0 }, end: { _ in 0 })

    @inline(__always)
    func ownStart(_ j: Int) -> Int? {
        let s = own[j]
        return s < 0 ? nil : Int(s)
    }

    @inline(__always)
    func ownSiteStart(_ j: Int) -> Int? {
        let s = ownSiteIndex[j]
        return s < 0 ? nil : Int(s)
    }
}
