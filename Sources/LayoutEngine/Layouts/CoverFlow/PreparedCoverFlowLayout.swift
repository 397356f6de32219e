/// A prepared cover flow (docs/layouts.md §3). Only geometry lives here; every attribute that
/// depends on the scroll position is computed from the `view` a query passes in, of which
/// only `contentOffset.x` is read (the bounds in effect are the prepared ones: a size
/// change invalidates the layout).
struct PreparedCoverFlowLayout: PreparedLayout {
    static let headerKind = "header"
    static let reflectionKind = "reflection"
    /// §3: reflections are drawn at 30 % opacity.
    static let reflectionAlpha = 0.3

    let strip: CoverFlowStrip
    let reflection: Bool
    let numbering: ItemNumbering
    let cells: FrameIndex
    /// One per non-empty section (none when headerHeight is 0).
    let headers: SupplementaryIndex

    init(parameters p: CoverFlowLayout.Parameters, numbering: ItemNumbering, bounds: Size) {
        let strip = CoverFlowStrip(cellSize: p.cellSize, cellInterval: p.effectiveCellInterval, bounds: bounds)
        self.strip = strip
        reflection = p.reflection
        self.numbering = numbering
        // Item [s, i] is at global index g = starts[s] + i on the strip.
        cells = FrameIndex(numbering) { s, i in strip.frame(numbering.starts[s] + i) }
        var headerPaths = [IndexPath](), headerFrames = [Rect]()
        if p.headerHeight > 0 {
            // §3: one header per non-empty section, from its first cell's minX to its last
            // cell's maxX, at y = 0.
            for s in 0..<numbering.sectionCount where numbering.itemCount(inSection: s) > 0 {
                let first = strip.frame(numbering.starts[s]), last = strip.frame(numbering.starts[s + 1] - 1)
                headerPaths.append(IndexPath(section: s, item: 0))
                headerFrames.append(Rect(x: first.minX, y: 0, width: last.maxX - first.minX, height: p.headerHeight))
            }
        }
        // §3 gives a header neither a transform nor a zIndex: flat, zIndex 0.
        headers = SupplementaryIndex(kind: Self.headerKind, indexPaths: headerPaths, frames: headerFrames)
    }

    /// `(W + (N−1)·cellInterval, H)`, or (W, H) without items.
    var contentSize: Size {
        let n = numbering.total, bounds = strip.bounds
        let width = n == 0 ? bounds.width : bounds.width + Double(n - 1) * strip.cellInterval
        return Size(width: width, height: bounds.height)
    }

    // MARK: Attributes

    /// Cell g with its pose for the view's offset. The rate is measured from the same
    /// centre x the frame was built from, so `offset = g·cellInterval` gives r = 0 exactly.
    func cellAttributes(_ g: Int, view: ViewContext) -> LayoutAttributes {
        let cx = strip.centerX(g), ox = view.contentOffset.x, w = strip.bounds.width
        let pose = CoverFlowPose(
            centerX: cx, offsetX: ox, viewWidth: w,
            cellInterval: strip.cellInterval, cellWidth: strip.cellSize.width)
        return LayoutAttributes(
            category: .cell, indexPath: numbering.indexPath(of: g), frame: strip.frame(g),
            transform: pose.transform,
            zIndex: CoverFlowPose.zIndex(centerX: cx, offsetX: ox, viewWidth: w, cellInterval: strip.cellInterval))
    }

    /// §3 reflection: the cell's size, transform and zIndex (so it stacks with its cell),
    /// frame moved down by the cell height, alpha 0.3.
    func reflectionAttributes(_ g: Int, view: ViewContext) -> LayoutAttributes {
        var a = cellAttributes(g, view: view)
        a.category = .decoration
        a.kind = Self.reflectionKind
        a.frame = reflectionFrame(g)
        a.alpha = Self.reflectionAlpha
        return a
    }

    func reflectionFrame(_ g: Int) -> Rect { strip.frame(g).offsetBy(dx: 0, dy: strip.cellSize.height) }
}

/// The strip's geometry (§3): where item g sits, untransformed.
struct CoverFlowStrip: Sendable {
    let cellSize: Size
    let cellInterval: Double
    let bounds: Size

    /// Item g's centre x: `W/2 + g·cellInterval`, so content offset `g·cellInterval` centres it.
    func centerX(_ g: Int) -> Double { bounds.width / 2 + Double(g) * cellInterval }

    /// cellSize centred at (centerX, H/2).
    func frame(_ g: Int) -> Rect {
        Rect(
            x: centerX(g) - cellSize.width / 2, y: bounds.height / 2 - cellSize.height / 2,
            width: cellSize.width, height: cellSize.height)
    }
}
