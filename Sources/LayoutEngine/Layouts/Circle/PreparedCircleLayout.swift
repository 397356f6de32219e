#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A prepared circle layout (docs/layouts.md §5). Nothing depends on the scroll position.
struct PreparedCircleLayout: PreparedLayout {
    static let backgroundKind = "background"

    let itemSize: Size
    let background: Bool
    let bounds: Size
    /// `(W/2, H/2)`.
    let center: Point
    /// `min(W, H)·radiusFactor`: section 0's radius.
    let radius: Double
    let numbering: ItemNumbering
    let cells: FrameIndex

    init(parameters p: CircleLayout.Parameters, numbering: ItemNumbering, bounds: Size) {
        itemSize = p.itemSize
        background = p.background
        self.bounds = bounds
        center = Point(x: bounds.width / 2, y: bounds.height / 2)
        radius = min(bounds.width, bounds.height) * p.radiusFactor
        self.numbering = numbering
        var boxes = [Double]()
        boxes.reserveCapacity(4 * numbering.total)
        let (center, radius, itemSize) = (center, radius, itemSize)
        for s in 0..<numbering.sectionCount {
            let n = numbering.itemCount(inSection: s)
            for i in 0..<n {
                let f = Self.cellFrame(section: s, item: i, count: n, center: center, radius: radius, itemSize: itemSize)
                boxes.append(f.minX)
                boxes.append(f.minY)
                boxes.append(f.maxX)
                boxes.append(f.maxY)
            }
        }
        cells = FrameIndex(flatBoxes: boxes)
    }

    /// §5: section s uses radius `radius·(1 − 0.1·s)`; item i of n sits at angle 2πi/n,
    /// clockwise from 3 o'clock (y grows downward), at centre + r·(cos, sin). From section
    /// 10 on the factor is ≤ 0: the spec's formula is kept, so such sections collapse onto
    /// the centre (s = 10) or mirror through it (s > 10).
    static func cellFrame(
        section s: Int, item i: Int, count n: Int, center: Point, radius: Double,
        itemSize: Size
    ) -> Rect {
        let r = radius * (1 - 0.1 * Double(s))
        let angle = 2 * Double.pi * Double(i) / Double(n)
        let x = center.x + r * cos(angle), y = center.y + r * sin(angle)
        return Rect(
            x: x - itemSize.width / 2, y: y - itemSize.height / 2,
            width: itemSize.width, height: itemSize.height)
    }

    func cellFrame(_ indexPath: IndexPath) -> Rect {
        Self.cellFrame(
            section: indexPath.section, item: indexPath.item,
            count: numbering.itemCount(inSection: indexPath.section),
            center: center, radius: radius, itemSize: itemSize)
    }

    /// Content size = bounds size: the circle never scrolls.
    var contentSize: Size { bounds }

    func cellAttributes(_ indexPath: IndexPath) -> LayoutAttributes {
        .cell(indexPath, cellFrame(indexPath))
    }

    /// §5 background: covers the content, behind the cells (zIndex −1). The spec gives no
    /// index path; [0, 0] is the one decoration view's, with or without items.
    var backgroundAttributes: LayoutAttributes {
        LayoutAttributes(
            category: .decoration, kind: Self.backgroundKind, indexPath: IndexPath(section: 0, item: 0),
            frame: Rect(origin: .zero, size: contentSize), zIndex: -1)
    }
}
