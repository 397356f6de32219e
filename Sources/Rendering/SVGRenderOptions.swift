import LayoutEngine

/// How a picture is drawn; none of these change what is drawn.
public struct SVGRenderOptions: Hashable, Sendable {
    public enum Theme: String, Hashable, Sendable, CaseIterable {
        case light
        case dark
    }

    /// Index-path labels on the elements.
    public var labels: Bool
    /// Output pixels per layout point: the `width`/`height` of the picture are the drawn
    /// area times this; the drawing itself is in layout points (the `viewBox`).
    public var scale: Double
    public var theme: Theme

    public static let scaleRange: ClosedRange<Double> = 0.01...64

    public init(labels: Bool = true, scale: Double = 1, theme: Theme = .light) {
        self.labels = labels
        self.scale = scale
        self.theme = theme
    }
}

/// What one picture shows: the layout's answer for a rect (or for everything).
public struct RenderScene: Sendable {
    public var contentSize: Size
    public var elements: [LayoutAttributes]
    /// The rect the elements were asked for; outlined, and the picture is framed to it.
    public var rect: Rect?
    /// The view's bounds at its content offset, outlined dotted (where the screen is).
    public var visibleBounds: Rect?
    /// Set when the collection view's axis is flipped (docs/layout-direction.md, L1): the width
    /// the screen mirrors across. The elements, the rect and the bounds above stay in the
    /// layout's own space, as the layout answers them; the picture shows each one where the
    /// screen does, `x = visualWidth − x − w` (an element at its `visualFrame`).
    public var visualWidth: Double?
    /// Where each element is drawn, one per element, when no one width says it: a
    /// transition between two layouts drawn differently (`TransitionLayout.drawnFrame`). The
    /// elements' own frames are then not mirrored; `visualWidth` still places the outlines.
    public var drawnFrames: [Rect]?

    public init(
        contentSize: Size, elements: [LayoutAttributes], rect: Rect? = nil, visibleBounds: Rect? = nil,
        visualWidth: Double? = nil, drawnFrames: [Rect]? = nil
    ) {
        precondition(drawnFrames.map { $0.count == elements.count } ?? true, "one drawn frame per element")
        self.contentSize = contentSize
        self.elements = elements
        self.rect = rect
        self.visibleBounds = visibleBounds
        self.visualWidth = visualWidth
        self.drawnFrames = drawnFrames
    }
}
