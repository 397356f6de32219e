import LayoutEngine

/// An item being dragged: where it started, where it would land, and where the finger is.
struct InteractiveMovement: Sendable {
    var origin: IndexPath
    var target: IndexPath
    var position: Point
    /// The layout of the tentative order (the item moved from origin to target).
    var tentative: any PreparedLayout
    var tentativeDataSource: DataSource
}
