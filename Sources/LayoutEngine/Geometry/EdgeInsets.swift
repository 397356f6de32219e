/// UIEdgeInsets: distances inward from each edge. Negative values are allowed (docs/flow.md R11).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
