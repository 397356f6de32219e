/// The waterfall layout's placement (docs/layouts.md §2, steps 1–5 per section, then the
/// content size), on inputs already checked: it cannot fail.
///
/// Each section is placed in its own coordinates: its `top` (where the previous section
/// ended) is taken as 0, §2's steps run from there, and a frame's reported y is
/// `top + local y` (computed when asked, `WaterfallSection.frame`). Section tops are the
/// running sum `top(s+1) = top(s) + height(s)` of the sections' local heights. So a section's
/// geometry does not depend on where it sits, and an update moves an untouched section by
/// changing its top alone (`PreparedWaterfallLayout.updated`). With exact arithmetic this
/// is §2's carried `top`; in floating point a frame below the first section may differ from
/// a single running sum in the last bit (section 0's frames are §2's to the bit).
struct WaterfallPlacer: Sendable {
    let direction: WaterfallLayout.ItemRenderDirection
    /// The bounds width.
    let width: Double
    /// The display scale; 0 = exact arithmetic.
    let scale: Double

    /// `floorPx(v) = floor(v·scale)/scale`, the identity when there is no scale (CHT's
    /// CHTFloorCGFloat with the screen scale made an input).
    @inline(__always)
    func floorPx(_ v: Double) -> Double {
        PixelGrid(scale: scale).floor(v)
    }

    /// §2.1 `itemWidth = floorPx((usable − (n−1)·columnSpacing) / n)`, usable = width −
    /// sectionInset.left − sectionInset.right. The flooring slack stays at the right edge.
    /// When the columns do not fit at all (a negative result, e.g. with no bounds) the width
    /// is 0: the engine never builds a negative rectangle, and CHT would hand UIKit one.
    func itemWidth(_ p: WaterfallLayout.Parameters) -> Double {
        let usable = width - p.sectionInset.left - p.sectionInset.right
        let n = Double(p.columnCount)
        return max(0, floorPx((usable - (n - 1) * p.minimumColumnSpacing) / n))
    }

    /// §2.2 and §2.5, the same for headers and footers: `top` moves down by the insets'
    /// top; a view of `height` > 0 is placed there, full width less the insets' left and
    /// right in CHT's order of operations (`width − (left + right)`, never negative), and
    /// `top` moves past it and the insets' bottom. Returns the local frame, if any.
    private func placeSupplementary(insets: EdgeInsets, height: Double, top: inout Double) -> Rect? {
        top += insets.top
        guard height > 0 else { return nil }
        let frame = Rect(x: insets.left, y: top, width: max(0, width - (insets.left + insets.right)), height: height)
        top = frame.maxY + insets.bottom
        return frame
    }

    /// Every section placed with its own parameters, then stacked.
    func place(
        _ dataSource: DataSource, sectionParameters: [WaterfallLayout.Parameters],
        parameters: WaterfallLayout.Parameters
    ) -> PreparedWaterfallLayout {
        var sections: [WaterfallSection] = []
        sections.reserveCapacity(dataSource.sections.count)
        for (s, section) in dataSource.sections.enumerated() {
            sections.append(placeSection(section, parameters: sectionParameters[s]))
        }
        return PreparedWaterfallLayout(sections: sections, placer: self, parameters: parameters)
    }

