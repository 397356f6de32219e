import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §5.
    static let circle = LayoutKind(
        type: "circle", needsBounds: true, defaults: CircleLayout.Parameters(),
        parameters: [
            .read("itemSize", .size, into: \.itemSize), .read("radiusFactor", .nonNegativeNumber, into: \.radiusFactor),
            .read("background", .bool, into: \.background)
        ]
    ) { CircleLayout($0) }
}
