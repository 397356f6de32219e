/// The justified algorithm of flickr/justified-layout 4.1 (docs/layouts.md §8), one section at a
/// time, writing the section's boxes in its own coordinates: a box's y is its row's top in
/// the block; the layout reports `yOffset + top` (`PreparedJustifiedLayout.Section.frame`),
/// the expression the original's offset gives, so a section can move without being laid
/// out again.
///
/// Every floating-point operation is the original's, in its order, so that the numbers match
/// to the last bit: sums are left folds from 0 (a running sum is the same fold), products
/// associate left (`ratio * height * scale`), and rounding is JavaScript's `Math.round`.
/// A row is a run of consecutive items (`rowStart ..< rowStart + rowItems`); nothing is
/// allocated per item or per row beyond the boxes themselves.
struct JustifiedRowBuilder {
    /// The boxes of the section laid out, in item order, y relative to the block's top.
    private(set) var frames: [Rect]
    /// The cells' bounding box and magnitude in the block's coordinates.
    private(set) var band = SectionBandIndex.Band()
    /// The lowest and highest row top with boxes (the block's own numbers).
    private(set) var minRowTop = Double.infinity
    private(set) var maxRowTop = -Double.infinity

    // The section being laid out.
    private var options: JustifiedBlockOptions
    private var ratios: JustifiedItemRatios
    private var section = 0
    private var yOffset = 0.0

    // The original's `layoutData`: running container height and the completed rows.
    private var containerHeight = 0.0
    private var completedRows = 0
    private var lastRowHeight = 0.0
    private var lastRowIsBreakout = false

    // The open row (the original's `currentRow`).
    private var rowIsOpen = false
    private var rowTop = 0.0
    private var rowIsBreakout = false
    private var rowStart = 0
    private var rowItems = 0
    /// The row's ratio sum, folded from 0 as the original's `reduce`.
    private var rowRatioSum = 0.0
    /// The completed row's height (the original's `Row.height`).
    private var rowHeight = 0.0

    /// What the original reports for one section.
    struct SectionResult {
        var containerHeight: Double
        var widowCount: Int
        var boxCount: Int
    }

    /// Room for `capacity` boxes. Options and ratios are given by `layOutSection` (once per
    /// builder); until then they are placeholders that lay out nothing.
    init(capacity: Int) {
        frames = []
        frames.reserveCapacity(capacity)
        options = JustifiedBlockOptions(
            paddingTop: 0, paddingBottom: 0, paddingLeft: 0, rowWidth: 0,
            horizontalSpacing: 0, verticalSpacing: 0, targetRowHeight: 1, maxNumRows: 0,
            forcedAspectRatio: nil, showWidows: false, breakoutCadence: nil, widowStyle: .left,
            minAspectRatio: 0, maxAspectRatio: 0, minRowHeight: 0, maxRowHeight: 0)
        ratios = JustifiedItemRatios(section: SectionData(itemCount: 0), forced: nil)
    }

    // MARK: The original's computeLayout

    /// Lays out `itemCount` items of section `section` as the original lays out an input of
    /// that many, moved down by `yOffset`.
    ///
    /// Items are checked when the scan reaches them, as in the original: an invalid item
    /// after the last row `maxNumRows` allows is never read, hence never rejected.
    /// - Complexity: O(n) for n items.
    mutating func layOutSection(
        _ section: Int, itemCount: Int, options: JustifiedBlockOptions,
        ratios: JustifiedItemRatios, yOffset: Double
    )
        throws(LayoutError) -> SectionResult
    {
        self.section = section
        self.options = options
        self.ratios = ratios
        self.yOffset = yOffset
        let firstBox = frames.count
        // Step 1. The container starts with its top padding.
        containerHeight = options.paddingTop
        completedRows = 0
        rowIsOpen = false
        var widowCount = 0

        // Step 2. Offer each item to the open row (opening one when there is none).
        var i = 0
        scan: while i < itemCount {
            guard let ratio = ratios.ratio(at: i) else {
                throw LayoutError(
                    field: "dataSource.sections[\(section)].items[\(i)]",
                    message: "Item \(i) has an invalid aspect ratio")
            }
            if !rowIsOpen { openRow() }
            let outcome = try addItem(i, ratio: ratio)
            if outcome != .accepted {
                // Step 3. A completed row is kept; the limit may end the scan here.
                closeRow()
                if Double(completedRows) >= options.maxNumRows {
                    rowIsOpen = false
                    break scan
                }
                openRow()
                // Step 4. A rejected item starts the next row (and may fill it alone).
                if outcome == .completedWithoutItem, try addItem(i, ratio: ratio) != .accepted {
                    closeRow()
                    if Double(completedRows) >= options.maxNumRows {
                        rowIsOpen = false
                        break scan
                    }
                    openRow()
                }
            }
            i += 1
        }

        // Step 5. Widows: the trailing open row, at the previous row's height (its target
        // height after a breakout row), or at the target height when no row completed.
        if rowIsOpen && rowItems > 0 && options.showWidows {
            let height = completedRows == 0 || lastRowIsBreakout ? options.targetRowHeight : lastRowHeight
            try completeRow(items: rowItems, proposedHeight: height, style: options.widowStyle)
            closeRow()
            widowCount = rowItems
        }

        // Step 6. Remove the spacing after the last row, then add the bottom padding.
        containerHeight = containerHeight - options.verticalSpacing
        containerHeight = containerHeight + options.paddingBottom
        return SectionResult(
            containerHeight: containerHeight, widowCount: widowCount,
            boxCount: frames.count - firstBox)
    }

