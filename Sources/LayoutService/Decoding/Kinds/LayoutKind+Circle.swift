import LayoutEngine

extension LayoutRegistry {
    static let circleParameters: [LayoutParameter<CircleLayout.Parameters>] = [
        .read("itemSize", .size, into: \.itemSize),
        .read("radiusFactor", .nonNegativeNumber, into: \.radiusFactor),
        .read("background", .bool, into: \.background)
    ]

    /// docs/layouts.md §5.
    static let circle = LayoutKind(type: "circle", needsBounds: true, defaults: CircleLayout(), parameters: circleParameters)
}
