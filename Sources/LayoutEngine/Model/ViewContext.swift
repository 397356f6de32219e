/// The part of a live UICollectionView a headless layout must be told: bounds size, scroll
/// position, content inset and the display scale (0 = exact, no pixel rounding).
public struct ViewContext: Hashable, Sendable {
    public var bounds: Size
    public var contentOffset: Point
    public var contentInset: EdgeInsets
    public var scale: Double
    /// The scroll offsets of orthogonally scrolling compositional sections, by section index
    /// (COMPOSITIONAL.md C13); absent = 0. Other layouts ignore them.
    public var orthogonalOffsets: [Int: Double]

    public init(bounds: Size = .zero, contentOffset: Point = .zero,
                contentInset: EdgeInsets = .zero, scale: Double = 0,
                orthogonalOffsets: [Int: Double] = [:]) {
        self.bounds = bounds
        self.contentOffset = contentOffset
        self.contentInset = contentInset
        self.scale = scale
        self.orthogonalOffsets = orthogonalOffsets
    }

    /// The visible rectangle: the bounds at the content offset, inset by the content inset (R12).
    public var visibleRect: Rect {
        Rect(x: contentOffset.x + contentInset.left,
             y: contentOffset.y + contentInset.top,
             width: max(0, bounds.width - contentInset.left - contentInset.right),
             height: max(0, bounds.height - contentInset.top - contentInset.bottom))
    }

    /// The bounds rectangle at the content offset, not inset.
    public var boundsRect: Rect {
        Rect(x: contentOffset.x, y: contentOffset.y, width: bounds.width, height: bounds.height)
    }
}