    /// createNewRow: a row starts at the current container height; it is a breakout row when
    /// its number (counted from 1) is a multiple of the cadence, by JavaScript's `%`.
    private mutating func openRow() {
        rowIsOpen = true
        rowTop = containerHeight
        rowItems = 0
        rowRatioSum = 0
        rowHeight = 0
        if let cadence = options.breakoutCadence {
            rowIsBreakout = Double(completedRows + 1).truncatingRemainder(dividingBy: cadence) == 0
        } else {
            rowIsBreakout = false
        }
    }

    /// addRow: the container grows by the row's height and the vertical spacing.
    private mutating func closeRow() {
        completedRows += 1
        lastRowHeight = rowHeight
        lastRowIsBreakout = rowIsBreakout
        containerHeight += rowHeight + options.verticalSpacing
    }

    // MARK: The original's Row.addItem

    private enum AddOutcome {
        /// Taken; the row stays open.
        case accepted
        /// Taken; the row is complete.
        case completedWithItem
        /// Refused; the row completed without it.
        case completedWithoutItem
    }

    /// Row.addItem: the heart of the algorithm. A row takes items while their ratio sum is
    /// below the tolerance band; past the band it keeps or refuses the last item, whichever
    /// leaves the row nearer its target ratio.
    private mutating func addItem(_ i: Int, ratio: Double) throws(LayoutError) -> AddOutcome {
        let o = options
        let count = rowItems
        if count == 0 { rowStart = i }
        let newRatioSum = rowRatioSum + ratio
        let rowWidthWithoutSpacing = o.rowWidth - Double(count) * o.horizontalSpacing
        let targetAspectRatio = rowWidthWithoutSpacing / o.targetRowHeight

        // A breakout row's first item fills it alone when it is square or landscape.
        if rowIsBreakout && count == 0 && ratio >= 1 {
            take(ratio: newRatioSum)
            try completeRow(items: 1, proposedHeight: rowWidthWithoutSpacing / ratio, style: .justify)
            return .completedWithItem
        }
        // Below the band: too tall still; take it and wait for more.
        if newRatioSum < o.minAspectRatio {
            take(ratio: newRatioSum)
            return .accepted
        }
        // Above the band: too short.
        if newRatioSum > o.maxAspectRatio {
            // A lone item (a panorama) is taken whatever its ratio.
            if count == 0 {
                take(ratio: newRatioSum)
                try completeRow(items: 1, proposedHeight: rowWidthWithoutSpacing / newRatioSum, style: .justify)
                return .completedWithItem
            }
            let previousRowWidthWithoutSpacing = o.rowWidth - Double(count - 1) * o.horizontalSpacing
            let previousAspectRatio = rowRatioSum
            let previousTargetAspectRatio = previousRowWidthWithoutSpacing / o.targetRowHeight
            if abs(newRatioSum - targetAspectRatio) > abs(previousAspectRatio - previousTargetAspectRatio) {
                try completeRow(
                    items: count, proposedHeight: previousRowWidthWithoutSpacing / previousAspectRatio,
                    style: .justify)
                return .completedWithoutItem
            }
            take(ratio: newRatioSum)
            try completeRow(items: count + 1, proposedHeight: rowWidthWithoutSpacing / newRatioSum, style: .justify)
            return .completedWithItem
        }
        // Within the band.
        take(ratio: newRatioSum)
        try completeRow(items: count + 1, proposedHeight: rowWidthWithoutSpacing / newRatioSum, style: .justify)
        return .completedWithItem
    }

