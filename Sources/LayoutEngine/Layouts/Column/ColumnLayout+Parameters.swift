extension ColumnLayout {
    /// The seed's two inputs (docs/layouts.md §1), with its defaults.
    public struct Parameters: Sendable, Hashable {
        /// How many columns share the bounds width (≥ 1).
        public var numColumns: Int
        /// The gap kept around each cell inside its column (≥ 0).
        public var padding: Double

        public init(numColumns: Int = 4, padding: Double = 3) {
            self.numColumns = numColumns
            self.padding = padding
        }

        /// Rejects values the layout cannot use. A negative padding is rejected: it would let
        /// a column's bottom move up, where the spec's "tallest column bottom" and the seed's
        /// running maximum of frame bottoms stop agreeing.
        public func validate() throws(LayoutError) {
            try LayoutCheck.columnCount(numColumns, LayoutCheck.parameterField("numColumns"))
            try LayoutCheck.nonNegative(padding, LayoutCheck.parameterField("padding"))
        }
    }
}
