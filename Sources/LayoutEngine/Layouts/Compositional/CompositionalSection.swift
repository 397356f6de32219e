/// One laid-out section, section-local: it starts at 0 along the scroll axis, so an update
/// that keeps a section keeps this as it is wherever the section moves (C1, C8–C13).
struct CompositionalSection: Sendable {
    let spec: CompositionalLayout.Section
    let itemCount: Int
    /// C9: the section's along extent.
    let length: Double
    /// The extents of the extending boundary items at the start and end (D4 needs them).
    let startExtent, endExtent: Double
    let instances: GroupInstances
    /// The solved group its instances repeat, shared with the sections defined alike.
    let template: GroupTemplate
    let boundaries: [PlacedBoundary]
    /// C12: section-local decoration frames, in declared order (none when length is 0, D6).
    let decorations: [Rect]
    /// C12: cells draw at zIndex 1 in a section with a decoration.
    let cellZIndex: Int
    /// The along band every element of the section stays within, pinning included.
    let bandLo, bandHi: Double
    /// C13: the orthogonal content's extent across (0 for other sections).
    let orthogonalLength: Double
    /// C13: the leading position of instance 0 across, and the stride between instances.
    let orthogonalStart: Double

    var isOrthogonal: Bool { spec.orthogonalScrollingBehavior != .none }
}

/// What a section is laid out in: the view's size and scale, the scroll axis.
struct CompositionalFrame: Hashable, Sendable {
    let bounds: Size
    let grid: PixelGrid
    let axes: CompositionalAxes
    /// Tests and benchmarks: materialise every section (the arithmetic path's oracle).
    let forceMaterialised: Bool
    /// What list sections read of the view (margins, safe area, direction; §6).
    let list: ListEnvironment
}

