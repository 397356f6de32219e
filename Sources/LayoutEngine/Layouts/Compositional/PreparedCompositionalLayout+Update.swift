/// Batch updates at the cost of what they touch (`IncrementallyUpdatable`): sections are
/// laid out section-locally, so a section the hint reports unchanged (same items, same
/// section spec) keeps its content wherever it moved; touched and new sections are laid out
/// as `prepare` does; the stacking is redone, O(sections). The result equals
/// `CompositionalLayout.prepare(newDataSource, view:)` exactly: the same expressions run on
/// the same values, kept or recomputed.
extension PreparedCompositionalLayout: IncrementallyUpdatable {
    public func updated(
        to dataSource: DataSource, hint: LayoutUpdateHint,
        view: ViewContext
    ) throws(LayoutError) -> any PreparedLayout {
        let newFrame = layout.frame(view)
        guard newFrame == frame, hint.unchangedSourceSection.count == dataSource.sections.count,
            view.bounds.width > 0, view.bounds.height > 0
        else { return try layout.prepareCompositional(dataSource, view: view) }
        try CompositionalKinds.check(layout.configuration, dataSource: dataSource, layout: layout)
        let extents = try PlacedBoundary.extents(
            layout.configuration.boundarySupplementaryItems,
            container: view.bounds, axes: frame.axes, grid: frame.grid,
            path: "layout.boundarySupplementaryItems")
        var out: [CompositionalSection] = []
        out.reserveCapacity(dataSource.sections.count)
        var templates = GroupTemplates(sections)
        for (s, data) in dataSource.sections.enumerated() {
            let spec = layout.sectionSpec(for: data).expanded(
                section: s, of: dataSource.sections.count, environment: frame.list)
            if let j = hint.unchangedSource(of: s, among: sections.indices),
                sections[j].itemCount == data.itemCount, sections[j].spec == spec
            {
                out.append(sections[j])
            } else {
                out.append(try CompositionalSection.make(spec, data: data, sectionIndex: s, frame: frame, templates: &templates))
            }
        }
        return PreparedCompositionalLayout(layout: layout, frame: frame, sections: out, layoutExtents: extents)
    }
}
