/// The waterfall layout's placement (LAYOUTS.md §2, steps 1–5 per section, then the
/// content size), on inputs already checked: it cannot fail. Sections are placed top to bottom, `top` carried from one to the next.
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

    /// §2.1 `itemWidth = floorPx((usable − (n−1)·columnSpacing) / n)`, usable = width −
    /// sectionInset.left − sectionInset.right. The flooring slack stays at the right edge.
    /// When the columns do not fit at all (a negative result, e.g. with no bounds) the width
    /// is 0: the engine never builds a negative rectangle, and CHT would hand UIKit one.
    func itemWidth(_ m: WaterfallSectionMetrics) -> Double {
        let usable = width - m.sectionInset.left - m.sectionInset.right
        let n = Double(m.columnCount)
        return max(0, floorPx((usable - (n - 1) * m.columnSpacing) / n))
    }

    /// The headers or the footers placed so far.
    private struct SupplementaryRun {
        var paths: [IndexPath] = []
        var frames: [Rect] = []

        /// §2.2 and §2.5, the same for headers and footers: `top` moves down by the insets'
        /// top; a view of `height` > 0 is placed there, full width less the insets' left and
        /// right in CHT's order of operations (`width − (left + right)`, never negative), and
        /// `top` moves past it and the insets' bottom.
        mutating func place(section s: Int, insets: EdgeInsets, height: Double, width: Double, top: inout Double) {
            top += insets.top
            guard height > 0 else { return }
            let frame = Rect(x: insets.left, y: top, width: max(0, width - (insets.left + insets.right)), height: height)
            paths.append(IndexPath(s, 0))
            frames.append(frame)
            top = frame.maxY + insets.bottom
        }
    }

    func place(_ dataSource: DataSource, metrics: [WaterfallSectionMetrics],
               minimumContentHeight: Double) -> WaterfallLayoutPrepared {
        let numbering = ItemNumbering(dataSource)
        let itemWidths = metrics.map(itemWidth)
        var headers = SupplementaryRun(), footers = SupplementaryRun()
        let maxColumns = metrics.map(\.columnCount).max() ?? 1
        var columnHeights = [Double](repeating: 0, count: maxColumns)
        var columnXs = [Double](repeating: 0, count: maxColumns)
        var top = 0.0

        let cells = ColumnCellStore(numbering: numbering, widths: itemWidths) { writer in
            columnHeights.withUnsafeMutableBufferPointer { heights in
                columnXs.withUnsafeMutableBufferPointer { xs in
                    for (s, section) in dataSource.sections.enumerated() {
                        let m = metrics[s], n = m.columnCount, itemWidth = itemWidths[s]
                        // §2.2 header.
                        headers.place(section: s, insets: m.headerInset, height: m.headerHeight, width: width, top: &top)
                        // §2.3 every column starts at the section's top.
                        top += m.sectionInset.top
                        for c in 0..<n {
                            heights[c] = top
                            xs[c] = m.sectionInset.left + (itemWidth + m.columnSpacing) * Double(c)
                        }
                        // §2.4 items.
                        placeItems(section, firstNumber: numbering.starts[s], columns: n,
                                   itemWidth: itemWidth, interitemSpacing: m.interitemSpacing,
                                   heights: heights, xs: xs, writer: writer)
                        // §2.5 footer: from the tallest column, less the spacing its last item
                        // added (an empty section subtracts it all the same).
                        var tallest = heights[0]
                        for c in 1..<n where heights[c] > tallest { tallest = heights[c] }
                        top = tallest - m.interitemSpacing + m.sectionInset.bottom
                        footers.place(section: s, insets: m.footerInset, height: m.footerHeight, width: width, top: &top)
                    }
                }
            }
        }
        // Content size: (bounds width, max(final top, minimumContentHeight)).
        return WaterfallLayoutPrepared(
            contentSize: Size(width: width, height: max(top, minimumContentHeight)),
            cells: cells,
            headers: SupplementaryIndex(kind: "header", indexPaths: headers.paths, frames: headers.frames),
            footers: SupplementaryIndex(kind: "footer", indexPaths: footers.paths, frames: footers.frames))
    }

    /// §2.4: each item in order picks a column, sits at that column's height, and its
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
                    // An item without a size has an aspect ratio (checked before placing): size (r, 1).
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
