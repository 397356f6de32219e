/// UICollectionViewFlowLayout, headless: the geometry of docs/flow.md R1–R16.
///
/// `prepare` classifies and lays out every section once; uniform sections stay arithmetic
/// and mixed sections keep one cross origin per item and a few numbers per line, so rect
/// queries are binary searches (R14) and headers and footers, which pinning (R12) moves
/// with the view, are placed at query time.
public struct FlowLayout: ParameterizedLayout {
    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try prepareFlow(dataSource, view: view)
    }

    /// `prepare`, with its concrete result (the line layout builds on it).
    /// - Complexity: O(1) per section given by a count, O(n) per section with explicit sizes.
    public func prepareFlow(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> PreparedFlowLayout {
        // 1. R11: reject what UIKit would assert on before any work.
        try FlowValidation.validate(view: view)
        try FlowValidation.validate(parameters)
        let axes = FlowAxes(parameters.scrollDirection)
        // 2. R4: D, the empty-bounds rule and the scale are all that prepare reads of the view.
        let geometry = FlowViewGeometry(view, axes)
        let D = geometry.referenceDimension
        let defaults = FlowSectionMetrics(parameters)

        var sections: [FlowSection] = []
        sections.reserveCapacity(D > 0 ? dataSource.sections.count : 0)
        var start = 0.0
        for (index, data) in dataSource.sections.enumerated() {
            // 3. R2: the section's own overrides over the layout-wide values.
            let metrics = try FlowSectionMetrics(defaults, overrides: data.overrides, index: index)
            // 4. R3 (and R11 for the item sizes, in the same pass).
            let (shape, scan) = try FlowShape.classify(
                data, index: index, defaultSize: metrics.defaultItemSize,
                ignoresLeadingZeroItems: parameters.errata.contains(.leadingZeroSizeItemsSkipped))
            // 5. R4: D ≤ 0 lays nothing out, but every input above has still been checked.
            guard D > 0 else { continue }
            // 6. R5–R10: the section's cells, header and footer; R9 stacks sections.
            let content = FlowSectionContent(
                data, shape: shape, scan: scan, metrics: metrics,
                referenceDimension: D, axes: axes, errata: parameters.errata)
            let section = FlowSection(content, start: start)
            start = section.end
            sections.append(section)
        }
        return PreparedFlowLayout(
            sections: sections, totalLength: start, parameters: parameters,
            geometry: geometry)
    }
}

/// What a prepared flow layout read from the view. A new view with the same values needs no
/// new prepare.
struct FlowViewGeometry: Sendable, Hashable {
    /// R4: D.
    let referenceDimension: Double
    /// R4: with either bounds dimension 0 there are no cells.
    let showsCells: Bool
    /// R13: 0 = no rounding.
    let scale: Double

    init(_ view: ViewContext, _ axes: FlowAxes) {
        referenceDimension = axes.referenceDimension(view)
        showsCells = view.bounds.width != 0 && view.bounds.height != 0
        scale = view.scale
    }
}
