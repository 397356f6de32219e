/// How a section's cells are found: arithmetic for uniform sections, stored lines for mixed.
enum FlowCells: Sendable {
    case uniform(UniformGrid)
    case mixed(MixedLines)
}

/// One prepared section: its place along the scroll axis (R8–R10) and its cells.
struct FlowSection: Sendable {
    /// s0: the sum of the lengths of the sections before it (R9).
    let start: Double
    /// The header's along length; 0 when it is absent (R8).
    let headerLength: Double
    /// The footer's natural along position (R8).
    let footerStart: Double
    let footerLength: Double
    let itemCount: Int
    let cells: FlowCells

    /// s1 (R9, R12).
    var end: Double { footerStart + footerLength }

    /// Lays out section data `data` starting at `start`.
    /// - Parameters:
    ///   - D: the reference dimension (R4), > 0.
    ///   - quirks: `uikitQuirks` (R16).
    init(_ data: SectionData, shape: FlowShape, metrics m: FlowSectionMetrics, start: Double,
         referenceDimension D: Double, axes: FlowAxes, quirks: Bool) {
        // R8: only the along component counts, and only when it is > 0.
        let header = axes.along(m.headerSize), footer = axes.along(m.footerSize)
        headerLength = header > 0 ? header : 0
        footerLength = footer > 0 ? footer : 0
        self.start = start
        itemCount = data.itemCount

        let crossStart = axes.crossStart(m.inset)
        let available = D - crossStart - axes.crossEnd(m.inset)  // R1: A
        // R8 order: header, along-start inset, lines.
        let firstLineAlong = start + headerLength + axes.alongStart(m.inset)
        let body: Double
        switch shape {
        case .uniform(let size):
            let grid = UniformGrid(itemSize: size, itemCount: data.itemCount, axes: axes,
                                   available: available, crossStart: crossStart,
                                   interitemSpacing: m.interitemSpacing, lineSpacing: m.lineSpacing,
                                   firstLineAlong: firstLineAlong)
            body = grid.bodyLength
            cells = .uniform(grid)
        case .mixed:
            // Q1: horizontal mixed sections swap the spacings' roles.
            let swaps = quirks && axes.isHorizontal
            let lines = MixedLines(
                sizes: data.sizes ?? [], defaultSize: m.itemSize, axes: axes, available: available,
                crossStart: crossStart,
                packingGap: swaps ? m.lineSpacing : m.interitemSpacing,
                lineGap: swaps ? m.interitemSpacing : m.lineSpacing,
                opensEmptyLine: quirks, firstLineAlong: firstLineAlong)
            body = lines.bodyLength
            cells = .mixed(lines)
        }
        // R8: the footer follows the lines and the along-end inset; R10 keeps the insets of
        // an empty section (its body is 0).
        footerStart = firstLineAlong + body + axes.alongEnd(m.inset)
    }

    /// The along extent every element of this section stays within, wherever pinning (R12)
    /// moves its header and footer: the band rect queries search by.
    func band(axes: FlowAxes, pinsHeaders: Bool, pinsFooters: Bool) -> (lo: Double, hi: Double) {
        var lo = Double.infinity, hi = -Double.infinity
        func cover(_ a: Double, _ b: Double) {
            lo = min(lo, a)
            hi = max(hi, b)
        }
        switch cells {
        case .uniform(let grid): if let e = grid.alongExtent(axes) { cover(e.lo, e.hi) }
        case .mixed(let lines): if let e = lines.alongExtent { cover(e.lo, e.hi) }
        }
        if headerLength > 0 {
            // R12: a pinned header moves between s0 and s1 − ftr − hdr.
            let far = pinsHeaders ? end - footerLength - headerLength : start
            cover(min(start, far), max(start, far) + headerLength)
        }
        if footerLength > 0 {
            // R12: a pinned footer moves between s0 + hdr and its natural position.
            let far = pinsFooters ? start + headerLength : footerStart
            cover(min(footerStart, far), max(footerStart, far) + footerLength)
        }
        return lo <= hi ? (lo, hi) : (start, start)
    }
}
