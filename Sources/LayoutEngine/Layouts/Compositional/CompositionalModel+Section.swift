/// A compositional section (docs/compositional.md §1, SECTION), as a plain value.
extension CompositionalLayout {
    /// UICollectionLayoutSectionOrthogonalScrollingBehavior.
    public enum OrthogonalScrolling: String, Hashable, Sendable, CaseIterable {
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// NSCollectionLayoutSection. Made from its group, as UIKit's `init(group:)`; the rest
    /// are settable, with UIKit's defaults. `path` is its JSON path (`layout.section`,
    /// `dataSource.sections[2].layout`).
    public struct Section: Hashable, Sendable {
        public var group: Group
        public var interGroupSpacing: Double = 0
        public var contentInsets: Insets = .zero
        public var supplementariesFollowContentInsets = true
        public var orthogonalScrollingBehavior = OrthogonalScrolling.none
        public var boundarySupplementaryItems: [BoundaryItem] = []
        public var decorationItems: [DecorationItem] = []
        public var path: String
        /// A list section (issue 38): what `list(using:)` was given. The fields above are
        /// filled from it at prepare, when the view's margins and the section's place are
        /// known (`expanded`, docs/compositional.md §6).
        public var list: ListConfiguration? = nil
        /// What a list section adds that no public section field says: separators, the cells'
        /// zIndex, the header item. Set by `expanded` only.
        var listParts: ListParts? = nil

        public init(group: Group, path: String = "layout.section") {
            self.group = group
            self.path = path
        }
    }
}
