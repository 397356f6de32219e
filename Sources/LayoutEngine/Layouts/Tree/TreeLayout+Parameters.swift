extension TreeLayout {
    /// Every cell's size and the margins around it, which together make a slot (docs/layouts.md §6).
    public struct Parameters: Sendable, Hashable {
        /// Every cell's size (≥ 0).
        public var itemSize: Size
        /// Around each cell inside its slot (≥ 0).
        public var insets: EdgeInsets

        public init(itemSize: Size = Size(width: 120, height: 40), insets: EdgeInsets = EdgeInsets(all: 8)) {
            self.itemSize = itemSize
            self.insets = insets
        }

        /// Insets must not be negative here, unlike a flow layout's: they are the slot's
        /// margins, and a negative one would overlap slots and give connectors negative widths.
        public func validate() throws(LayoutError) {
            try LayoutCheck.nonNegative(itemSize, LayoutCheck.parameterField("itemSize"))
            try LayoutCheck.nonNegative(insets, LayoutCheck.parameterField("insets"))
        }
    }
}
