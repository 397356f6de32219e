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
    /// Where measured sizes come from (C15, `preferred-sizes`): items `first ..< first +
    /// held` of this section are the instance's leaves; nil for the template.
    private var data: SectionData?
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
    mutating func reset(measuring data: SectionData?, first: Int, held: Int) {
        leaves.removeAll(keepingCapacity: true)
        sites.removeAll(keepingCapacity: true)
        self.data = data
        self.first = first
        self.held = held
    }

    @inline(__always)
    private func measured(_ leaf: Int) -> Size? {
        guard let data, leaf < held else { return nil }
        return data.size(at: first + leaf)
    }

    /// Places `plan` with its frame's origin at `origin` in a slot of `slot`; returns the
    /// group's final size (its slot, grown on estimated axes).
    @discardableResult
    mutating func place(_ plan: GroupPlan, origin: Point, slot: Size) -> Size {
        let g = plan.group
        var siteIndex: Int? = nil
        if !g.supplementaryItems.isEmpty {
            siteIndex = sites.count
            sites.append(.zero)
        }
        let size: Size
        switch g.axis {
        case .custom:
            for case .frame(let f) in plan.children { leaves.append(f.offsetBy(dx: origin.x, dy: origin.y)) }
            size = slot
        case .horizontal, .vertical:
            size = placeLinear(plan, origin: origin, slot: slot, horizontal: g.axis == .horizontal)
        }
        if let siteIndex {
            // C11: group supplementaries anchor to the group's inset rect.
            sites[siteIndex] = Rect(origin: origin, size: size).inset(by: g.contentInsets)
        }
        return size
    }

    /// The final size of a child placed from leaf `leafBase`, before placing it.
    private mutating func measure(_ child: GroupPlan.Child, leafBase: Int) -> Size {
        switch child {
        case .frame(let f): return f.size
        case .item(let item, let slot):
            guard let m = measured(leafBase) else { return slot }
            // C15: measured sizes count on estimated axes only.
            return Size(width: item.size.width.isEstimated ? grid.snap(m.width) : slot.width,
                        height: item.size.height.isEstimated ? grid.snap(m.height) : slot.height)
        case .group(let plan, let slot):
            guard plan.group.size.isEstimated else { return slot }
            switch plan.group.axis {
            case .custom: return slot
            case .horizontal, .vertical:
                let (base, size) = linearLayout(plan, slot: slot, horizontal: plan.group.axis == .horizontal, leafBase: leafBase)
                sizes.removeSubrange(base...)
                origins.removeSubrange(base...)
                return size
            }
        }
    }

    @inline(__always)
    private func leafCount(_ child: GroupPlan.Child) -> Int {
        if case .group(let plan, _) = child { return plan.leafCount }
        return 1
    }

    /// Child sizes and origins (relative to the group's origin), pushed on the scratch
    /// stacks from `base`, and the group's final size.
    private mutating func linearLayout(_ plan: GroupPlan, slot: Size, horizontal: Bool,
                                       leafBase: Int) -> (base: Int, size: Size) {
        let g = plan.group, ins = g.contentInsets
        let children = plan.children
        let base = sizes.count
        var leaf = leafBase
        for child in children {
            let size = measure(child, leafBase: leaf)
            sizes.append(size)
            leaf += leafCount(child)
        }
        @inline(__always) func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
        @inline(__always) func cross(_ s: Size) -> Double { horizontal ? s.height : s.width }
        let innerAlong = horizontal ? slot.width - ins.horizontal : slot.height - ins.vertical
        var innerCross = horizontal ? slot.height - ins.vertical : slot.width - ins.horizontal
        let alongEstimated = horizontal ? g.size.width.isEstimated : g.size.height.isEstimated
        let crossEstimated = horizontal ? g.size.height.isEstimated : g.size.width.isEstimated

        // C6, D3: at least the minimum spacing; the leftover shared evenly by every flexible
        // gap and flexible edge spacing along the axis.
        let spacing = g.interItemSpacing?.minimum ?? 0
        let spacingFlexible = g.interItemSpacing?.isFlexible ?? false
        var used = Double(max(0, children.count - 1)) * spacing
        var flexibleCount = spacingFlexible ? max(0, children.count - 1) : 0
        for (c, child) in children.enumerated() {
            let e = edgeSpacing(child).edges(horizontal: horizontal)
            used += (e.lead?.minimum ?? 0) + along(sizes[base + c]) + (e.trail?.minimum ?? 0)
            if e.lead?.isFlexible == true { flexibleCount += 1 }
            if e.trail?.isFlexible == true { flexibleCount += 1 }
        }
        let leftover = innerAlong - used
        let share = flexibleCount > 0 && leftover > 0 && !alongEstimated ? leftover / Double(flexibleCount) : 0

        // C15: a group estimated across its axis takes its largest child's extent there.
        if crossEstimated {
            var largest = 0.0
            for (c, child) in children.enumerated() {
                let e = edgeSpacing(child).edges(horizontal: !horizontal)
                largest = max(largest, (e.lead?.minimum ?? 0) + cross(sizes[base + c]) + (e.trail?.minimum ?? 0))
            }
            innerCross = largest
        }

        var cursor = 0.0
        for (c, child) in children.enumerated() {
            let edges = edgeSpacing(child)
            let e = edges.edges(horizontal: horizontal)
            cursor += (e.lead?.minimum ?? 0) + (e.lead?.isFlexible == true ? share : 0)
            let a = cursor
            cursor += along(sizes[base + c]) + (e.trail?.minimum ?? 0) + (e.trail?.isFlexible == true ? share : 0)
            if c + 1 < children.count { cursor += spacing + (spacingFlexible ? share : 0) }
            // C5: top/leading of the slot across the axis; flexible edge spacing centres.
            let x = edges.edges(horizontal: !horizontal)
            let xLead = x.lead?.minimum ?? 0, xTrail = x.trail?.minimum ?? 0
            let crossLeft = innerCross - xLead - cross(sizes[base + c]) - xTrail
            let crossFlexible = (x.lead?.isFlexible == true ? 1 : 0) + (x.trail?.isFlexible == true ? 1 : 0)
            let crossShare = crossFlexible > 0 && crossLeft > 0 ? crossLeft / Double(crossFlexible) : 0
            let b = xLead + (x.lead?.isFlexible == true ? crossShare : 0)
            origins.append(horizontal ? Point(x: ins.leading + a, y: ins.top + b) : Point(x: ins.leading + b, y: ins.top + a))
        }
        // C15: a group estimated along its axis takes its children's run.
        let finalAlong = alongEstimated ? cursor + (horizontal ? ins.horizontal : ins.vertical) : (horizontal ? slot.width : slot.height)
        let finalCross = crossEstimated ? innerCross + (horizontal ? ins.vertical : ins.horizontal) : (horizontal ? slot.height : slot.width)
        let size = horizontal ? Size(width: finalAlong, height: finalCross) : Size(width: finalCross, height: finalAlong)
        return (base, size)
    }

    @inline(__always)
    private func edgeSpacing(_ child: GroupPlan.Child) -> CompositionalLayout.EdgeSpacing {
        switch child {
        case .item(let item, _): item.edgeSpacing
        case .group(let plan, _): plan.group.edgeSpacing
        case .frame: .none
        }
    }

    private mutating func placeLinear(_ plan: GroupPlan, origin: Point, slot: Size, horizontal: Bool) -> Size {
        let (base, size) = linearLayout(plan, slot: slot, horizontal: horizontal, leafBase: leaves.count)
        for (c, child) in plan.children.enumerated() {
            let o = Point(x: origin.x + origins[base + c].x, y: origin.y + origins[base + c].y)
            switch child {
            case .item(let item, _):
                // C2: the frame is the slot inset by the item's insets, except on estimated axes.
                let frame = Rect(origin: o, size: sizes[base + c])
                leaves.append(frame.inset(by: item.contentInsets, horizontally: !item.size.width.isEstimated,
                                          vertically: !item.size.height.isEstimated))
            case .group(let nested, _):
                // C7: a nested group is placed like an item, in its (possibly grown) size.
                place(nested, origin: o, slot: sizes[base + c])
            case .frame:
                break
            }
        }
        sizes.removeSubrange(base...)
        origins.removeSubrange(base...)
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
