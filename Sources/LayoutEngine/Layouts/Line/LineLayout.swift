/// The line layout of docs/layouts.md §4 (Xamarin's LineLayout sample): a flow layout in one
/// horizontal row whose cells zoom as they near the centre of the visible bounds.
///
/// The geometry is entirely `FlowLayout`'s; this layout only adds the zoom transform at query
/// time and its own snapping `targetContentOffset`.
public struct LineLayout: ParameterizedLayout {
    public struct Parameters: Sendable, Hashable {
        /// Every flow input, with the line layout's defaults (`Parameters.lineDefaults`);
        /// per-section overrides are read exactly as the flow layout reads them.
        public var flow: FlowLayout.Parameters
        /// Cells whose centre is closer than this to the view's centre zoom.
        public var activeDistance: Double
        /// The extra scale at the very centre.
        public var zoomFactor: Double

        public init(
            flow: FlowLayout.Parameters = Parameters.lineDefaults,
            activeDistance: Double = 200, zoomFactor: Double = 0.3
        ) {
            self.flow = flow
            self.activeDistance = activeDistance
            self.zoomFactor = zoomFactor
        }

        /// §4: itemSize 200×200, horizontal, sectionInset top 200 / bottom 200, line spacing 50;
        /// everything else as the flow layout.
        public static let lineDefaults = FlowLayout.Parameters(
            scrollDirection: .horizontal,
            itemSize: Size(width: 200, height: 200),
            minimumLineSpacing: 50,
            sectionInset: EdgeInsets(top: 200, left: 0, bottom: 200, right: 0))
    }

    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try FlowValidation.number(parameters.activeDistance, "layout.activeDistance")
        try FlowValidation.number(parameters.zoomFactor, "layout.zoomFactor")
        let flow = try FlowLayout(parameters.flow).prepareFlow(dataSource, view: view)
        return PreparedLineLayout(
            flow: flow, activeDistance: parameters.activeDistance,
            zoomFactor: parameters.zoomFactor)
    }
}
