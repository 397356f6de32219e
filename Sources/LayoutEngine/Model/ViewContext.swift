/// The part of a live UICollectionView a headless layout must be told: bounds size, scroll
/// position, content inset and the display scale (0 = exact, no pixel rounding).
public struct ViewContext: Hashable, Sendable {
    public var bounds: Size
    public var contentOffset: Point
    public var contentInset: EdgeInsets
    public var scale: Double
    /// The scroll offsets of orthogonally scrolling compositional sections, by section index
    /// (docs/compositional.md C13); absent = 0. Other layouts ignore them.
    public var orthogonalOffsets: [Int: Double]
    /// The collection view's effective layout direction (`effectiveUserInterfaceLayoutDirection`;
    /// docs/layout-direction.md).
    public var layoutDirection: LayoutDirection
    /// UIView.layoutMargins, physical; nil is the system's (the list margin beyond the safe
    /// area, docs/compositional.md L-M1). Only list sections read them, and the safe area.
    public var layoutMargins: EdgeInsets?
    /// UIView.safeAreaInsets, physical.
    public var safeAreaInsets: EdgeInsets
    /// Whether the screen wants wide margins (the Plus and Max phones: list margins of 20).
    public var wantsWideMargins: Bool

    public init(
        bounds: Size = .zero, contentOffset: Point = .zero,
        contentInset: EdgeInsets = .zero, scale: Double = 0,
        orthogonalOffsets: [Int: Double] = [:], layoutDirection: LayoutDirection = .leftToRight,
        layoutMargins: EdgeInsets? = nil, safeAreaInsets: EdgeInsets = .zero, wantsWideMargins: Bool = false
    ) {
        self.layoutMargins = layoutMargins
        self.safeAreaInsets = safeAreaInsets
        self.wantsWideMargins = wantsWideMargins
        self.bounds = bounds
        self.contentOffset = contentOffset
        self.contentInset = contentInset
        self.scale = scale
        self.orthogonalOffsets = orthogonalOffsets
        self.layoutDirection = layoutDirection
    }

    /// The scales a view may have besides 0: pixel rounding at a scale s moves origins to
    /// multiples of 1/s, so a tiny scale (1e-300) would put every origin at 0 and make every
    /// query scan everything. 0.25 is a browser zoomed out to 25 % on a 1× screen; 16 is
    /// far past any display.
    public static let scales: ClosedRange<Double> = 0.25...16

    public static let scaleRule = "must be 0 (no rounding) or from \(scales.lowerBound) to \(Int(scales.upperBound))"

    /// 0 (exact arithmetic, no rounding) or within `scales`.
    public static func isValidScale(_ scale: Double) -> Bool {
        scale == 0 || scales.contains(scale)
    }

    /// The visible rectangle: the bounds at the content offset, inset by the content inset (R12).
    public var visibleRect: Rect {
        Rect(
            x: contentOffset.x + contentInset.left,
            y: contentOffset.y + contentInset.top,
            width: max(0, bounds.width - contentInset.left - contentInset.right),
            height: max(0, bounds.height - contentInset.top - contentInset.bottom))
    }

    /// The bounds rectangle at the content offset, not inset.
    public var boundsRect: Rect {
        Rect(x: contentOffset.x, y: contentOffset.y, width: bounds.width, height: bounds.height)
    }
}
