/// A rectangle with a non-negative size (the engine never builds a negative one; inputs
/// with negative sizes are rejected before they arrive here).
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { (self.origin, self.size) = (origin, size) }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inline(__always) public var minX: Double { origin.x }
    @inline(__always) public var minY: Double { origin.y }
    @inline(__always) public var maxX: Double { origin.x + size.width }
    @inline(__always) public var maxY: Double { origin.y + size.height }
    @inline(__always) public var width: Double { size.width }
    @inline(__always) public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Closed-rectangle intersection: rectangles that only share an edge intersect (R14).
    @inline(__always)
    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// True when either side is zero: such a query rectangle returns no cells (R14).
    public var isEmptyArea: Bool { size.width == 0 || size.height == 0 }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
}
