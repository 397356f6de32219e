import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §6: the tree needs no bounds; its size follows the data.
    static let tree = LayoutKind(
        type: "tree", needsBounds: false, defaults: TreeLayout.Parameters(),
        parameters: [.read("itemSize", .size, into: \.itemSize), .read("insets", .insets, into: \.insets)], readsChildren: true
    ) { TreeLayout($0) }
}
