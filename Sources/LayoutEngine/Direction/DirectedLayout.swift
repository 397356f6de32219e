/// A layout with UIKit's two direction properties, `flipsHorizontallyInOppositeLayoutDirection`
/// and `developmentLayoutDirection`: it prepares its base layout and, when the view's effective
/// direction makes that layout mirror its own frames (`DirectionRules`), answers them mirrored.
/// Every layout the service decodes is one, so a view's direction can change without the
/// layout being decoded again; a left-to-right view prepares the base layout as it is.
public struct DirectedLayout: CollectionLayout {
    public let base: any CollectionLayout
    public let layoutClass: DirectionRules.LayoutClass
    public let flipsHorizontallyInOppositeLayoutDirection: Bool
    public let developmentLayoutDirection: LayoutDirection

    public init(
        _ base: any CollectionLayout, class layoutClass: DirectionRules.LayoutClass,
        flipsHorizontallyInOppositeLayoutDirection: Bool = false, developmentLayoutDirection: LayoutDirection = .leftToRight
    ) {
        self.base = base
        self.layoutClass = layoutClass
        self.flipsHorizontallyInOppositeLayoutDirection = flipsHorizontallyInOppositeLayoutDirection
        self.developmentLayoutDirection = developmentLayoutDirection
    }

    /// What UIKit does with this layout in `view`'s effective direction.
    public func outcome(in view: ViewContext) -> DirectionRules.Outcome {
        DirectionRules.resolve(
            layoutClass, effective: view.layoutDirection, development: developmentLayoutDirection,
            flips: flipsHorizontallyInOppositeLayoutDirection)
    }

    public func flipsAxis(in view: ViewContext) -> Bool {
        outcome(in: view).axisFlipped
    }

    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        let prepared = try base.prepare(dataSource, view: view)
        switch outcome(in: view).ownMirror {
        case .none:
            return prepared
        case .verticalFlow:
            return HorizontallyMirroredLayout(prepared, width: HorizontallyMirroredLayout.flowWidth(of: view))
        case .horizontalFlow:
            // L3: only the flow layout's own prepared form can be mapped (it is what a
            // horizontal flow prepares to).
            guard let flow = prepared as? PreparedFlowLayout else { return prepared }
            return RightToLeftHorizontalFlow(flow)
        }
    }
}