    /// §2's steps 1–5 for one section, from a local top of 0.
    /// - Complexity: O(n) for n items with the directions leftToRight and rightToLeft,
    ///   O(n·log columnCount) for shortestFirst; memory O(n), whatever the column count
    ///   (an empty section allocates nothing per column).
    func placeSection(_ section: SectionData, parameters p: WaterfallLayout.Parameters) -> WaterfallSection {
        let itemWidth = itemWidth(p), count = section.itemCount
        var top = 0.0
        // §2.2 header.
        let header = placeSupplementary(insets: p.headerInset, height: p.headerHeight, top: &top)
        // §2.3 every column starts at the section's top.
        top += p.sectionInset.top
        var columns = ColumnHeights(direction: direction, columnCount: p.columnCount, itemCount: count, top: top)
        var band = SectionBandIndex.Band()
        var heights: [Double] = []
        let boxes = [Double](unsafeUninitializedCapacity: 4 * count) { boxBuffer, boxCount in
            heights = [Double](unsafeUninitializedCapacity: count) { heightBuffer, heightCount in
                // §2.4 items.
                placeItems(
                    section, columns: &columns, parameters: p, itemWidth: itemWidth,
                    boxes: boxBuffer, cellHeights: heightBuffer, band: &band)
                heightCount = count
            }
            boxCount = 4 * count
        }
        // §2.5 footer: from the tallest column, less the spacing its last item added (an
        // empty section subtracts it all the same).
        top = columns.tallest - p.minimumInteritemSpacing + p.sectionInset.bottom
        let footer = placeSupplementary(insets: p.footerInset, height: p.footerHeight, top: &top)
        return WaterfallSection(
            itemWidth: itemWidth, boxes: boxes, heights: heights, band: band,
            header: header, footer: footer, height: top)
    }

    /// §2.4: each item in order picks a column, sits at that column's height, and its
    /// height is its original height scaled to the item width and floored to the pixel grid
    /// (0 when either original dimension is 0). The column grows by height + spacing.
    /// Writes each cell's local box (minX, minY, maxX, maxY, as `Rect` computes them) and height.
    @inline(__always)
    private func placeItems(
        _ section: SectionData, columns: inout ColumnHeights,
        parameters p: WaterfallLayout.Parameters, itemWidth: Double,
        boxes: UnsafeMutableBufferPointer<Double>,
        cellHeights: UnsafeMutableBufferPointer<Double>,
        band: inout SectionBandIndex.Band
    ) {
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
                    let slot = columns.slot(forItem: i)
                    let y = columns.heights[slot]
                    let height =
                        originalHeight > 0 && originalWidth > 0
                        ? floorPx(originalHeight * itemWidth / originalWidth) : 0
                    // The column's x, as §2.4 writes it (no per-column table to allocate).
                    let x = p.sectionInset.left + (itemWidth + p.minimumColumnSpacing) * Double(columns.column(ofSlot: slot))
                    let maxX = x + itemWidth, maxY = y + height
                    boxes[4 &* i] = x
                    boxes[4 &* i &+ 1] = y
                    boxes[4 &* i &+ 2] = maxX
                    boxes[4 &* i &+ 3] = maxY
                    cellHeights[i] = height
                    band.add(x0: x, y0: y, x1: maxX, y1: maxY, height: height)
                    columns.setHeight(y + height + p.minimumInteritemSpacing, slot: slot)
                }
            }
        }
    }
}

/// One waterfall section in its own coordinates (y from the section's top): its cells'
/// boxes and heights with a `FrameIndex` over the boxes, its header and footer, and how far
/// the next section starts below its top. Independent of where the section sits.
struct WaterfallSection: Sendable {
    let itemWidth: Double
    /// Per cell: minX, minY, maxX, maxY (local); shared with `index`.
    let boxes: [Double]
    /// Per cell: its height (`maxY − minY` would not always give it back).
    let heights: [Double]
    let index: FrameIndex
    let band: SectionBandIndex.Band
    let header: Rect?
    let footer: Rect?
    /// The section's local bottom: the next section's top is this section's top plus it.
    let height: Double

    init(
        itemWidth: Double, boxes: [Double], heights: [Double], band: SectionBandIndex.Band,
        header: Rect?, footer: Rect?, height: Double
    ) {
        self.itemWidth = itemWidth
        self.boxes = boxes
        self.heights = heights
        self.index = FrameIndex(flatBoxes: boxes)
        self.band = band
        self.header = header
        self.footer = footer
        self.height = height
    }

    var itemCount: Int { heights.count }

    /// Cell `i`'s frame with the section at `top`.
    @inline(__always)
    func frame(_ i: Int, top: Double) -> Rect {
        Rect(x: boxes[4 &* i], y: top + boxes[4 &* i &+ 1], width: itemWidth, height: heights[i])
    }
}
