/// UICollectionViewFlowLayout.scrollDirection: which axis is the along (scroll) axis (docs/flow.md R1).
public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
    case vertical
    case horizontal
}
