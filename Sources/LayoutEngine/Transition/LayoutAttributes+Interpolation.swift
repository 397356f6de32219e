extension Rect {
    /// Linear interpolation of origin and size (so the centre moves linearly too).
    public func interpolated(to other: Rect, progress p: Double) -> Rect {
        Rect(
            x: minX + (other.minX - minX) * p, y: minY + (other.minY - minY) * p,
            width: width + (other.width - width) * p, height: height + (other.height - height) * p)
    }
}

extension LayoutAttributes {
    /// UICollectionViewTransitionLayout's blend: frame, alpha and every transform entry move
    /// linearly with `p` (0 = self, 1 = other). zIndex, hidden and extras switch at the midpoint.
    public func interpolated(to other: LayoutAttributes, progress p: Double) -> LayoutAttributes {
        var out = p < 0.5 ? self : other
        out.frame = frame.interpolated(to: other.frame, progress: p)
        out.alpha = alpha + (other.alpha - alpha) * p
        out.transform = transform.interpolated(to: other.transform, progress: p)
        return out
    }
}
