/// Cover flow (docs/layouts.md §3; seed 003, sawat's CVCLCoverFlowLayout): one horizontal strip
/// of all items; the cell at the visible centre faces the viewer, the others turn away.
///
/// The prepared layout holds geometry only (frames, headers). Transforms and zIndex depend
/// on the content offset and are computed from the view passed to each query.
public struct CoverFlowLayout: ParameterizedLayout {
    public struct Parameters: Sendable, Hashable {
        /// `cellSize`: every cell's (untransformed) size. Default 100×100.
        public var cellSize: Size
        /// `cellInterval`: distance between neighbouring cell centres; nil means
        /// `cellSize.width / 3`, the original's default.
        public var cellInterval: Double?
        /// `reflection`: a `reflection` decoration view under every cell.
        public var reflection: Bool
        /// `headerHeight`: height of the per-section `header`; 0 = no headers.
        public var headerHeight: Double

        public init(
            cellSize: Size = Size(width: 100, height: 100), cellInterval: Double? = nil,
            reflection: Bool = false, headerHeight: Double = 0
        ) {
            self.cellSize = cellSize
            self.cellInterval = cellInterval
            self.reflection = reflection
            self.headerHeight = headerHeight
        }

        /// The interval in effect: the given one, or cellSize.width / 3.
        public var effectiveCellInterval: Double { cellInterval ?? cellSize.width / 3 }

        /// Rejects what the formulas cannot use: a negative or non-finite size or height, and
        /// a cell interval that is not positive (it divides the rate: t = cellInterval / W).
        public func validate() throws(LayoutError) {
            try LayoutCheck.size(cellSize, name: "cellSize")
            let interval = effectiveCellInterval
            guard interval.isFinite, interval > 0 else {
                let why = cellInterval == nil ? " (the default, cellSize.width / 3, is 0 here)" : ""
                throw LayoutError(field: "layout.cellInterval", message: "cellInterval must be a finite number > 0" + why)
            }
            try LayoutCheck.finiteNonNegative(headerHeight, name: "headerHeight")
        }
    }

    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// - Complexity: O(n) time and memory for n items (the frame index).
    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try parameters.validate()
        // §3 divides by the threshold t = cellInterval / W: an interval so small against the
        // width that t underflows to 0 would turn every transform into NaN.
        let width = view.bounds.width
        if width > 0 {
            let threshold = parameters.effectiveCellInterval / width
            guard threshold > 0, threshold.isNormal else {
                throw LayoutError(
                    field: parameters.cellInterval == nil ? "layout.cellSize" : "layout.cellInterval",
                    message: "the cell interval (\(parameters.effectiveCellInterval)) is too small for a view \(width) wide")
            }
        }
        return PreparedCoverFlowLayout(
            parameters: parameters, numbering: ItemNumbering(dataSource),
            bounds: view.bounds)
    }
}
