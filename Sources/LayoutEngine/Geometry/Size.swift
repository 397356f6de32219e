/// A width and a height. Layout inputs are validated before they become sizes, so a `Size`
/// inside the engine is finite; it may be zero.
public struct Size: Hashable, Sendable {
    public var width, height: Double

    public init(width: Double, height: Double) { (self.width, self.height) = (width, height) }

    public static let zero = Size(width: 0, height: 0)
}