extension CompositionalSection {
    /// Lays out section `data` with `spec` in `frame`, its group's template taken from (or
    /// added to) `templates`.
    /// - Complexity: O(min(k, n)) for a group not planned yet plus O(1) without estimated
    ///   dimensions; O(n) with them.
    static func make(
        _ spec: CompositionalLayout.Section, data: SectionData, sectionIndex: Int,
        frame: CompositionalFrame, templates: inout GroupTemplates
    ) throws(LayoutError) -> CompositionalSection {
        let axes = frame.axes, grid = frame.grid, W = frame.bounds.width, H = frame.bounds.height
        let insets = spec.contentInsets
        let orthogonal = spec.orthogonalScrollingBehavior != .none
        let n = data.itemCount
        // C1: the section's container; an orthogonal section's group resolves its cross
        // dimension against the full bounds.
        var container = Size(width: W - insets.horizontal, height: H - insets.vertical)
        if orthogonal {
            if axes.vertical { container.width = W } else { container.height = H }
        }
        let group = spec.group
        let resolved = group.size.resolved(in: container)
        try GroupPlan.checkSize(resolved.width, path: group.path + ".size.width")
        try GroupPlan.checkSize(resolved.height, path: group.path + ".size.height")
        let slot = grid.snap(resolved) // D1: the top-level group is snapped like a slot
        let template = try templates.template(group, slot: slot, grid: grid, items: n)
        let plan = template.plan, groupSize = template.groupSize, structure = template.structure

        // C10: boundary items around the section; they follow the insets across unless told not.
        let follow = spec.supplementariesFollowContentInsets
        let boundaryContainer =
            axes.vertical
            ? Size(width: follow ? W - insets.horizontal : W, height: container.height)
            : Size(width: container.width, height: follow ? H - insets.vertical : H)
        let (startExtent, endExtent, boundarySizes) = try PlacedBoundary.extents(
            spec.boundarySupplementaryItems, container: boundaryContainer, axes: axes, grid: grid,
            path: spec.path + ".boundarySupplementaryItems")

        // C8, C13: where instances start and how far apart they are.
        let alongInsets = axes.alongInsets(insets), crossInsets = axes.crossInsets(insets)
        let edges = group.edgeSpacing
        let alongEdges = edges.edges(horizontal: !axes.vertical)
        let crossEdges = edges.edges(horizontal: axes.vertical)
        let contentStart = startExtent + (n > 0 ? alongInsets.lead : 0)
        let alongLead = alongEdges.lead?.minimum ?? 0, alongTrail = alongEdges.trail?.minimum ?? 0
        let crossLead = crossEdges.lead?.minimum ?? 0, crossTrail = crossEdges.trail?.minimum ?? 0
        let fullCross = axes.vertical ? W : H
        let base: Point, stride: Double, orthogonalStart: Double
        if orthogonal {
            // C13: instances run across; groupPagingCentered rests each group centred.
            let leading =
                spec.orthogonalScrollingBehavior == .groupPagingCentered
                ? (fullCross - axes.cross(groupSize)) / 2 : crossInsets.lead
            orthogonalStart = leading
            base = axes.point(along: contentStart + alongLead, cross: leading + crossLead)
            stride = crossLead + axes.cross(groupSize) + crossTrail + spec.interGroupSpacing
        } else {
            // C5 for the group in its section: leading, unless flexible edges centre it.
            let crossRoom = fullCross - crossInsets.lead - crossInsets.trail
            let left = crossRoom - crossLead - axes.cross(groupSize) - crossTrail
            let flexible = (crossEdges.lead?.isFlexible == true ? 1 : 0) + (crossEdges.trail?.isFlexible == true ? 1 : 0)
            let share = flexible > 0 && left > 0 ? left / Double(flexible) : 0
            let cross = crossInsets.lead + crossLead + (crossEdges.lead?.isFlexible == true ? share : 0)
            orthogonalStart = 0
            base = axes.point(along: contentStart + alongLead, cross: cross)
            stride = alongLead + axes.along(groupSize) + alongTrail + spec.interGroupSpacing
        }
        let k = plan.leafCount
        let count = n == 0 ? 0 : (n + k - 1) / k // C8: ⌈N / k⌉
        let alongScroll = !orthogonal
        let instanceAxisIsX = alongScroll != axes.vertical
        let box = template.box
        let otherBase = instanceAxisIsX ? base.y : base.x
        var instances = GroupInstances(
            leaves: template.leaves, sites: template.sites, structure: structure, groupSize: groupSize,
            capacity: k, itemCount: n, count: count, base: base, stride: stride, alongScroll: alongScroll,
            axes: axes, relLo: instanceAxisIsX ? box.minX : box.minY, relHi: instanceAxisIsX ? box.maxX : box.maxY,
            otherLo: otherBase + (instanceAxisIsX ? box.minY : box.minX),
            otherHi: otherBase + (instanceAxisIsX ? box.maxY : box.maxX),
            slot: slot, materialised: nil)
        if group.hasEstimatedDimension || frame.forceMaterialised, count > 0 {
            instances = instances.materialised(plan: plan, data: data, grid: grid)
        }

        // C9: the section's extent; an empty one has no group extent and no insets.
        let length: Double
        var orthogonalLength = 0.0
        if n == 0 {
            length = startExtent + endExtent
        } else if orthogonal {
            let crossRun = instances.runEnd + crossTrail
            orthogonalLength =
                crossRun
                + (spec.orthogonalScrollingBehavior == .groupPagingCentered
                    ? orthogonalStart : crossInsets.trail)
            length = contentStart + alongLead + instances.crossExtent + alongTrail + alongInsets.trail + endExtent
        } else {
            length = instances.runEnd + alongTrail + alongInsets.trail + endExtent
        }
        let boundaries = PlacedBoundary.place(
            spec.boundarySupplementaryItems, sizes: boundarySizes, axes: axes,
            crossLo: follow ? crossInsets.lead : 0,
            crossLength: follow ? fullCross - crossInsets.lead - crossInsets.trail : fullCross,
            contentStart: contentStart, length: length)

        // C12, D6: decorations cover the whole section across the full width; a list's
        // background its rows (L-B1: none without rows).
        var decorations: [Rect] = []
        let firstRow = spec.listParts?.firstRow ?? 0
        if length > 0 {
            for d in spec.decorationItems {
                if d.coversRows {
                    guard n > firstRow else { continue }
                    decorations.append(instances.itemFrame(firstRow).union(instances.itemFrame(n - 1)).inset(by: d.contentInsets))
                    continue
                }
                let whole = Rect(origin: .zero, size: axes.size(along: length, cross: fullCross))
                decorations.append(whole.inset(by: d.contentInsets))
            }
        }

        // The along band: the section, every boundary slot (a pinned one may travel its own
        // length beyond), decorations and the instances' elements.
        var lo = 0.0, hi = length
        for b in boundaries {
            let len = b.item.pinToVisibleBounds ? axes.along(b.slot.size) : 0
            lo = min(lo, axes.alongMin(b.slot) - len)
            hi = max(hi, axes.alongMax(b.slot) + len)
        }
        for d in decorations {
            lo = min(lo, axes.alongMin(d))
            hi = max(hi, axes.alongMax(d))
        }
        if count > 0 {
            if alongScroll {
                let first = instances.band(0), last = instances.band(count - 1)
                lo = min(lo, first.lo)
                hi = max(hi, last.hi)
                if let m = instances.materialised {
                    lo = min(lo, m.bandLo.min() ?? lo)
                    hi = max(hi, m.bandHi.max() ?? hi)
                }
            } else {
                lo = min(lo, instances.otherLo)
                hi = max(hi, instances.otherHi)
            }
        }
        return CompositionalSection(
            spec: spec, itemCount: n, length: length, startExtent: startExtent, endExtent: endExtent,
            instances: instances, template: template, boundaries: boundaries, decorations: decorations,
            cellZIndex: spec.listParts != nil ? ListParts.cellZIndex : spec.decorationItems.isEmpty ? 0 : 1, bandLo: lo, bandHi: hi,
            orthogonalLength: orthogonalLength, orthogonalStart: orthogonalStart)
    }

