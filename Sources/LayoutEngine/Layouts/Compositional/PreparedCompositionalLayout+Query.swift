extension PreparedCompositionalLayout {
    /// Every element whose frame as drawn meets `rect` as closed rectangles. Order: cells
    /// (section, then item); supplementary views: layout-level boundary items, then per
    /// section its boundary items, item badges (item order) and group accessories (instance
    /// order); decorations (section order). All elements when `rect` is nil.
    ///
    /// - Complexity: O(log s + log n + k): a search over section bands, then over each met
    ///   section's instances (arithmetic or materialised), testing the slots of the
    ///   instances met.
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        let r = rect ?? .zero
        let everything = rect == nil
        @inline(__always) func meets(_ f: Rect) -> Bool { everything || f.intersects(r) }
        guard
            everything
                || (r.width >= 0 && r.height >= 0 && r.minX.isFinite && r.minY.isFinite
                    && r.maxX.isFinite && r.maxY.isFinite)
        else { return }
        let candidates: Range<Int>
        if rect == nil {
            candidates = sections.indices
        } else {
            let along = widened(axes.alongMin(r), axes.alongMax(r))
            candidates = search.candidates(
                count: sections.count, lo: along.lowerBound, hi: along.upperBound,
                start: { bandLo[$0] }, end: { bandHi[$0] })
        }
        for s in candidates {
            // Taken out once a section: a copy of the instances (and their arrays' retains and
            // releases) per instance cost more than placing its cells.
            let cellZIndex = sections[s].cellZIndex, inst = sections[s].instances
            try forEachInstance(s, meeting: r, all: rect == nil, view: view) { (j, origin, offset) throws(ElementLimitExceeded) in
                for slot in 0..<inst.items(in: j) {
                    let f = global(inst.leaf(j, slot).offsetBy(dx: origin.x, dy: origin.y), section: s, offset: offset)
                    if meets(f) { try out.appendCell(IndexPath(section: s, item: j * inst.capacity + slot), f, zIndex: cellZIndex) } // C12
                }
            }
        }
        for b in layoutBoundaries {
            let a = boundaryAttributes(b, section: nil, view: view)
            if meets(a.frame) { try out.append(a) }
        }
        for s in candidates {
            for b in sections[s].boundaries {
                let a = boundaryAttributes(b, section: s, view: view)
                if meets(a.frame) { try out.append(a) }
            }
            let inst = sections[s].instances, structure = inst.structure
            if structure.hasItemSupplementaries {
                try forEachInstance(s, meeting: r, all: rect == nil, view: view) { (j, origin, offset) throws(ElementLimitExceeded) in
                    for slot in 0..<inst.items(in: j) {
                        guard let item = structure.leafItems[slot], !item.supplementaryItems.isEmpty else { continue }
                        let f = global(inst.leaf(j, slot).offsetBy(dx: origin.x, dy: origin.y), section: s, offset: offset)
                        for a in item.supplementaryItems {
                            let attributes = itemSupplementary(a, section: s, item: j * inst.capacity + slot, itemFrame: f)
                            if meets(attributes.frame) { try out.append(attributes) }
                        }
                    }
                }
            }
            if !inst.sites.isEmpty {
                try forEachInstance(s, meeting: r, all: rect == nil, view: view) { (j, origin, offset) throws(ElementLimitExceeded) in
                    let held = inst.items(in: j)
                    for site in 0..<inst.sites.count where structure.siteFirstLeaf[site] < held {
                        let rect = global(inst.site(j, site).offsetBy(dx: origin.x, dy: origin.y), section: s, offset: offset)
                        for a in structure.siteGroups[site].supplementaryItems {
                            let attributes = groupSupplementary(a, section: s, instance: j, site: site, siteRect: rect)
                            if meets(attributes.frame) { try out.append(attributes) }
                        }
                    }
                }
            }
        }
        for s in candidates {
            for d in sections[s].decorations.indices {
                let a = decoration(s, d)
                if meets(a.frame) { try out.append(a) }
            }
            // L-S2: a list's separators, row by row, top before bottom.
            guard let parts = sections[s].spec.listParts, let separators = parts.separators else { continue }
            let inst = sections[s].instances, n = sections[s].itemCount
            try forEachInstance(s, meeting: r, all: rect == nil, view: view) { (j, origin, offset) throws(ElementLimitExceeded) in
                for slot in 0..<inst.items(in: j) {
                    let i = j * inst.capacity + slot
                    let f = global(inst.leaf(j, slot).offsetBy(dx: origin.x, dy: origin.y), section: s, offset: offset)
                    if separators.shows(top: true, item: i, count: n, firstRow: parts.firstRow) {
                        let a = separator(separators, top: true, section: s, item: i, cell: f, firstRow: parts.firstRow)
                        if meets(a.frame) { try out.append(a) }
                    }
                    if separators.shows(top: false, item: i, count: n, firstRow: parts.firstRow) {
                        let a = separator(separators, top: false, section: s, item: i, cell: f, firstRow: parts.firstRow)
                        if meets(a.frame) { try out.append(a) }
                    }
                }
            }
        }
    }

    /// L-S3: row `i`'s top or bottom separator, for the row drawn at `cell`.
    @inline(__always)
    func separator(_ separators: ListSeparators, top: Bool, section s: Int, item i: Int, cell: Rect, firstRow: Int) -> LayoutAttributes {
        LayoutAttributes(
            category: .decoration,
            kind: top ? CompositionalLayout.Section.listSeparatorTopKind : CompositionalLayout.Section.listSeparatorBottomKind,
            indexPath: IndexPath(section: s, item: i),
            frame: separators.frame(top: top, cell: cell, item: i, count: sections[s].itemCount, firstRow: firstRow),
            zIndex: ListParts.separatorZIndex)
    }

    /// Calls `body` with every instance of section `s` whose element band meets `r` (all of
    /// them when `all`), its section-local origin and the section's orthogonal offset.
    @inline(__always)
    func forEachInstance<Failure: Error>(
        _ s: Int, meeting r: Rect, all: Bool, view: ViewContext,
        _ body: (Int, Point, Double) throws(Failure) -> Void
    ) throws(Failure) {
        let section = sections[s], inst = section.instances
        guard inst.count > 0 else { return }
        let offset = orthogonalOffset(s, view)
        let range: Range<Int>
        if all {
            range = 0..<inst.count
        } else if section.isOrthogonal {
            // C13: instances run across; the rect meets them where they are drawn.
            let along = widened(axes.alongMin(r) - starts[s], axes.alongMax(r) - starts[s])
            guard inst.otherHi >= along.lowerBound, inst.otherLo <= along.upperBound else { return }
            let cross = widened(axes.crossMin(r) + offset, axes.crossMax(r) + offset)
            range = inst.candidates(lo: cross.lowerBound, hi: cross.upperBound)
        } else {
            let along = widened(axes.alongMin(r) - starts[s], axes.alongMax(r) - starts[s])
            range = inst.candidates(lo: along.lowerBound, hi: along.upperBound)
        }
        for j in range { try body(j, inst.origin(j), offset) }
    }

    /// `[lo, hi]` widened by a pixel (C14 moves an anchored origin by at most half of one) and
    /// by a few ulps against rounding in the sums that built the stored geometry.
    @inline(__always)
    func widened(_ lo: Double, _ hi: Double) -> ClosedRange<Double> {
        let slack = (grid.scale > 0 ? 1 / grid.scale : 0) + 1e-9 * (1 + max(abs(lo), abs(hi)))
        return (lo - slack)...(hi + slack)
    }
}
