/// The waterfall layout of docs/layouts.md §2: Pinterest-style columns with
/// CHTCollectionViewWaterfallLayout's semantics (seed 004 carries Xamarin's port).
///
/// Item data: each item's original `size`; only its aspect ratio matters. CHT asks its
/// delegate for every item's size and has no default, so an item without one is rejected,
/// naming `dataSource.sections[s].items[i].size`, with one extension: an item that gives an
/// `aspectRatio` r instead is laid out as the size (r, 1), which has that ratio, so data
/// prepared for the justified layout also lays out here.
///
/// Elements: cells, then the `header` views in section order, then the `footer` views in
/// section order (UIKit's order, docs/flow.md R15; CHT collects them the same way). Headers and
/// footers sit at `[section, 0]`. CHT never sets a zIndex, so every element keeps zIndex 0
/// (unlike UICollectionViewFlowLayout's 10 for headers and footers).
public struct WaterfallLayout: ParameterizedLayout {
    /// Which column the next item goes to (CHTCollectionViewWaterfallLayoutItemRenderDirection).
    public enum ItemRenderDirection: String, Sendable, Hashable, CaseIterable {
        /// The column with the lowest height; ties go to the leftmost.
        case shortestFirst
        /// Column `item mod columnCount`.
        case leftToRight
        /// Column `columnCount − 1 − (item mod columnCount)`.
        case rightToLeft
    }

    public struct Parameters: Sendable, Hashable {
        /// Columns per section (≥ 1); per section: `columnCount`.
        public var columnCount: Int
        /// The horizontal gap between columns; per section: `minimumColumnSpacing`.
        public var minimumColumnSpacing: Double
        /// The vertical gap between items of a column; per section: `minimumInteritemSpacing`.
        public var minimumInteritemSpacing: Double
        /// Around the section's items; per section: `sectionInset`.
        public var sectionInset: EdgeInsets
        /// The header's height, 0 for none (≥ 0); per section: `headerHeight`.
        public var headerHeight: Double
        /// The footer's height, 0 for none (≥ 0); per section: `footerHeight`.
        public var footerHeight: Double
        /// Around the header; per section: `headerInset`.
        public var headerInset: EdgeInsets
        /// Around the footer; per section: `footerInset`.
        public var footerInset: EdgeInsets
        /// Layout-wide only.
        public var itemRenderDirection: ItemRenderDirection
        /// The content is at least this tall (≥ 0). Layout-wide only.
        public var minimumContentHeight: Double

        public init(
            columnCount: Int = 2, minimumColumnSpacing: Double = 10,
            minimumInteritemSpacing: Double = 10, sectionInset: EdgeInsets = .zero,
            headerHeight: Double = 0, footerHeight: Double = 0,
            headerInset: EdgeInsets = .zero, footerInset: EdgeInsets = .zero,
            itemRenderDirection: ItemRenderDirection = .shortestFirst,
            minimumContentHeight: Double = 0
        ) {
            self.columnCount = columnCount
            self.minimumColumnSpacing = minimumColumnSpacing
            self.minimumInteritemSpacing = minimumInteritemSpacing
            self.sectionInset = sectionInset
            self.headerHeight = headerHeight
            self.footerHeight = footerHeight
            self.headerInset = headerInset
            self.footerInset = footerInset
            self.itemRenderDirection = itemRenderDirection
            self.minimumContentHeight = minimumContentHeight
        }

