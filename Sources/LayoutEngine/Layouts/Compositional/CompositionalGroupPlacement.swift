/// Phase 2 of laying out a group: frames from a `GroupPlan` (C2, C5, C6, C7, C14, C15).
///
/// Frames are relative to the origin given to `place`. Items resolve at their snapped slot
/// sizes; a measured size (C15, `preferred-sizes`) replaces them on estimated axes only, and
/// a group estimated on an axis grows (or shrinks) to what its children need there.
struct GroupPlacement {
    /// Final item frames of one instance, in item order.
    var leaves: [Rect] = []
    /// The inset rect of every group carrying anchored supplementaries, pre-order (C11).
    var sites: [Rect] = []
    let grid: PixelGrid
    /// Where measured sizes come from (C15, `preferred-sizes`): the section's size column
    /// (NaN width: none given), items `first ..< first + held` being the instance's leaves;
    /// nil for the template.
    private var measuredSizes: [Size]?
    private var first = 0
    private var held = 0
    /// Scratch stacks for child sizes and origins, reused across groups and instances so
    /// placing a million measured instances allocates nothing per instance.
    private var sizes: [Size] = []
    private var origins: [Point] = []

    init(grid: PixelGrid, capacity: Int = 0) {
        self.grid = grid
        leaves.reserveCapacity(capacity)
    }

    /// Starts a new instance holding items `first ..< first + held` of `data`.
    mutating func reset(measuring sizes: [Size], first: Int, held: Int) {
        leaves.removeAll(keepingCapacity: true)
        sites.removeAll(keepingCapacity: true)
        measuredSizes = sizes
        self.first = first
        self.held = held
    }

    @inline(__always)
    private func measured(_ leaf: Int) -> Size? {
        guard leaf < held, let column = measuredSizes else { return nil }
        let s = column[first + leaf]
        return s.width.isNaN ? nil : s // NaN: the item gave no size (SectionData)
    }

    /// Places `plan` with its frame's origin at `origin` in a slot of `slot`; returns the
    /// group's final size (its slot, grown on estimated axes).
    @discardableResult
    mutating func place(_ plan: GroupPlan, origin: Point, slot: Size) -> Size {
        let g = plan.flat
        var siteIndex = -1
        if g.hasSupplementaries {
            siteIndex = sites.count
            sites.append(.zero)
        }
        let size: Size
        if g.isCustom {
            for c in plan.info {
                leaves.append(
                    Rect(
                        x: origin.x + c.frameOrigin.x, y: origin.y + c.frameOrigin.y,
                        width: c.slot.width, height: c.slot.height))
            }
            size = slot
        } else {
            size = placeLinear(plan, origin: origin, slot: slot)
        }
        if siteIndex >= 0 {
            // C11: group supplementaries anchor to the group's inset rect.
            sites[siteIndex] = Rect(origin: origin, size: size).inset(by: g.insets)
        }
        return size
    }

    /// The final size of child `c` of `plan`, placed from leaf `leafBase`, before placing it.
    @inline(__always)
    private mutating func measure(_ plan: GroupPlan, _ c: GroupPlan.ChildInfo, leafBase: Int) -> Size {
        switch c.kind {
        case .frame: return c.slot
        case .item:
            guard c.widthEstimated || c.heightEstimated, let m = measured(leafBase) else { return c.slot }
            // C15: measured sizes count on estimated axes only.
            return Size(
                width: c.widthEstimated ? grid.snap(m.width) : c.slot.width,
                height: c.heightEstimated ? grid.snap(m.height) : c.slot.height)
        case .group:
            let nested = plan.nested[c.nested]
            guard c.groupEstimated, !nested.flat.isCustom else { return c.slot }
            let (base, originBase, size) = linearLayout(nested, slot: c.slot, leafBase: leafBase)
            sizes.removeSubrange(base...)
            origins.removeSubrange(originBase...)
            return size
        }
    }