    /// The box holding an instance's elements (relative to its origin), unrounded.
    static func elementBox(leaves: [Rect], sites: [Rect], structure: GroupStructure, groupSize: Size) -> Rect {
        var box = Rect(origin: .zero, size: groupSize)
        let exact = PixelGrid(scale: 0)
        for (slot, leaf) in leaves.enumerated() {
            box = box.union(leaf)
            if let item = structure.leafItems[slot] {
                for a in item.supplementaryItems { box = box.union(anchoredFrame(a, to: leaf, grid: exact)) }
            }
        }
        for (s, site) in sites.enumerated() {
            for a in structure.siteGroups[s].supplementaryItems { box = box.union(anchoredFrame(a, to: site, grid: exact)) }
        }
        return box
    }
}

/// C11: origin = container.min + (container.size − size) · anchor + offset, the offset
/// fractional of the supplementary's own size or absolute; the origin rounds to the pixel
/// grid (C14), the size does not (D1). Fractional sizes resolve against the container.
@inline(__always)
func anchoredFrame(_ a: CompositionalLayout.AnchoredItem, to container: Rect, grid: PixelGrid) -> Rect {
    let size = a.size.resolved(in: container.size)
    let unit = a.anchor.unit
    let dx = a.anchor.offsetIsFractional ? a.anchor.offset.x * size.width : a.anchor.offset.x
    let dy = a.anchor.offsetIsFractional ? a.anchor.offset.y * size.height : a.anchor.offset.y
    let x = container.minX + (container.width - size.width) * unit.x + dx
    let y = container.minY + (container.height - size.height) * unit.y + dy
    return Rect(origin: grid.snap(Point(x: x, y: y)), size: size)
}
