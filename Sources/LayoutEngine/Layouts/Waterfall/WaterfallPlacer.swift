/// Steps W3–W6 of the waterfall layout (LAYOUTS.md §2), on inputs already checked: they
/// cannot fail. Sections are placed top to bottom, `top` carried from one to the next.
struct WaterfallPlacer {
    let direction: WaterfallLayout.ItemRenderDirection
    /// The bounds width.
    let width: Double
    /// The display scale; 0 = exact arithmetic.
    let scale: Double

    /// `floorPx(v) = floor(v·scale)/scale`, the identity when there is no scale (CHT's
    /// CHTFloorCGFloat with the screen scale made an input).
    @inline(__always)
    func floorPx(_ v: Double) -> Double {
        scale > 0 ? (v * scale).rounded(.down) / scale : v
    }

    /// W3.1 `itemWidth = floorPx((usable − (n−1)·columnSpacing) / n)`, usable = width −
    /// sectionInset.left − sectionInset.right. The flooring slack stays at the right edge.
    /// When the columns do not fit at all (a negative result, e.g. with no bounds) the width
    /// is 0: the engine never builds a negative rectangle, and CHT would hand UIKit one.
    func itemWidth(_ m: WaterfallSectionMetrics) -> Double {
        let usable = width - m.sectionInset.left - m.sectionInset.right
        let n = Double(m.columnCount)
        return max(0, floorPx((usable - (n - 1) * m.columnSpacing) / n))
    }

    /// A header or footer frame: full width less the insets' left and right, in CHT's order
    /// of operations (`width − (left + right)`), never negative.
    private func supplementaryFrame(_ insets: EdgeInsets, top: Double, height: Double) -> Rect {
        Rect(x: insets.left, y: top, width: max(0, width - (insets.left + insets.right)), height: height)
    }

    func place(_ dataSource: DataSource, metrics: [WaterfallSectionMetrics],
               minimumContentHeight: Double) -> WaterfallLayoutPrepared {
        let numbering = ItemNumbering(dataSource)
        let itemWidths = metrics.map(itemWidth)
        var headers: (paths: [IndexPath], frames: [Rect]) = ([], [])
        var footers: (paths: [IndexPath], frames: [Rect]) = ([], [])
        let maxColumns = metrics.map(\.columnCount).max() ?? 1
        var columnHeights = [Double](repeating: 0, count: maxColumns)
        var columnXs = [Double](repeating: 0, count: maxColumns)
        var top = 0.0

        let cells = ColumnCellStore(numbering: numbering, widths: itemWidths) { writer in
            columnHeights.withUnsafeMutableBufferPointer { heights in
                columnXs.withUnsafeMutableBufferPointer { xs in
                    for (s, section) in dataSource.sections.enumerated() {
                        let m = metrics[s], n = m.columnCount, itemWidth = itemWidths[s]
                        // W3.2 header.
                        top += m.headerInset.top
                        if m.headerHeight > 0 {
                            let frame = supplementaryFrame(m.headerInset, top: top, height: m.headerHeight)
                            headers.paths.append(IndexPath(s, 0))
                            headers.frames.append(frame)
                            top = frame.maxY + m.headerInset.bottom
                        }
                        // W3.3 every column starts at the section's top.
                        top += m.sectionInset.top
                        for c in 0..<n {
                            heights[c] = top
                            xs[c] = m.sectionInset.left + (itemWidth + m.columnSpacing) * Double(c)
                        }
                        // W3.4 items.
                        placeItems(section, firstNumber: numbering.starts[s], columns: n,
                                   itemWidth: itemWidth, interitemSpacing: m.interitemSpacing,
                                   heights: heights, xs: xs, writer: writer)
                        // W3.5 footer: from the tallest column, less the spacing its last item
                        // added (an empty section subtracts it all the same).
                        var tallest = heights[0]
                        for c in 1..<n where heights[c] > tallest { tallest = heights[c] }
                        top = tallest - m.interitemSpacing + m.sectionInset.bottom
                        top += m.footerInset.top
                        if m.footerHeight > 0 {
                            let frame = supplementaryFrame(m.footerInset, top: top, height: m.footerHeight)
                            footers.paths.append(IndexPath(s, 0))
                            footers.frames.append(frame)
                            top = frame.maxY + m.footerInset.bottom
                        }
                    }
                }
            }
        }
        // W6 content size.
        return WaterfallLayoutPrepared(
            contentSize: Size(width: width, height: max(top, minimumContentHeight)),
            cells: cells,
            headers: SupplementaryIndex(kind: "header", indexPaths: headers.paths, frames: headers.frames),
            footers: SupplementaryIndex(kind: "footer", indexPaths: footers.paths, frames: footers.frames))
    }

    /// W3.4: each item in order picks a column, sits at that column's height, and its
    /// height is its original height scaled to the item width and floored to the pixel grid
    /// (0 when either original dimension is 0). The column grows by height + spacing.
    @inline(__always)
    private func placeItems(_ section: SectionData, firstNumber: Int, columns n: Int,
                            itemWidth: Double, interitemSpacing: Double,
                            heights: UnsafeMutableBufferPointer<Double>,
                            xs: UnsafeMutableBufferPointer<Double>,
                            writer: ColumnCellStore.Writer) {
        let count = section.itemCount
        guard count > 0 else { return }
        let sizes = section.sizes ?? [], ratios = section.aspectRatios ?? []
        sizes.withUnsafeBufferPointer { sizeBuffer in
            ratios.withUnsafeBufferPointer { ratioBuffer in
                let hasSizes = !sizeBuffer.isEmpty
                for i in 0..<count {
                    // An item without a size has an aspect ratio (checked in W2): size (r, 1).
                    var originalWidth: Double, originalHeight: Double
                    if hasSizes && !sizeBuffer[i].width.isNaN {
                        originalWidth = sizeBuffer[i].width
                        originalHeight = sizeBuffer[i].height
                    } else {
                        originalWidth = ratioBuffer[i]
                        originalHeight = 1
                    }
                    let column: Int
                    switch direction {
                    case .shortestFirst:
                        var shortest = 0
                        var shortestHeight = heights[0]
                        for c in 1..<n where heights[c] < shortestHeight {
                            shortest = c
                            shortestHeight = heights[c]
                        }
                        column = shortest
                    case .leftToRight:
                        column = i % n
                    case .rightToLeft:
                        column = n - 1 - i % n
                    }
                    let y = heights[column]
                    let height = originalHeight > 0 && originalWidth > 0
                        ? floorPx(originalHeight * itemWidth / originalWidth) : 0
                    writer.set(firstNumber + i, x: xs[column], y: y, width: itemWidth, height: height)
                    heights[column] = y + height + interitemSpacing
                }
            }
        }
    }
}
