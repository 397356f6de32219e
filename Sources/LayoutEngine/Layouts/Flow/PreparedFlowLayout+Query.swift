extension PreparedFlowLayout {
    /// R14 and R15: every element whose rounded, pinned frame meets `rect` as closed
    /// rectangles; a zero-width or zero-height `rect` yields no cells but may yield headers
    /// and footers. Order: all cells (section, then item order), all headers, all footers.
    /// A rect with a negative or non-finite size meets nothing (the service rejects it, R11).
    ///
    /// - Complexity: O(log s + log n + k): binary search over section bands, then
    ///   arithmetic (uniform) or binary search over lines (mixed) within each section met.
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        guard let rect else { return try collectAllElements(view: view, into: &out) }
        guard !sections.isEmpty, rect.width >= 0, rect.height >= 0,
            rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
        else { return }
        // Candidates are found on unrounded geometry, so widen by what R13 can move an origin.
        let along = widened(axes.alongMin(rect), axes.alongMax(rect))
        let cross = widened(axes.crossMin(rect), axes.crossMax(rect))
        let candidates = sectionSearch.candidates(
            count: sections.count, lo: along.lowerBound, hi: along.upperBound,
            start: { bandStart[$0] }, end: { bandEnd[$0] })

        if geometry.showsCells && !rect.isEmptyArea { // R4 empty bounds; R14 empty rect
            for s in candidates where meets(s, along) {
                let section = sections[s]
                switch section.cells {
                case .uniform(let grid):
                    // The grid and its base taken out once: `cellFrame(section, item:)` per cell
                    // copied the section (a retain and a release) and divided for the line.
                    let base = section.firstLineAlong
                    try grid.forEachCandidate(along: along, cross: cross, base: base, axes: axes) {
                        (i, line, column) throws(ElementLimitExceeded) in
                        let frame = uniformCellFrame(grid, grid.origin(line: line, column: column, base: base))
                        if frame.intersects(rect) { try out.appendCell(IndexPath(section: s, item: i), frame) } // R15: zIndex 0
                    }
                case .mixed(let lines):
                    try lines.forEachCandidate(along: along, cross: cross, base: section.firstLineAlong, axes: axes) {
                        (i, line) throws(ElementLimitExceeded) in
                        let frame = cellFrame(section, item: i, line: line)
                        if frame.intersects(rect) { try out.appendCell(IndexPath(section: s, item: i), frame) } // R15: zIndex 0
                    }
                }
            }
        }
        let visible = view.visibleRect
        for s in candidates where meets(s, along) {
            if let frame = headerFrame(sections[s], visible: visible), frame.intersects(rect) {
                try out.append(supplementaryAttributes(kind: FlowLayout.headerKind, section: s, frame: frame))
            }
        }
        for s in candidates where meets(s, along) {
            if let frame = footerFrame(sections[s], visible: visible), frame.intersects(rect) {
                try out.append(supplementaryAttributes(kind: FlowLayout.footerKind, section: s, frame: frame))
            }
        }
    }

    /// Every element, in R15's order.
    /// - Complexity: O(n + s).
    func collectAllElements(view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        let cellCount = geometry.showsCells ? sections.reduce(0) { $0 + $1.itemCount } : 0
        out.reserveCapacity(cellCount + 2 * sections.count)
        if geometry.showsCells {
            for (s, section) in sections.enumerated() {
                switch section.cells {
                case .uniform:
                    for i in 0..<section.itemCount {
                        try out.appendCell(IndexPath(section: s, item: i), cellFrame(section, item: i))
                    }
                case .mixed(let lines):
                    for l in 0..<lines.lineCount {
                        for i in lines.lineFirstItem[l]..<lines.lineFirstItem[l + 1] {
                            try out.appendCell(IndexPath(section: s, item: i), cellFrame(section, item: i, line: l))
                        }
                    }
                }
            }
        }
        let visible = view.visibleRect
        for (s, section) in sections.enumerated() {
            if let frame = headerFrame(section, visible: visible) {
                try out.append(supplementaryAttributes(kind: FlowLayout.headerKind, section: s, frame: frame))
            }
        }
        for (s, section) in sections.enumerated() {
            if let frame = footerFrame(section, visible: visible) {
                try out.append(supplementaryAttributes(kind: FlowLayout.footerKind, section: s, frame: frame))
            }
        }
    }

    /// `[lo, hi]` widened by a pixel (R13 moves an origin by at most half of one) and by a
    /// few ulps against rounding in the sums that built the stored geometry.
    @inline(__always)
    func widened(_ lo: Double, _ hi: Double) -> ClosedRange<Double> {
        let slack = (scale > 0 ? 1 / scale : 0) + 1e-9 * (1 + max(abs(lo), abs(hi)))
        return (lo - slack)...(hi + slack)
    }

    @inline(__always)
    func meets(_ s: Int, _ along: ClosedRange<Double>) -> Bool {
        bandStart[s] <= along.upperBound && bandEnd[s] >= along.lowerBound
    }
}

extension PreparedFlowLayout {
    /// The cells of section `s` whose unrounded lines meet `along` × `cross` (every cell when
    /// either is nil), each with its rounded frame, in item order; the caller tests the frames.
    /// For layouts that map this one's frames (`RightToLeftHorizontalFlow`); the rect query
    /// above keeps its own loop, which writes each frame straight to the collector.
    @inline(__always)
    func forEachCell(
        ofSection s: Int, along: ClosedRange<Double>?, cross: ClosedRange<Double>?,
        _ body: (_ item: Int, _ frame: Rect) throws(ElementLimitExceeded) -> Void
    ) throws(ElementLimitExceeded) {
        let section = sections[s]
        guard let along, let cross else {
            for i in 0..<section.itemCount { try body(i, cellFrame(section, item: i)) }
            return
        }
        switch section.cells {
        case .uniform(let grid):
            let base = section.firstLineAlong
            try grid.forEachCandidate(along: along, cross: cross, base: base, axes: axes) {
                (i, line, column) throws(ElementLimitExceeded) in
                try body(i, uniformCellFrame(grid, grid.origin(line: line, column: column, base: base)))
            }
        case .mixed(let lines):
            try lines.forEachCandidate(along: along, cross: cross, base: section.firstLineAlong, axes: axes) {
                (i, line) throws(ElementLimitExceeded) in
                try body(i, cellFrame(section, item: i, line: line))
            }
        }
    }
}
