/// Phase 1 of laying out a group: which subitems it holds and the size of each slot,
/// resolved once per group definition and slot (C1, C3, C4, C7, C14; sections that share a
/// definition share the plan, see `GroupTemplates`). Phase 2 (`GroupPlacement`) turns a
/// plan into frames, once for the template instance and again for instances whose
/// estimated items were measured (C15).
///
/// A plan is as large as the items need, not as the group is: children are planned one by
/// one only until they hold `leafLimit` items (the most any instance of the sections using
/// the plan holds); the children after them (`tail`) are never placed, because no item
/// lands in them, and count only where they move the others: the space they take, their
/// flexible spacing, their extent across (C3, C4, C6, C15). So a count group of 100,000
/// slots in a section of 10 items plans about 10 slots.
final class GroupPlan: Sendable {
    enum Child: Sendable {
        /// An item: its spec and its snapped slot size (C14).
        case item(CompositionalLayout.Item, slot: Size)
        /// A nested group (C7), placed like an item in its snapped slot.
        case group(GroupPlan, slot: Size)
        /// One frame of a custom group, relative to the group's origin.
        case frame(Rect)
    }

    let group: CompositionalLayout.Group
    /// The children planned one by one, in order: those that may hold items.
    let children: [Child]
    /// Items held by one instance, nested groups and the tail included (C3's k).
    let leafCount: Int
    /// Items held by `children`: the slots placement lays out (never fewer than the items
    /// of any instance the plan serves).
    let explicitLeafCount: Int
    /// Groups among `children`'s trees (this one included) that carry anchored
    /// supplementaries, pre-order.
    let siteCount: Int
    /// The children after `children`, which hold no item of any instance.
    let tail: Tail
    /// The same plan as plain values, read by placement: instances re-placed with measured
    /// sizes (C15) then touch no reference-counted spec per child.
    let flat: FlatGroup
    let info: [ChildInfo]
    let nested: [GroupPlan]

    init(group: CompositionalLayout.Group, children: [Child], tail: Tail = Tail()) {
        self.group = group
        self.children = children
        self.tail = tail
        var leaves = 0, planned = 0, sites = group.supplementaryItems.isEmpty ? 0 : 1
        var info: [ChildInfo] = [], nested: [GroupPlan] = []
        let horizontal = group.axis == .horizontal
        for child in children {
            var c = ChildInfo(child, horizontal: horizontal)
            if case .group(let plan, _) = child {
                sites += plan.siteCount
                c.nested = nested.count
                nested.append(plan)
                // Only the last planned child can be cut short: the slots stay numbered as items.
                planned += plan.explicitLeafCount
            } else {
                planned += 1
            }
            leaves += c.leafCount
            info.append(c)
        }
        explicitLeafCount = planned
        leafCount = leaves + tail.leafCount
        siteCount = sites
        self.info = info
        self.nested = nested
        var flat = FlatGroup()
        flat.horizontal = horizontal
        if case .custom = group.axis { flat.isCustom = true }
        flat.insets = group.contentInsets
        flat.spacing = group.interItemSpacing?.minimum ?? 0
        flat.spacingFlexible = group.interItemSpacing?.isFlexible ?? false
        flat.widthEstimated = group.size.width.isEstimated
        flat.heightEstimated = group.size.height.isEstimated
        flat.hasSupplementaries = !group.supplementaryItems.isEmpty
        self.flat = flat
    }

    /// A group's own values placement reads.
    struct FlatGroup: Sendable {
        var horizontal = true
        var isCustom = false
        var insets = CompositionalLayout.Insets.zero
        var spacing = 0.0
        var spacingFlexible = false
        var widthEstimated = false
        var heightEstimated = false
        var hasSupplementaries = false
    }

    /// One child's values placement reads; edges are along and across the group's axis.
    struct ChildInfo: Sendable {
        init() {}