    @inline(__always)
    private mutating func take(ratio newSum: Double) {
        rowItems += 1
        rowRatioSum = newSum
    }

    // MARK: The original's Row.completeLayout

    /// Row.completeLayout: clamps the proposed height to [0.5, 2]·target (scaling widths so
    /// the row still spans its width), places the first `n` items of the row left to right,
    /// then justifies or centres them. Appends their boxes.
    private mutating func completeRow(
        items n: Int, proposedHeight newHeight: Double,
        style: JustifiedLayout.WidowLayoutStyle
    ) throws(LayoutError) {
        let o = options
        let spacing = o.horizontalSpacing
        let left = o.paddingLeft
        let rowWidthWithoutSpacing = o.rowWidth - Double(n - 1) * spacing
        let clampedHeight = max(o.minRowHeight, min(newHeight, o.maxRowHeight))
        let height: Double
        let clampedToNativeRatio: Double
        if newHeight != clampedHeight {
            height = clampedHeight
            clampedToNativeRatio = (rowWidthWithoutSpacing / clampedHeight) / (rowWidthWithoutSpacing / newHeight)
        } else {
            height = newHeight
            clampedToNativeRatio = 1.0
        }
        rowHeight = height
        let top = yOffset == 0 ? rowTop : yOffset + rowTop
        guard height < .infinity, top.isFinite else { throw notARectangle(rowStart) }
        if n > 0 {
            minRowTop = min(minRowTop, rowTop)
            maxRowTop = max(maxRowTop, rowTop)
        }

        // Justifying and centring need the sum of the laid-out widths first: the same
        // additions as the placing loop below, so the same bits.
        var itemWidthSum = left
        if style != .left {
            for k in 0..<n {
                itemWidthSum += ratio(rowStart + k) * height * clampedToNativeRatio + spacing
            }
        }
        var errorWidthPerItem = 0.0
        var centerShift = 0.0
        switch style {
        case .justify:
            itemWidthSum -= (spacing + left)
            errorWidthPerItem = (itemWidthSum - o.rowWidth) / Double(n)
        case .center:
            // The original's offset: (width − itemWidthSum) / 2, plus one spacing. It centres
            // the row exactly only when the left padding equals the horizontal spacing.
            let centerOffset = (o.rowWidth - itemWidthSum) / 2
            centerShift = centerOffset + spacing
        case .left:
            break
        }

        var x = left
        var previousRoundedError = 0.0
        for k in 0..<n {
            let item = rowStart + k
            var width = ratio(item) * height * clampedToNativeRatio
            var boxLeft = x
            x += width + spacing
            switch style {
            case .justify:
                // The rounding error spread over the row, cumulatively, in whole pixels.
                let roundedError = javaScriptRound(Double(k + 1) * errorWidthPerItem)
                if k > 0 {
                    boxLeft -= previousRoundedError
                    width -= (roundedError - previousRoundedError)
                } else {
                    width -= roundedError
                }
                previousRoundedError = roundedError
            case .center:
                boxLeft += centerShift
            case .left:
                break
            }
            guard width >= 0, width < .infinity, boxLeft.isFinite else { throw notARectangle(item) }
            let box = Rect(x: boxLeft, y: rowTop, width: width, height: height)
            band.add(x0: box.minX, y0: box.minY, x1: box.maxX, y1: box.maxY, height: height)
            frames.append(box)
        }
    }

    /// A ratio already checked by the scan.
    @inline(__always)
    private func ratio(_ i: Int) -> Double {
        ratios.ratio(at: i).unsafelyUnwrapped
    }

    /// Where the original would return a box of negative, infinite or NaN size or position
    /// (spacing that eats a crowded row's width, absurd ratios): rejected, naming the item.
    private func notARectangle(_ item: Int) -> LayoutError {
        LayoutError(
            field: "dataSource.sections[\(section)].items[\(item)]",
            message: "Item \(item) cannot be laid out: its box would not be a rectangle (check boxSpacing and the aspect ratios)")
    }
}

/// JavaScript's `Math.round`: the nearest integer, halves toward +∞, −0 for [−0.5, −0].
/// Not `floor(x + 0.5)`, which is wrong for 0.49999999999999994 and for odd numbers
/// above 2^52; `x − floor(x)` is exact, so the tie test is too.
@inline(__always)
func javaScriptRound(_ x: Double) -> Double {
    let down = x.rounded(.down)
    let r = x - down >= 0.5 ? down + 1 : down
    return r == 0 && x.sign == .minus ? -0.0 : r
}
