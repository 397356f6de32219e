/// The line layout's geometry is the flow layout's, so its update is the flow update, with
/// the same zoom parameters (already validated by the prepare that made this layout).
extension PreparedLineLayout: IncrementallyUpdatable {
    public func updated(
        to newDataSource: DataSource, hint: LayoutUpdateHint,
        view: ViewContext
    ) throws(LayoutError) -> any PreparedLayout {
        PreparedLineLayout(
            flow: try flow.updatedFlow(to: newDataSource, hint: hint, view: view),
            activeDistance: activeDistance, zoomFactor: zoomFactor)
    }
}