        /// Spacings and insets may be negative, as in UIKit (docs/flow.md R11: they go through the
        /// same arithmetic), but must be finite. Heights must not be negative (docs/layouts.md: 0
        /// means no such view; docs/flow.md R11 rejects negative header and footer sizes).
        public func validate() throws(LayoutError) {
            func field(_ key: SectionOverrideKey) -> String { LayoutCheck.parameterField(key.rawValue) }
            try LayoutCheck.columnCount(columnCount, field(.columnCount))
            try LayoutCheck.finite(minimumColumnSpacing, field(.minimumColumnSpacing))
            try LayoutCheck.finite(minimumInteritemSpacing, field(.minimumInteritemSpacing))
            try LayoutCheck.nonNegative(headerHeight, field(.headerHeight))
            try LayoutCheck.nonNegative(footerHeight, field(.footerHeight))
            try LayoutCheck.finite(sectionInset, field(.sectionInset))
            try LayoutCheck.finite(headerInset, field(.headerInset))
            try LayoutCheck.finite(footerInset, field(.footerInset))
            try LayoutCheck.nonNegative(minimumContentHeight, LayoutCheck.parameterField("minimumContentHeight"))
        }
    }

    /// The keys a section's own `layout` object may override, with their types.
    public enum SectionOverrideKey: String, Sendable, Hashable, CaseIterable {
        case columnCount, minimumColumnSpacing, minimumInteritemSpacing, headerHeight, footerHeight
        case sectionInset, headerInset, footerInset

        /// True for the `.insets` keys; the others are `.number`s.
        public var isInsets: Bool {
            switch self {
            case .sectionInset, .headerInset, .footerInset: true
            default: false
            }
        }
    }

    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// - Complexity: O(n + sections) for n items with the directions
    ///   leftToRight and rightToLeft, O(n·log columnCount + sections) for shortestFirst.
    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        // Checks first, so that placing cannot fail: parameters and view,
        try parameters.validate()
        try LayoutCheck.view(view)
        // each section's parameters (its overrides applied to the layout's),
        var sectionParameters: [Parameters] = []
        sectionParameters.reserveCapacity(dataSource.sections.count)
        for (s, section) in dataSource.sections.enumerated() {
            sectionParameters.append(try parameters.applying(section.overrides, section: s))
        }
        // and every item's data, with the height it scales to.
        let placer = WaterfallPlacer(
            direction: parameters.itemRenderDirection,
            width: view.bounds.width, scale: view.scale)
        for (s, section) in dataSource.sections.enumerated() {
            try placer.checkItems(section, section: s, parameters: sectionParameters[s])
        }
        // Then §2's steps 1–5 section by section, and the content size.
        return placer.place(dataSource, sectionParameters: sectionParameters, parameters: parameters)
    }

}

extension WaterfallPlacer {
    /// Every item gives a finite, non-negative size, or failing that an aspect ratio, and
    /// the cell height §2.4 scales it to is a length the API can answer: finite and within
    /// `LayoutCheck.maximumLength`. (A size of 1e-300 × 1e15 is a valid pair of numbers
    /// whose ratio is not: scaled to a column it would be infinitely tall.)
    func checkItems(_ section: SectionData, section s: Int, parameters: WaterfallLayout.Parameters) throws(LayoutError) {
        let itemWidth = itemWidth(parameters)
        for i in 0..<section.itemCount {
            let field: String, width: Double, height: Double
            if let size = section.size(at: i) {
                try LayoutCheck.nonNegative(size, LayoutCheck.itemField(section: s, item: i, "size"))
                (field, width, height) = ("size", size.width, size.height)
            } else if let ratio = section.aspectRatio(at: i) {
                try LayoutCheck.nonNegative(ratio, LayoutCheck.itemField(section: s, item: i, "aspectRatio"))
                (field, width, height) = ("aspectRatio", ratio, 1)
            } else {
                throw LayoutError(
                    field: LayoutCheck.itemField(section: s, item: i, "size"),
                    message: "is required: the waterfall layout scales each item's size to its column width")
            }
            guard height > 0 && width > 0 else { continue }
            let cellHeight = floorPx(height * itemWidth / width)
            try LayoutCheck.derivedLength(
                cellHeight, LayoutCheck.itemField(section: s, item: i, field),
                what: "scales to a cell height of \(cellHeight) at the column width \(itemWidth)")
        }
    }
}
