/// A horizontal flow layout in a right-to-left collection view without the flag: UIKit's
/// quirk (docs/layout-direction.md, L3). The prepared left-to-right layout stays the source;
/// every frame is mapped out of it:
///
/// - L3.1 the cross axis mirrors across D, the view's height inside its content insets: each
///   `y' = D − y − h` (the vertical flow's L2 mirror, applied to the horizontal flow's cross
///   axis). Headers and footers span D and do not move; a column of one item is centred and
///   does not move either.
/// - L3.2 inside its section `[s0, s1]` a header moves to the right end and a footer to the left
///   end (each mirrored within the section); the cells keep their left-to-right order and sit
///   between them, moved by `ftr − hdr` (a choice: UIKit's cells stay put, and overlap the
///   swapped header and footer when their widths differ).
/// - L3.3 without estimated sizes, whole sections are mirrored across the content: a section's
///   block moves from `[s0, s1]` to `[W − s1, W − s0]`, W the content width, its inside kept;
///   with `estimatedItemSize` the sections stay in order.
/// - L3.4 the initial content offset is pinned to the far right
///   (`initialContentOffset(view:)`).
///
/// Pinned headers and footers (R12) pin mirrored, to the right and left edges of the visible
/// rectangle (a choice). Rect queries take rects in this, the layout's own space.
public struct RightToLeftHorizontalFlow: PreparedLayout, IncrementallyUpdatable {
    let base: PreparedFlowLayout
    /// L3.3: whether whole sections mirror across the content (no estimated size).
    let mirrorsSections: Bool
    /// Per section, how far its block moves along x (L3.3), and how far its cells move (L3.2
    /// and L3.3).
    let sectionShift: [Double]
    let cellShift: [Double]
    /// Per position (sections in the order they now stand along x), the band its elements stay
    /// within; the search over them.
    let bandStart: [Double]
    let bandEnd: [Double]
    let bandSearch: IntervalEnvelope

    public init(_ base: PreparedFlowLayout) {
        self.base = base
        let mirrors = base.parameters.estimatedItemSize == nil
        mirrorsSections = mirrors
        let width = base.contentSize.width
        var sectionShift: [Double] = [], cellShift: [Double] = []
        sectionShift.reserveCapacity(base.sections.count)
        cellShift.reserveCapacity(base.sections.count)
        for section in base.sections {
            let shift = mirrors ? width - section.start - section.end : 0
            sectionShift.append(shift)
            cellShift.append(shift + section.footerLength - section.headerLength)
        }
        self.sectionShift = sectionShift
        self.cellShift = cellShift
        // A band covers the cells' band moved with them and the section's own span moved with
        // its block (where its header and footer stay, pinned or not).
        let count = base.sections.count
        var start = [Double](repeating: 0, count: count), end = [Double](repeating: 0, count: count)
        for s in 0..<count {
            let section = base.sections[s], p = mirrors ? count - 1 - s : s
            start[p] = min(base.bandStart[s] + cellShift[s], section.start + sectionShift[s])
            end[p] = max(base.bandEnd[s] + cellShift[s], section.end + sectionShift[s])
        }
        bandStart = start
        bandEnd = end
        bandSearch = IntervalEnvelope(count: count, start: { start[$0] }, end: { end[$0] })
    }

    public var contentSize: Size { base.contentSize }
    public var info: [(key: String, value: Double)] { base.info }

    /// The section standing at position `p` along x.
    @inline(__always)
    func section(at p: Int) -> Int { mirrorsSections ? base.sections.count - 1 - p : p }

    /// L3.1 and L3.2: a cell's frame in section `s`, from its left-to-right frame.
    @inline(__always)
    func cellFrame(_ frame: Rect, section s: Int) -> Rect {
        let grid = PixelGrid(scale: base.scale)
        return Rect(
            x: grid.snap(frame.minX + cellShift[s]), y: grid.snap(base.referenceDimension - frame.maxY),
            width: frame.width, height: frame.height)
    }

    /// The span `[s0', s1']` section `s` stands on (L3.3).
    func span(of s: Int) -> (lo: Double, hi: Double) {
        let section = base.sections[s]
        return (section.start + sectionShift[s], section.end + sectionShift[s])
    }

    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        guard var a = base.attributesForItem(at: indexPath, view: view) else { return nil }
        a.frame = cellFrame(a.frame, section: indexPath.section)
        return a
    }

    public func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        guard base.sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        let frame: Rect?
        switch kind {
        case FlowLayout.headerKind: frame = headerFrame(indexPath.section, visible: view.visibleRect)
        case FlowLayout.footerKind: frame = footerFrame(indexPath.section, visible: view.visibleRect)
        default: frame = nil
        }
        return frame.map { base.supplementaryAttributes(kind: kind, section: indexPath.section, frame: $0) }
    }

    /// The flow layout has no decoration views; asked all the same, should it gain some.
    public func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        nil
    }

    /// The content size is the left-to-right one, so the offset clamps as UIKit's does.
    public func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        base.targetContentOffset(proposed: proposed, velocity: velocity, view: view)
    }

    /// L3.4: UIScrollView opens a right-to-left horizontal flow at its far right:
    /// `x = contentSize.width − bounds.width + contentInset.right`, kept inside the scrollable
    /// range (a choice for content narrower than the view: no negative pinning past
    /// `−contentInset.left`). y is the view's.
    public func initialContentOffset(view: ViewContext) -> Point? {
        let x = contentSize.width - view.bounds.width + view.contentInset.right
        return Point(x: max(-view.contentInset.left, x), y: view.contentOffset.y)
    }

    /// The flow layout's appearing and disappearing attributes change only the alpha, so the
    /// mapped frame passes through.
    public func initialAttributes(forAppearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        base.initialAttributes(forAppearing: attributes, view: view)
    }

    public func finalAttributes(forDisappearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        base.finalAttributes(forDisappearing: attributes, view: view)
    }

    /// The left-to-right layout updated, mapped again (O(sections) on top of its update).
    public func updated(to newDataSource: DataSource, hint: LayoutUpdateHint, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        RightToLeftHorizontalFlow(try base.updatedFlow(to: newDataSource, hint: hint, view: view))
    }
}
