/// How a section's cells are found: arithmetic for uniform sections, stored lines for mixed.
/// Both keep along positions relative to the section's first line.
enum FlowCells: Sendable {
    case uniform(UniformGrid)
    case mixed(MixedLines)
}

/// A prepared section apart from where it starts along the scroll axis: what an update
/// reuses unchanged for a section the batch did not touch, wherever it moved (R9).
struct FlowSectionContent: Sendable {
    /// The effective inputs it was laid out with (an update resumes only with equal ones).
    let metrics: FlowSectionMetrics
    /// Where R3's scan of the size column ended; nil without a column.
    let scan: FlowShapeScan?
    /// The data source's size column (shared, not copied), to compare an update's prefix with.
    let column: [Size]?
    /// The header's along length; 0 when it is absent (R8).
    let headerLength: Double
    let footerLength: Double
    /// The along-start and along-end section insets (R1).
    let alongStartInset: Double
    let alongEndInset: Double
    /// The lines' along extent (R5.4, R6.5).
    let bodyLength: Double
    let itemCount: Int
    let cells: FlowCells

    /// Lays out section data `data` of shape `shape` (R3).
    /// - Parameters:
    ///   - D: the reference dimension (R4), > 0.
    ///   - errata: which of UIKit's undocumented behaviours to reproduce (R16).
    ///   - resuming: an earlier layout of this section, with the same metrics, whose first
    ///     `prefix` items are unchanged: a mixed section keeps its lines before the one
    ///     holding item prefix − 1.
    init(
        _ data: SectionData, shape: FlowShape, scan: FlowShapeScan?, metrics m: FlowSectionMetrics,
        referenceDimension D: Double, axes: FlowAxes, errata: UIKitErrata,
        resuming: (old: FlowSectionContent, prefix: Int)? = nil
    ) {
        metrics = m
        self.scan = scan
        column = data.sizes
        // R8: only the along component counts, and only when it is > 0.
        let header = axes.along(m.headerSize), footer = axes.along(m.footerSize)
        headerLength = header > 0 ? header : 0
        footerLength = footer > 0 ? footer : 0
        alongStartInset = axes.alongStart(m.inset)
        alongEndInset = axes.alongEnd(m.inset)
        itemCount = data.itemCount

        let crossStart = axes.crossStart(m.inset)
        let available = D - crossStart - axes.crossEnd(m.inset) // R1: A
        switch shape {
        case .uniform(let size):
            let grid = UniformGrid(
                itemSize: size, itemCount: data.itemCount, axes: axes,
                available: available, crossStart: crossStart,
                interitemSpacing: m.interitemSpacing, lineSpacing: m.lineSpacing)
            bodyLength = grid.bodyLength
            cells = .uniform(grid)
        case .mixed:
            // Q1: horizontal mixed sections swap the spacings' roles.
            let swaps = errata.contains(.swappedMixedSpacings) && axes.isHorizontal
            let lineMetrics = MixedLineMetrics(
                axes: axes, available: available, crossStart: crossStart,
                packingGap: swaps ? m.lineSpacing : m.interitemSpacing,
                lineGap: swaps ? m.interitemSpacing : m.lineSpacing,
                opensEmptyLine: errata.contains(.emptyLineBeforeOversizeItem),
                defaultSize: m.defaultItemSize)
            var previous: (MixedLines, Int)? = nil
            if let (old, prefix) = resuming, old.metrics == m, case .mixed(let lines) = old.cells {
                previous = (lines, prefix)
            }
            let lines = MixedLines.make(sizes: data.sizes ?? [], metrics: lineMetrics, resuming: previous)
            bodyLength = lines.bodyLength
            cells = .mixed(lines)
        }
    }
}

extension FlowSectionContent {
    /// Whether the first `prefix` items of `data` give exactly the sizes this section's did
    /// (both absent, or equal bit for bit). Conservative: a section that gained or lost its
    /// size column does not match.
    /// - Complexity: O(1) without columns or with a shared column, O(prefix) otherwise.
    func hasSamePrefix(as data: SectionData, _ prefix: Int) -> Bool {
        guard prefix <= itemCount, prefix <= data.itemCount else { return false }
        switch (column, data.sizes) {
        case (nil, nil):
            return true
        case let (old?, new?):
            return old.withUnsafeBufferPointer { a in
                new.withUnsafeBufferPointer { b in
                    if a.baseAddress == b.baseAddress { return true }
                    for i in 0..<prefix {
                        let x = a[i], y = b[i]
                        if x.width.isNaN && y.width.isNaN { continue } // both gave no size
                        if x.width.bitPattern != y.width.bitPattern || x.height.bitPattern != y.height.bitPattern {
                            return false
                        }
                    }
                    return true
                }
            }
        default:
            return false
        }
    }
}

/// One prepared section: its content placed at its start along the scroll axis (R8–R10).
struct FlowSection: Sendable {
    let content: FlowSectionContent
    /// s0: the sum of the lengths of the sections before it (R9).
    let start: Double
    /// Where the first line starts (R8 order: header, along-start inset, lines).
    let firstLineAlong: Double
    /// The footer's natural along position (R8).
    let footerStart: Double

    /// Places `content` at `start`.
    /// - Complexity: O(1).
    init(_ content: FlowSectionContent, start: Double) {
        self.content = content
        self.start = start
        firstLineAlong = start + content.headerLength + content.alongStartInset
        // R8: the footer follows the lines and the along-end inset; R10 keeps the insets of
        // an empty section (its body is 0).
        footerStart = firstLineAlong + content.bodyLength + content.alongEndInset
    }

    var headerLength: Double { content.headerLength }
    var footerLength: Double { content.footerLength }
    var itemCount: Int { content.itemCount }
    var cells: FlowCells { content.cells }

    /// s1 (R9, R12).
    var end: Double { footerStart + footerLength }

    /// R12: where a pinned header starts when the visible rectangle starts at `top`: at
    /// `top` but never above its natural position.
    @inline(__always)
    func pinnedHeaderStart(top: Double) -> Double {
        var p = start
        if top > p { p = top }
        // Pushed off by the section's end, so it never overlaps its own footer.
        if p + headerLength + footerLength > end { p = end - footerLength - headerLength }
        return p
    }

    /// R12: where a pinned footer starts when the visible rectangle ends at `bottom`: ending
    /// at `bottom` but never below its natural position, nor over its own header.
    @inline(__always)
    func pinnedFooterStart(bottom: Double) -> Double {
        var p = footerStart
        if bottom < p + footerLength { p = bottom - footerLength }
        if p - headerLength < start { p = start + headerLength }
        return p
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
        case .uniform(let grid):
            if let e = grid.alongExtent(base: firstLineAlong, axes) { cover(e.lo, e.hi) }
        case .mixed(let lines):
            if let e = lines.alongExtent { cover(firstLineAlong + e.lo, firstLineAlong + e.hi) }
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
