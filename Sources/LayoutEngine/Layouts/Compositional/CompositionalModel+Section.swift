/// A compositional section (docs/compositional.md §1, SECTION), as a plain value.
extension CompositionalLayout {
    /// UICollectionLayoutSectionOrthogonalScrollingBehavior.
    public enum OrthogonalScrolling: String, Hashable, Sendable, CaseIterable {
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// NSCollectionLayoutSection. `path` is its JSON path (`layout.section`,
    /// `dataSource.sections[2].layout`).
    public struct Section: Hashable, Sendable {
        public var group: Group
        public var interGroupSpacing: Double
        public var contentInsets: Insets
        public var supplementariesFollowContentInsets: Bool
        public var orthogonalScrollingBehavior: OrthogonalScrolling
        public var boundarySupplementaryItems: [BoundaryItem]
        public var decorationItems: [DecorationItem]
        public var path: String

        public init(
            group: Group, interGroupSpacing: Double = 0, contentInsets: Insets = .zero,
            supplementariesFollowContentInsets: Bool = true,
            orthogonalScrollingBehavior: OrthogonalScrolling = .none,
            boundarySupplementaryItems: [BoundaryItem] = [], decorationItems: [DecorationItem] = [],
            path: String = "layout.section"
        ) {
            self.group = group
            self.interGroupSpacing = interGroupSpacing
            self.contentInsets = contentInsets
            self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
            self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
            self.boundarySupplementaryItems = boundarySupplementaryItems
            self.decorationItems = decorationItems
            self.path = path
        }
    }
}
