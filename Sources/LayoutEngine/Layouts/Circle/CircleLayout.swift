/// Circle layout (docs/layouts.md §5; seed 004 and Apple's CircleLayout sample): each section's
/// items evenly spaced on a circle about the view's centre, later sections on smaller
/// circles.
public struct CircleLayout: ParameterizedLayout {
    public struct Parameters: Sendable, Hashable {
        /// `itemSize`: every cell's size. Default 70×70.
        public var itemSize: Size
        /// `radiusFactor`: radius = min(W, H)·radiusFactor. Default 0.4 (the sample's min/2.5).
        public var radiusFactor: Double
        /// `background`: one `background` decoration view behind the content.
        public var background: Bool

        public init(
            itemSize: Size = Size(width: 70, height: 70), radiusFactor: Double = 0.4,
            background: Bool = false
        ) {
            self.itemSize = itemSize
            self.radiusFactor = radiusFactor
            self.background = background
        }

        /// Rejects a negative or non-finite item size, and a negative or non-finite radius
        /// factor (a negative radius would mirror every circle through the centre).
        public func validate() throws(LayoutError) {
            try LayoutCheck.size(itemSize, name: "itemSize")
            try LayoutCheck.finiteNonNegative(radiusFactor, name: "radiusFactor")
        }
    }

    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// - Complexity: O(n) for n items.
    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try parameters.validate()
        return PreparedCircleLayout(parameters: parameters, numbering: ItemNumbering(dataSource), bounds: view.bounds)
    }
}
