import LayoutEngine

extension LayoutRegistry {
    static let stackParameters: [LayoutParameter<StackLayout.Parameters>] = [
        .read("itemSize", .size, into: \.itemSize),
        .read("offset", .point, into: \.offset),
        .read("angleStep", .number, into: \.angleStep),
        .read("visibleCount", .integer(min: 0), into: \.visibleCount)
    ]

    /// docs/layouts.md §7.
    static let stack = LayoutKind(type: "stack", needsBounds: true, defaults: StackLayout(), parameters: stackParameters)
}