        init(_ child: Child, horizontal: Bool) {
            let edges: CompositionalLayout.EdgeSpacing
            switch child {
            case .item(let item, let slot):
                self.slot = slot
                widthEstimated = item.size.width.isEstimated
                heightEstimated = item.size.height.isEstimated
                insets = item.contentInsets
                edges = item.edgeSpacing
            case .frame(let f):
                kind = .frame
                self.slot = f.size
                frameOrigin = f.origin
                edges = .none
            case .group(let plan, let slot):
                kind = .group
                self.slot = slot
                leafCount = plan.leafCount
                groupEstimated = plan.group.size.isEstimated
                edges = plan.group.edgeSpacing
            }
            let along = edges.edges(horizontal: horizontal), cross = edges.edges(horizontal: !horizontal)
            lead = along.lead?.minimum ?? 0
            leadFlexible = along.lead?.isFlexible ?? false
            trail = along.trail?.minimum ?? 0
            trailFlexible = along.trail?.isFlexible ?? false
            crossLead = cross.lead?.minimum ?? 0
            crossLeadFlexible = cross.lead?.isFlexible ?? false
            crossTrail = cross.trail?.minimum ?? 0
            crossTrailFlexible = cross.trail?.isFlexible ?? false
        }

        enum Kind: Sendable { case item, group, frame }
        var kind = Kind.item
        var slot = Size.zero
        var frameOrigin = Point.zero
        var widthEstimated = false
        var heightEstimated = false
        var groupEstimated = false
        var insets = CompositionalLayout.Insets.zero
        var lead = 0.0, trail = 0.0, crossLead = 0.0, crossTrail = 0.0
        var leadFlexible = false, trailFlexible = false, crossLeadFlexible = false, crossTrailFlexible = false
        var nested = -1
        var leafCount = 1
    }

    /// The children after the planned ones. C3 walks the subitems cyclically and C4 repeats
    /// one, so the tail is a cycle: its child t is `pattern[(phase + t) % pattern.count]`
    /// (entries of subitems the tail never reaches stay nil), taking the size in `sizes`:
    /// its slot, or a nested estimated group's size unmeasured, since no item of the tail is
    /// ever measured (C15).
    struct Tail: Sendable {
        var count = 0
        var phase = 0
        var pattern: [ChildInfo?] = []
        var sizes: [Size] = []
        var leafCount = 0

        @inline(__always)
        func child(_ t: Int) -> (info: ChildInfo, size: Size) {
            let p = (phase + t) % pattern.count
            return (pattern[p]!, sizes[p])
        }
    }

    /// Most items one group instance may hold: a tiny item in a huge group is refused
    /// rather than laid out as millions of slots.
    static let maxLeaves = 100_000

    /// C3 D2: sizes are compared exactly, with this tolerance.
    static let fitTolerance = 1e-6

    /// Plans `group` in a slot of `slot` (already snapped by the caller), its children one by
    /// one until they hold `leafLimit` items, the rest as the tail.
    /// - Throws: a group that holds no item, a count larger than its group allows, an item
    ///   that resolves to a negative size or repeats forever; each naming its JSON path.
    static func make(
        _ group: CompositionalLayout.Group, slot: Size, grid: PixelGrid,
        leafLimit: Int = .max
    ) throws(LayoutError) -> GroupPlan {
        // C1, C7: the subitems' container is the group minus its content insets.
        let inner = Size(
            width: slot.width - group.contentInsets.horizontal,
            height: slot.height - group.contentInsets.vertical)
        let plan: GroupPlan
        switch group.axis {
        case .custom(let frames):
            guard !frames.isEmpty else {
                throw LayoutError(field: group.path + ".frames", message: "a custom group needs at least one frame")
            }
            // The frames are the group's items; C14 puts them on the pixel grid. Their count
            // is bounded by the body that lists them, so all are planned.
            plan = GroupPlan(group: group, children: frames.map { .frame(Rect(origin: grid.snap($0.origin), size: grid.snap($0.size))) })
        case .horizontal, .vertical:
            let horizontal = group.axis == .horizontal
            if let n = group.count {
                plan = try countPlan(group, n: n, inner: inner, horizontal: horizontal, grid: grid, leafLimit: leafLimit)
            } else {
                plan = try repeatingPlan(group, inner: inner, horizontal: horizontal, grid: grid, leafLimit: leafLimit)
            }
        }
        guard plan.leafCount <= maxLeaves else {
            throw LayoutError(field: group.path, message: "holds \(plan.leafCount) items in one instance, more than \(maxLeaves)")
        }
        return plan
    }

