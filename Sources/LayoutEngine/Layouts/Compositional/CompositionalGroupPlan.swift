/// Phase 1 of laying out a group: which subitems it holds and the size of each slot,
/// resolved once per section (C1, C3, C4, C7, C14). Phase 2 (`GroupPlacement`) turns a
/// plan into frames, once for the template instance and again for instances whose
/// estimated items were measured (C15).
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
    let children: [Child]
    /// Items held by one instance, nested groups included (C3's k).
    let leafCount: Int
    /// Groups in this tree (this one included) that carry anchored supplementaries, pre-order.
    let siteCount: Int
    /// The same plan as plain values, read by placement: instances re-placed with measured
    /// sizes (C15) then touch no reference-counted spec per child.
    let flat: FlatGroup
    let info: [ChildInfo]
    let nested: [GroupPlan]

    init(group: CompositionalLayout.Group, children: [Child]) {
        self.group = group
        self.children = children
        var leaves = 0, sites = group.supplementaryItems.isEmpty ? 0 : 1
        var info: [ChildInfo] = [], nested: [GroupPlan] = []
        let horizontal = group.axis == .horizontal
        for child in children {
            var c = ChildInfo()
            let edges: CompositionalLayout.EdgeSpacing
            switch child {
            case .item(let item, let slot):
                leaves += 1
                c.slot = slot
                c.widthEstimated = item.size.width.isEstimated
                c.heightEstimated = item.size.height.isEstimated
                c.insets = item.contentInsets
                edges = item.edgeSpacing
            case .frame(let f):
                leaves += 1
                c.kind = .frame
                c.slot = f.size
                c.frameOrigin = f.origin
                edges = .none
            case .group(let plan, let slot):
                leaves += plan.leafCount
                sites += plan.siteCount
                c.kind = .group
                c.slot = slot
                c.nested = nested.count
                c.leafCount = plan.leafCount
                c.groupEstimated = plan.group.size.isEstimated
                nested.append(plan)
                edges = plan.group.edgeSpacing
            }
            let along = edges.edges(horizontal: horizontal), cross = edges.edges(horizontal: !horizontal)
            c.lead = along.lead?.minimum ?? 0
            c.leadFlexible = along.lead?.isFlexible ?? false
            c.trail = along.trail?.minimum ?? 0
            c.trailFlexible = along.trail?.isFlexible ?? false
            c.crossLead = cross.lead?.minimum ?? 0
            c.crossLeadFlexible = cross.lead?.isFlexible ?? false
            c.crossTrail = cross.trail?.minimum ?? 0
            c.crossTrailFlexible = cross.trail?.isFlexible ?? false
            info.append(c)
        }
        leafCount = leaves
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

    /// Most items one group instance may hold: a tiny item in a huge group is refused
    /// rather than laid out as millions of slots.
    static let maxLeaves = 100_000

    /// C3 D2: sizes are compared exactly, with this tolerance.
    static let fitTolerance = 1e-6

    /// Plans `group` in a slot of `slot` (already snapped by the caller).
    /// - Throws: a group that holds no item, a count larger than its group allows, an item
    ///   that resolves to a negative size or repeats forever; each naming its JSON path.
    static func make(_ group: CompositionalLayout.Group, slot: Size, grid: PixelGrid) throws(LayoutError) -> GroupPlan {
        // C1, C7: the subitems' container is the group minus its content insets.
        let inner = Size(width: slot.width - group.contentInsets.horizontal,
                         height: slot.height - group.contentInsets.vertical)
        let children: [Child]
        switch group.axis {
        case .custom(let frames):
            guard !frames.isEmpty else {
                throw LayoutError(field: group.path + ".frames", message: "a custom group needs at least one frame")
            }
            // The frames are the group's items; C14 puts them on the pixel grid.
            children = frames.map { .frame(Rect(origin: grid.snap($0.origin), size: grid.snap($0.size))) }
        case .horizontal, .vertical:
            let horizontal = group.axis == .horizontal
            if let n = group.count {
                children = try countChildren(group, n: n, inner: inner, horizontal: horizontal, grid: grid)
            } else {
                children = try repeatingChildren(group, inner: inner, horizontal: horizontal, grid: grid)
            }
        }
        let plan = GroupPlan(group: group, children: children)
        guard plan.leafCount <= maxLeaves else {
            throw LayoutError(field: group.path, message: "holds \(plan.leafCount) items in one instance, more than \(maxLeaves)")
        }
        return plan
    }

    /// C4: exactly n slots of (Wc − (n − 1)·spacing)/n along the axis, whatever the item's own
    /// dimension on that axis says; a fractional cross dimension resolves against a container
    /// of width Wc − (n − 1)·spacing.
    private static func countChildren(_ group: CompositionalLayout.Group, n: Int, inner: Size, horizontal: Bool,
                                      grid: PixelGrid) throws(LayoutError) -> [Child] {
        guard let element = group.subitems.first, group.subitems.count == 1 else {
            throw LayoutError(field: group.path + ".subitems", message: "a group with count takes exactly one subitem")
        }
        let spacing = group.interItemSpacing?.minimum ?? 0
        let available = (horizontal ? inner.width : inner.height) - Double(n - 1) * spacing
        guard available >= 0 else {
            throw LayoutError(field: group.path + ".count",
                              message: "\(n) items with their spacing do not fit in the group (\(available) left)")
        }
        let slotAlong = available / Double(n)
        let container = horizontal ? Size(width: available, height: inner.height)
                                   : Size(width: inner.width, height: available)
        let resolved = element.size.resolved(in: container)
        let cross = horizontal ? resolved.height : resolved.width
        let path = group.path + ".subitems[0]"
        try checkSize(cross, path: path + ".size." + (horizontal ? "height" : "width"))
        let slot = grid.snap(horizontal ? Size(width: slotAlong, height: cross) : Size(width: cross, height: slotAlong))
        let child = try child(element, slot: slot, grid: grid)
        return Array(repeating: child, count: n)
    }

    /// C3: walk the subitems cyclically, placing each while it fits (D2: exact sizes, the
    /// trailing edge spacing counted, 1e-6 tolerance); fractional sizes are not reduced by
    /// the spacing.
    private static func repeatingChildren(_ group: CompositionalLayout.Group, inner: Size, horizontal: Bool,
                                          grid: PixelGrid) throws(LayoutError) -> [Child] {
        guard !group.subitems.isEmpty else {
            throw LayoutError(field: group.path + ".subitems", message: "a group needs at least one subitem")
        }
        let extent = horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing?.minimum ?? 0
        var children: [Child] = []
        var cursor = 0.0, i = 0, leaves = 0
        let m = group.subitems.count
        while true {
            let element = group.subitems[i % m]
            let path = "\(group.path).subitems[\(i % m)]"
            let size = element.size.resolved(in: inner)
            try checkSize(size.width, path: path + ".size.width")
            try checkSize(size.height, path: path + ".size.height")
            let edges = element.edgeSpacing.edges(horizontal: horizontal)
            let lead = edges.lead?.minimum ?? 0, trail = edges.trail?.minimum ?? 0
            let along = horizontal ? size.width : size.height
            guard cursor + lead + along + trail <= extent + fitTolerance else { break }
            let child = try child(element, slot: grid.snap(size), grid: grid)
            children.append(child)
            if case .group(let plan, _) = child { leaves += plan.leafCount } else { leaves += 1 }
            cursor += lead + along + trail + spacing
            i += 1
            // An item with no extent (and no spacing) would repeat forever.
            if i == m && cursor <= 0 {
                throw LayoutError(field: group.path + ".subitems",
                                  message: "the subitems take no space along the group's axis, so they would repeat forever")
            }
            if leaves > maxLeaves {
                throw LayoutError(field: group.path, message: "would hold more than \(maxLeaves) items in one instance")
            }
        }
        guard !children.isEmpty else {
            throw LayoutError(field: group.path,
                              message: "holds no item: its first subitem (\(horizontal ? "width" : "height") with edge spacing) is larger than the group (\(extent))")
        }
        return children
    }

    private static func child(_ element: CompositionalLayout.Element, slot: Size, grid: PixelGrid) throws(LayoutError) -> Child {
        switch element {
        case .item(let item): return .item(item, slot: slot)
        case .group(let nested): return .group(try make(nested, slot: slot, grid: grid), slot: slot)
        }
    }

    static func checkSize(_ v: Double, path: String) throws(LayoutError) {
        guard v.isFinite, v >= 0 else {
            throw LayoutError(field: path, message: "resolves to \(v); a size must be finite and not negative (are the insets larger than the container?)")
        }
    }
}
