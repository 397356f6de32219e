/// A prepared flow layout: answers every query of UICollectionViewLayout from the sections
/// laid out once by `FlowLayout.prepareFlow`.
public struct PreparedFlowLayout: PreparedLayout {
    let sections: [FlowSection]
    /// Per section, the along band its elements stay within, pinning included (R12).
    let bandStart: [Double]
    let bandEnd: [Double]
    let sectionSearch: IntervalEnvelope
    /// What it was prepared with: an update lays out with the same parameters.
    let parameters: FlowLayout.Parameters
    let axes: FlowAxes
    let geometry: FlowViewGeometry
    let pinsHeaders: Bool
    let pinsFooters: Bool
    public let contentSize: Size

    init(
        sections: [FlowSection], totalLength: Double, parameters: FlowLayout.Parameters,
        geometry: FlowViewGeometry
    ) {
        self.sections = sections
        self.parameters = parameters
        let axes = FlowAxes(parameters.scrollDirection)
        let pinsHeaders = parameters.sectionHeadersPinToVisibleBounds
        let pinsFooters = parameters.sectionFootersPinToVisibleBounds
        self.axes = axes
        self.geometry = geometry
        self.pinsHeaders = pinsHeaders
        self.pinsFooters = pinsFooters
        let bands = sections.map { $0.band(axes: axes, pinsHeaders: pinsHeaders, pinsFooters: pinsFooters) }
        bandStart = bands.map(\.lo)
        bandEnd = bands.map(\.hi)
        let (lo, hi) = (bandStart, bandEnd)
        sectionSearch = IntervalEnvelope(count: sections.count, start: { lo[$0] }, end: { hi[$0] })
        // R9: (D, Σ lengths) or (Σ lengths, D); R4: (0, 0) when D ≤ 0. Negative insets can
        // make the sum negative, and a content size is never negative: clamp at 0.
        let D = geometry.referenceDimension
        let length = max(0, totalLength)
        contentSize = D > 0 ? axes.size(along: length, cross: D) : .zero
    }

    var referenceDimension: Double { geometry.referenceDimension }
    var scale: Double { geometry.scale }

    /// R13: origins snap to the pixel grid, halves away from zero, after pinning.
    @inline(__always)
    func snap(_ v: Double) -> Double {
        PixelGrid(scale: scale).snap(v)
    }

    // MARK: Single elements

    /// The rounded frame of item `i` of section `s`; `line` saves a search when known.
    @inline(__always)
    func cellFrame(_ section: FlowSection, item i: Int, line: Int? = nil) -> Rect {
        switch section.cells {
        case .uniform(let grid):
            return uniformCellFrame(grid, grid.origin(of: i, base: section.firstLineAlong))
        case .mixed(let lines):
            let o = lines.origin(of: i, line: line ?? lines.line(of: i), base: section.firstLineAlong, axes: axes)
            return axes.rect(along: snap(o.along), cross: snap(o.cross), size: lines.size(of: i))
        }
    }

    /// The rounded frame of a uniform grid's cell at its unrounded origin (R13).
    @inline(__always)
    func uniformCellFrame(_ grid: UniformGrid, _ o: (cross: Double, along: Double)) -> Rect {
        axes.rect(along: snap(o.along), cross: snap(o.cross), size: grid.itemSize)
    }

    @inline(__always)
    func cellAttributes(section s: Int, item i: Int, frame: Rect) -> LayoutAttributes {
        LayoutAttributes.cell(IndexPath(section: s, item: i), frame) // R15: zIndex 0
    }

    func supplementaryAttributes(kind: String, section s: Int, frame: Rect) -> LayoutAttributes {
        // R12: headers and footers draw above cells, pinned or not.
        LayoutAttributes(
            category: .supplementary, kind: kind, indexPath: IndexPath(section: s, item: 0),
            frame: frame, zIndex: 10)
    }

    /// - Complexity: O(1) in a uniform section, O(log lines) in a mixed one.
    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        // R4: no cells when D ≤ 0 (no sections were laid out) or the bounds are empty.
        guard geometry.showsCells, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        return cellAttributes(
            section: indexPath.section, item: indexPath.item,
            frame: cellFrame(section, item: indexPath.item))
    }

    /// Kinds `header` and `footer` at `[section, 0]` (R15); nil when absent (R8).
    /// - Complexity: O(1).
    public func attributesForSupplementaryView(
        kind: String, at indexPath: IndexPath,
        view: ViewContext
    ) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        let section = sections[indexPath.section], visible = view.visibleRect
        let frame: Rect?
        switch kind {
        case FlowLayout.headerKind: frame = headerFrame(section, visible: visible)
        case FlowLayout.footerKind: frame = footerFrame(section, visible: visible)
        default: frame = nil
        }
        return frame.map { supplementaryAttributes(kind: kind, section: indexPath.section, frame: $0) }
    }

    /// The proposed offset, kept inside the scrollable range: from −inset at the start to
    /// contentSize − bounds + inset at the end, never below the start.
    public func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { max(lo, min(v, hi)) }
        let i = view.contentInset
        return Point(
            x: clamp(proposed.x, -i.left, contentSize.width - view.bounds.width + i.right),
            y: clamp(proposed.y, -i.top, contentSize.height - view.bounds.height + i.bottom))
    }

    /// Prepared bytes beyond the data source: what a million items cost (tests and benchmarks).
    var storageBytes: Int {
        var total =
            8 * (bandStart.capacity + bandEnd.capacity) + sectionSearch.storageBytes
            + MemoryLayout<FlowSection>.stride * sections.capacity
        for section in sections {
            if case .mixed(let lines) = section.cells { total += lines.storageBytes }
        }
        return total
    }
}