    /// C4: exactly n slots of (Wc − (n − 1)·spacing)/n along the axis, whatever the item's own
    /// dimension on that axis says; a fractional cross dimension resolves against a container
    /// of width Wc − (n − 1)·spacing. All n children are one child repeated: as many copies
    /// are planned as `leafLimit` items need, the others are the tail.
    private static func countPlan(
        _ group: CompositionalLayout.Group, n: Int, inner: Size, horizontal: Bool,
        grid: PixelGrid, leafLimit: Int
    ) throws(LayoutError) -> GroupPlan {
        guard let element = group.subitems.first, group.subitems.count == 1 else {
            throw LayoutError(field: group.path + ".subitems", message: "a group with count takes exactly one subitem")
        }
        let spacing = group.interItemSpacing?.minimum ?? 0
        let available = (horizontal ? inner.width : inner.height) - Double(n - 1) * spacing
        guard available >= 0 else {
            throw LayoutError(
                field: group.path + ".count",
                message: "\(n) items with their spacing do not fit in the group (\(available) left)")
        }
        let slotAlong = available / Double(n)
        let container =
            horizontal
            ? Size(width: available, height: inner.height)
            : Size(width: inner.width, height: available)
        let resolved = element.size.resolved(in: container)
        let cross = horizontal ? resolved.height : resolved.width
        let path = group.path + ".subitems[0]"
        try checkSize(cross, path: path + ".size." + (horizontal ? "height" : "width"))
        let slot = grid.snap(horizontal ? Size(width: slotAlong, height: cross) : Size(width: cross, height: slotAlong))
        let child = try child(element, slot: slot, grid: grid, leafLimit: leafLimit)
        let leaves = leafCount(of: child)
        // Refused before anything the size of n is made.
        let (total, overflow) = n.multipliedReportingOverflow(by: leaves)
        guard !overflow, total <= maxLeaves else {
            let held = overflow ? "more than \(Int.max)" : "\(total)"
            throw LayoutError(field: group.path, message: "holds \(held) items in one instance, more than \(maxLeaves)")
        }
        let planned = min(n, leafLimit / leaves + (leafLimit % leaves == 0 ? 0 : 1))
        var tail = Tail()
        if planned < n {
            tail = Tail(
                count: n - planned, phase: 0, pattern: [ChildInfo(child, horizontal: horizontal)],
                sizes: [unmeasuredSize(child, grid: grid)], leafCount: (n - planned) * leaves)
        }
        return GroupPlan(group: group, children: Array(repeating: child, count: planned), tail: tail)
    }

