/// A point in the collection view's content coordinates (y grows downward, as in UIKit).
public struct Point: Hashable, Sendable {
    public var x, y: Double

    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }

    public static let zero = Point(x: 0, y: 0)
}
