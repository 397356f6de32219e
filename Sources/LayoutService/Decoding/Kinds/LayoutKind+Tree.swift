import LayoutEngine

extension LayoutRegistry {
    static let treeParameters: [LayoutParameter<TreeLayout.Parameters>] = [
        .read("itemSize", .size, into: \.itemSize),
        .read("insets", .insets, into: \.insets)
    ]

    /// docs/layouts.md §6: the tree needs no bounds; its size follows the data.
    static let tree = LayoutKind(type: "tree", needsBounds: false, defaults: TreeLayout(), parameters: treeParameters, readsChildren: true)
}