    /// C3: walk the subitems cyclically, placing each while it fits (D2: exact sizes, the
    /// trailing edge spacing counted, 1e-6 tolerance); fractional sizes are not reduced by
    /// the spacing. Children are planned until they hold `leafLimit` items; the walk goes on
    /// to count the tail without planning it child by child.
    private static func repeatingPlan(
        _ group: CompositionalLayout.Group, inner: Size, horizontal: Bool,
        grid: PixelGrid, leafLimit: Int
    ) throws(LayoutError) -> GroupPlan {
        guard !group.subitems.isEmpty else {
            throw LayoutError(field: group.path + ".subitems", message: "a group needs at least one subitem")
        }
        let extent = horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing?.minimum ?? 0
        let m = group.subitems.count
        var children: [Child] = []
        var tail = Tail(pattern: Array(repeating: nil, count: m), sizes: Array(repeating: .zero, count: m))
        // A subitem's child is the same wherever it recurs (same slot, same plan): planned
        // once per subitem, except a nested group cut short by the limit.
        var whole: [Child?] = Array(repeating: nil, count: m)
        var cursor = 0.0, i = 0, leaves = 0, planned = 0
        while true {
            let index = i % m
            let element = group.subitems[index]
            let path = "\(group.path).subitems[\(index)]"
            let size = element.size.resolved(in: inner)
            try checkSize(size.width, path: path + ".size.width")
            try checkSize(size.height, path: path + ".size.height")
            let edges = element.edgeSpacing.edges(horizontal: horizontal)
            let lead = edges.lead?.minimum ?? 0, trail = edges.trail?.minimum ?? 0
            let along = horizontal ? size.width : size.height
            guard cursor + lead + along + trail <= extent + fitTolerance else { break }
            if planned < leafLimit {
                let child: Child
                if let known = whole[index] {
                    child = known
                } else {
                    child = try self.child(element, slot: grid.snap(size), grid: grid, leafLimit: leafLimit - planned)
                    if isWhole(child) { whole[index] = child }
                }
                children.append(child)
                planned += leafCount(of: child)
                leaves += leafCount(of: child)
            } else {
                if tail.count == 0 { tail.phase = index }
                if tail.pattern[index] == nil {
                    let child: Child
                    if let known = whole[index] {
                        child = known
                    } else {
                        child = try self.child(element, slot: grid.snap(size), grid: grid, leafLimit: 0)
                    }
                    tail.pattern[index] = ChildInfo(child, horizontal: horizontal)
                    tail.sizes[index] = unmeasuredSize(child, grid: grid)
                }
                let count = tail.pattern[index]!.leafCount
                tail.count += 1
                tail.leafCount += count
                leaves += count
            }
            cursor += lead + along + trail + spacing
            i += 1
            // An item with no extent (and no spacing) would repeat forever.
            if i == m && cursor <= 0 {
                throw LayoutError(
                    field: group.path + ".subitems",
                    message: "the subitems take no space along the group's axis, so they would repeat forever")
            }
            if leaves > maxLeaves {
                throw LayoutError(field: group.path, message: "would hold more than \(maxLeaves) items in one instance")
            }
        }
        guard i > 0 else {
            throw LayoutError(
                field: group.path,
                message:
                    "holds no item: its first subitem (\(horizontal ? "width" : "height") with edge spacing) is larger than the group (\(extent))")
        }
        return GroupPlan(group: group, children: children, tail: tail.count > 0 ? tail : Tail())
    }

    private static func child(
        _ element: CompositionalLayout.Element, slot: Size, grid: PixelGrid,
        leafLimit: Int
    ) throws(LayoutError) -> Child {
        switch element {
        case .item(let item): return .item(item, slot: slot)
        case .group(let nested): return .group(try make(nested, slot: slot, grid: grid, leafLimit: leafLimit), slot: slot)
        }
    }

    private static func leafCount(of child: Child) -> Int {
        if case .group(let plan, _) = child { return plan.leafCount }
        return 1
    }

    /// Whether every item of the child is planned (an item always is).
    private static func isWhole(_ child: Child) -> Bool {
        if case .group(let plan, _) = child { return plan.explicitLeafCount == plan.leafCount }
        return true
    }

    /// The size a child takes when none of its items is measured: what `GroupPlacement`
    /// measures it at (C15 grows only estimated groups, from their children).
    private static func unmeasuredSize(_ child: Child, grid: PixelGrid) -> Size {
        switch child {
        case .item(_, let slot): return slot
        case .frame(let f): return f.size
        case .group(let plan, let slot):
            guard plan.group.size.isEstimated, !plan.flat.isCustom else { return slot }
            return GroupPlacement.unmeasuredSize(of: plan, slot: slot, grid: grid)
        }
    }

    static func checkSize(_ v: Double, path: String) throws(LayoutError) {
        guard v.isFinite, v >= 0 else {
            throw LayoutError(
                field: path, message: "resolves to \(v); a size must be finite and not negative (are the insets larger than the container?)")
        }
    }
}