    /// Child sizes and origins (relative to the group's origin), pushed on the scratch
    /// stacks from `base` and `originBase`, and the group's final size. The two stacks have
    /// bases of their own: a nested estimated group is measured (and its own children pushed
    /// and popped) while this group's sizes are being pushed, before any of its origins.
    private mutating func linearLayout(_ plan: GroupPlan, slot: Size, leafBase: Int) -> (base: Int, originBase: Int, size: Size) {
        let g = plan.flat, ins = g.insets, horizontal = g.horizontal
        let info = plan.info
        let n = info.count
        let base = sizes.count, originBase = origins.count
        var leaf = leafBase
        for c in info {
            sizes.append(measure(plan, c, leafBase: leaf))
            leaf += c.leafCount
        }
        @inline(__always) func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
        @inline(__always) func cross(_ s: Size) -> Double { horizontal ? s.height : s.width }
        let innerAlong = horizontal ? slot.width - ins.horizontal : slot.height - ins.vertical
        var innerCross = horizontal ? slot.height - ins.vertical : slot.width - ins.horizontal
        let alongEstimated = horizontal ? g.widthEstimated : g.heightEstimated
        let crossEstimated = horizontal ? g.heightEstimated : g.widthEstimated

        // The tail's children (`GroupPlan.Tail`) come after the planned ones: counted in the
        // same sums in the same order, never placed.
        let tail = plan.tail
        let all = n + tail.count

        // C6, D3: at least the minimum spacing; the leftover shared evenly by every flexible
        // gap and flexible edge spacing along the axis.
        var used = Double(max(0, all - 1)) * g.spacing
        var flexibleCount = g.spacingFlexible ? max(0, all - 1) : 0
        for k in 0..<n {
            let c = info[k]
            used += c.lead + along(sizes[base + k]) + c.trail
            if c.leadFlexible { flexibleCount += 1 }
            if c.trailFlexible { flexibleCount += 1 }
        }
        for t in 0..<tail.count {
            let (c, size) = tail.child(t)
            used += c.lead + along(size) + c.trail
            if c.leadFlexible { flexibleCount += 1 }
            if c.trailFlexible { flexibleCount += 1 }
        }
        let leftover = innerAlong - used
        let share = flexibleCount > 0 && leftover > 0 && !alongEstimated ? leftover / Double(flexibleCount) : 0

        // C15: a group estimated across its axis takes its largest child's extent there.
        if crossEstimated {
            var largest = 0.0
            for k in 0..<n {
                let c = info[k]
                largest = max(largest, c.crossLead + cross(sizes[base + k]) + c.crossTrail)
            }
            for t in 0..<tail.count {
                let (c, size) = tail.child(t)
                largest = max(largest, c.crossLead + cross(size) + c.crossTrail)
            }
            innerCross = largest
        }

        var cursor = 0.0
        for k in 0..<n {
            let c = info[k]
            cursor += c.lead + (c.leadFlexible ? share : 0)
            let a = cursor
            cursor += along(sizes[base + k]) + c.trail + (c.trailFlexible ? share : 0)
            if k + 1 < all { cursor += g.spacing + (g.spacingFlexible ? share : 0) }
            // C5: top/leading of the slot across the axis; flexible edge spacing centres.
            let crossLeft = innerCross - c.crossLead - cross(sizes[base + k]) - c.crossTrail
            let crossFlexible = (c.crossLeadFlexible ? 1 : 0) + (c.crossTrailFlexible ? 1 : 0)
            let crossShare = crossFlexible > 0 && crossLeft > 0 ? crossLeft / Double(crossFlexible) : 0
            let b = c.crossLead + (c.crossLeadFlexible ? crossShare : 0)
            origins.append(horizontal ? Point(x: ins.leading + a, y: ins.top + b) : Point(x: ins.leading + b, y: ins.top + a))
        }
        // The tail only lengthens the run (C15 reads it below).
        if alongEstimated {
            for t in 0..<tail.count {
                let (c, size) = tail.child(t)
                cursor += c.lead + (c.leadFlexible ? share : 0)
                cursor += along(size) + c.trail + (c.trailFlexible ? share : 0)
                if n + t + 1 < all { cursor += g.spacing + (g.spacingFlexible ? share : 0) }
            }
        }
        // C15: a group estimated along its axis takes its children's run.
        let finalAlong = alongEstimated ? cursor + (horizontal ? ins.horizontal : ins.vertical) : (horizontal ? slot.width : slot.height)
        let finalCross = crossEstimated ? innerCross + (horizontal ? ins.vertical : ins.horizontal) : (horizontal ? slot.height : slot.width)
        let size = horizontal ? Size(width: finalAlong, height: finalCross) : Size(width: finalCross, height: finalAlong)
        return (base, originBase, size)
    }

    /// The size `plan` takes in `slot` with none of its items measured (a tail child's, C15).
    static func unmeasuredSize(of plan: GroupPlan, slot: Size, grid: PixelGrid) -> Size {
        var placement = GroupPlacement(grid: grid)
        return placement.linearLayout(plan, slot: slot, leafBase: 0).size
    }

    private mutating func placeLinear(_ plan: GroupPlan, origin: Point, slot: Size) -> Size {
        let (base, originBase, size) = linearLayout(plan, slot: slot, leafBase: leaves.count)
        let info = plan.info
        for k in 0..<info.count {
            let c = info[k]
            let o = Point(x: origin.x + origins[originBase + k].x, y: origin.y + origins[originBase + k].y)
            switch c.kind {
            case .item:
                // C2: the frame is the slot inset by the item's insets, except on estimated axes.
                let frame = Rect(origin: o, size: sizes[base + k])
                leaves.append(frame.inset(by: c.insets, horizontally: !c.widthEstimated, vertically: !c.heightEstimated))
            case .group:
                // C7: a nested group is placed like an item, in its (possibly grown) size.
                place(plan.nested[c.nested], origin: o, slot: sizes[base + k])
            case .frame:
                break
            }
        }
        sizes.removeSubrange(base...)
        origins.removeSubrange(originBase...)
        return size
    }
}

/// What never changes between instances of one plan: which item spec each leaf is, which
/// group each site is and the first leaf it holds.
struct GroupStructure: Sendable {
    var leafItems: [CompositionalLayout.Item?] = []
    var siteGroups: [CompositionalLayout.Group] = []
    var siteFirstLeaf: [Int] = []
    /// Whether any leaf carries anchored supplementaries.
    var hasItemSupplementaries = false

    init(_ plan: GroupPlan) {
        walk(plan)
        hasItemSupplementaries = leafItems.contains { !($0?.supplementaryItems.isEmpty ?? true) }
    }

    private mutating func walk(_ plan: GroupPlan) {
        if !plan.group.supplementaryItems.isEmpty {
            siteGroups.append(plan.group)
            siteFirstLeaf.append(leafItems.count)
        }
        for child in plan.children {
            switch child {
            case .item(let item, _): leafItems.append(item)
            case .frame: leafItems.append(nil)
            case .group(let nested, _): walk(nested)
            }
        }
    }
}
