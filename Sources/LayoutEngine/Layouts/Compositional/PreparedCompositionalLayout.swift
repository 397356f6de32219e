/// A prepared compositional layout: sections laid out section-locally, stacked along the
/// scroll axis (C6, D7), with layout-level boundary items around them.
public struct PreparedCompositionalLayout: PreparedLayout {
    let layout: CompositionalLayout
    let frame: CompositionalFrame
    let sections: [CompositionalSection]
    /// Where each section starts along the scroll axis.
    let starts: [Double]
    /// Each section's element band along, in content coordinates, and the search over them.
    let bandLo: [Double]
    let bandHi: [Double]
    let search: IntervalEnvelope
    /// Layout-level boundary items (D7), placed around all sections.
    let layoutBoundaries: [PlacedBoundary]
    let layoutStartExtent: Double
    let layoutEndExtent: Double
    let totalLength: Double
    public let contentSize: Size

    var axes: CompositionalAxes { frame.axes }
    var grid: PixelGrid { frame.grid }

    init(
        layout: CompositionalLayout, frame: CompositionalFrame, sections: [CompositionalSection],
        layoutExtents extents: (start: Double, end: Double, sizes: [Size])
    ) {
        self.layout = layout
        self.frame = frame
        self.sections = sections
        let axes = frame.axes, config = layout.configuration
        let W = frame.bounds.width, H = frame.bounds.height
        let laidOut = W > 0 && H > 0
        // D7: layout-level items sit directly before the first and after the last section.
        let items = laidOut ? config.boundarySupplementaryItems : []
        var starts: [Double] = []
        starts.reserveCapacity(sections.count)
        var cursor = extents.start
        for (s, section) in sections.enumerated() {
            if s > 0 { cursor += config.interSectionSpacing } // C6: also after an empty section
            starts.append(cursor)
            cursor += section.length
        }
        let total = cursor + extents.end
        self.starts = starts
        bandLo = sections.indices.map { starts[$0] + sections[$0].bandLo }
        bandHi = sections.indices.map { starts[$0] + sections[$0].bandHi }
        let (lo, hi) = (bandLo, bandHi)
        search = IntervalEnvelope(count: sections.count, start: { lo[$0] }, end: { hi[$0] })
        layoutStartExtent = extents.start
        layoutEndExtent = extents.end
        layoutBoundaries = PlacedBoundary.place(
            items, sizes: extents.sizes, axes: axes, crossLo: 0,
            crossLength: axes.vertical ? W : H,
            contentStart: extents.start, length: total)
        totalLength = total
        contentSize = laidOut ? axes.size(along: max(0, total), cross: axes.vertical ? W : H) : .zero
    }

    // MARK: Geometry of single elements

    /// C13: a section's own scroll offset, view state.
    @inline(__always)
    func orthogonalOffset(_ s: Int, _ view: ViewContext) -> Double {
        sections[s].isOrthogonal ? view.orthogonalOffsets[s] ?? 0 : 0
    }

    /// A section-local rect in content coordinates, as drawn (C13: shifted by the section's
    /// orthogonal offset when `scrolls`).
    @inline(__always)
    func global(_ r: Rect, section s: Int, offset: Double) -> Rect {
        let g = axes.shifted(r, along: starts[s])
        return offset == 0 ? g : axes.shifted(g, cross: -offset)
    }

    @inline(__always)
    func cell(_ s: Int, _ i: Int, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(
            category: .cell, indexPath: IndexPath(section: s, item: i), frame: frame,
            zIndex: sections[s].cellZIndex) // C12
    }

    func boundaryAttributes(_ b: PlacedBoundary, section s: Int?, view: ViewContext) -> LayoutAttributes {
        let frame: Rect
        if let s {
            let section = sections[s]
            frame = b.frame(
                offset: starts[s], lo: starts[s], hi: starts[s] + section.length,
                startExtent: section.startExtent, endExtent: section.endExtent,
                visible: view.visibleRect, axes: axes, grid: grid)
        } else {
            frame = b.frame(
                offset: 0, lo: 0, hi: totalLength, startExtent: layoutStartExtent,
                endExtent: layoutEndExtent, visible: view.visibleRect, axes: axes, grid: grid)
        }
        // C10: index path (section, 0); layout-level ones (0, 0).
        return LayoutAttributes(
            category: .supplementary, kind: b.item.kind,
            indexPath: IndexPath(section: s ?? 0, item: 0), frame: frame, zIndex: b.item.zIndex)
    }

