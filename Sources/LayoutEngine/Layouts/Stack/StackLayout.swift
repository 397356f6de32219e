/// Stack layout (docs/layouts.md §7; seed 000, "a stack of views on top of each other"): each
/// section is a pile of cards centred in its own page, item 0 on top.
public struct StackLayout: ParameterizedLayout {
    public struct Parameters: Sendable, Hashable {
        /// `itemSize`: every card's size. Default 200×200.
        public var itemSize: Size
        /// `offset`: how far each card sits from the one above it, as a point
        /// (`{"x", "y"}`). Default (0, 4).
        public var offset: Point
        /// `angleStep`: each card turns this many degrees (about z) more than the one above.
        /// Default 0.
        public var angleStep: Double
        /// `visibleCount`: cards at position i ≥ visibleCount are hidden. Default 5.
        public var visibleCount: Int

        public init(
            itemSize: Size = Size(width: 200, height: 200), offset: Point = Point(x: 0, y: 4),
            angleStep: Double = 0, visibleCount: Int = 5
        ) {
            self.itemSize = itemSize
            self.offset = offset
            self.angleStep = angleStep
            self.visibleCount = visibleCount
        }

        /// Rejects a negative or non-finite size, a non-finite offset or angle, and a
        /// negative visible count (0 is allowed: every card hidden).
        public func validate() throws(LayoutError) {
            try LayoutCheck.size(itemSize, name: "itemSize")
            guard offset.x.isFinite, offset.y.isFinite else {
                throw LayoutError(field: "layout.offset", message: "offset must be finite")
            }
            guard angleStep.isFinite else {
                throw LayoutError(field: "layout.angleStep", message: "angleStep must be a finite number of degrees")
            }
            guard visibleCount >= 0 else {
                throw LayoutError(field: "layout.visibleCount", message: "visibleCount must not be negative")
            }
        }
    }

    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// - Complexity: O(n) for n items.
    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try parameters.validate()
        return PreparedStackLayout(parameters: parameters, numbering: ItemNumbering(dataSource), bounds: view.bounds)
    }
}
