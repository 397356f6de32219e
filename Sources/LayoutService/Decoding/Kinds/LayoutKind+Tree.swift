import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §6: the tree needs no bounds; its size follows the data.
    static let tree = LayoutKind(
        type: "tree", needsBounds: false, parameterKeys: ["itemSize", "insets"], sectionKeys: [:], readsChildren: true
    ) { o throws(APIError) -> any CollectionLayout in
        var p = TreeLayout.Parameters()
        if let v = try o.size("itemSize") { p.itemSize = v }
        if let v = try o.insets("insets") { p.insets = v }
        return TreeLayout(p)
    }
}