    /// C11: an item badge's attributes, from the item's frame as drawn.
    @inline(__always)
    func itemSupplementary(_ a: CompositionalLayout.AnchoredItem, section s: Int, item i: Int, itemFrame: Rect) -> LayoutAttributes {
        LayoutAttributes(
            category: .supplementary, kind: a.kind, indexPath: IndexPath(section: s, item: i),
            frame: anchoredFrame(a, to: itemFrame, grid: grid), zIndex: a.zIndex)
    }

    /// C11: a group accessory's index path is (section, group instance); a nested group
    /// with accessories numbers its instances j · sites + site, which is j when only the
    /// top-level group has them.
    @inline(__always)
    func groupSupplementary(
        _ a: CompositionalLayout.AnchoredItem, section s: Int, instance j: Int, site: Int,
        siteRect: Rect
    ) -> LayoutAttributes {
        let sites = sections[s].instances.sites.count
        return LayoutAttributes(
            category: .supplementary, kind: a.kind,
            indexPath: IndexPath(section: s, item: j * sites + site),
            frame: anchoredFrame(a, to: siteRect, grid: grid), zIndex: a.zIndex)
    }

    func decoration(_ s: Int, _ d: Int) -> LayoutAttributes {
        let item = sections[s].spec.decorationItems[d]
        return LayoutAttributes(
            category: .decoration, kind: item.kind, indexPath: IndexPath(section: s, item: 0),
            frame: global(sections[s].decorations[d], section: s, offset: 0), zIndex: item.zIndex)
    }

    /// The item's frame as drawn.
    @inline(__always)
    func itemFrame(_ s: Int, _ i: Int, view: ViewContext) -> Rect {
        global(sections[s].instances.itemFrame(i), section: s, offset: orthogonalOffset(s, view))
    }

    /// A group site's rect as drawn.
    @inline(__always)
    func siteRect(_ s: Int, instance j: Int, site: Int, offset: Double) -> Rect {
        let inst = sections[s].instances, o = inst.origin(j)
        return global(inst.site(j, site).offsetBy(dx: o.x, dy: o.y), section: s, offset: offset)
    }

    // MARK: Single-element queries

    /// - Complexity: O(1) (plus O(1) lookups into a materialised section).
    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        let s = indexPath.section, i = indexPath.item
        guard sections.indices.contains(s), i >= 0, i < sections[s].itemCount else { return nil }
        return cell(s, i, frame: itemFrame(s, i, view: view))
    }

    public func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        let s = indexPath.section, i = indexPath.item
        if s == 0, i == 0, let b = layoutBoundaries.first(where: { $0.item.kind == kind }) {
            return boundaryAttributes(b, section: nil, view: view)
        }
        guard sections.indices.contains(s), i >= 0 else { return nil }
        let section = sections[s], inst = section.instances
        if i == 0, let b = section.boundaries.first(where: { $0.item.kind == kind }) {
            return boundaryAttributes(b, section: s, view: view)
        }
        if i < section.itemCount, inst.capacity > 0,
            let a = inst.structure.leafItems[i % inst.capacity]?.supplementaryItems.first(where: { $0.kind == kind })
        {
            return itemSupplementary(a, section: s, item: i, itemFrame: itemFrame(s, i, view: view))
        }
        let sites = inst.sites.count
        guard sites > 0 else { return nil }
        let j = i / sites, site = i % sites
        guard j < inst.count, inst.structure.siteFirstLeaf[site] < inst.items(in: j),
            let a = inst.structure.siteGroups[site].supplementaryItems.first(where: { $0.kind == kind })
        else { return nil }
        return groupSupplementary(
            a, section: s, instance: j, site: site,
            siteRect: siteRect(s, instance: j, site: site, offset: orthogonalOffset(s, view)))
    }

    public func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        let s = indexPath.section
        if sections.indices.contains(s), let parts = sections[s].spec.listParts, let separators = parts.separators {
            let top = kind == CompositionalLayout.Section.listSeparatorTopKind
            if top || kind == CompositionalLayout.Section.listSeparatorBottomKind {
                let i = indexPath.item
                guard separators.shows(top: top, item: i, count: sections[s].itemCount, firstRow: parts.firstRow) else { return nil }
                return separator(separators, top: top, section: s, item: i, cell: itemFrame(s, i, view: view), firstRow: parts.firstRow)
            }
        }
        guard sections.indices.contains(s), indexPath.item == 0,
            let d = sections[s].spec.decorationItems.firstIndex(where: { $0.kind == kind }),
            d < sections[s].decorations.count
        else { return nil }
        return decoration(s, d)
    }
}
