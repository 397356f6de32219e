/// A list section as UIKit builds one (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`,
/// issue 38; docs/compositional.md §6): a compositional section whose insets, boundary items
/// and decorations come from the list configuration and the view.
extension CompositionalLayout.Section {
    /// The element kinds a list adds (docs/compositional.md §6, L-S2 and L-B1).
    public static let listSeparatorTopKind = "list-separator-top"
    public static let listSeparatorBottomKind = "list-separator-bottom"
    public static let listBackgroundKind = "list-background"
    /// The kinds of a list's supplementary header and footer.
    public static let listHeaderKind = "header"
    public static let listFooterKind = "footer"

    /// L-R1: `list(using:)`: rows `fractionalWidth(1)` × `estimated(44)` (or `absolute(rowHeight)`),
    /// no spacing between them. UIKit groups the rows in a vertical group estimated at 1000
    /// tall; one row per group stacks them the same (full width, no spacing) and lets the
    /// row's own estimate size the group. The rest is filled in by `expanded`.
    public static func list(_ configuration: ListConfiguration, path: String = "layout.section") -> Self {
        let height: CompositionalLayout.Dimension = configuration.rowHeight.map { .absolute($0) } ?? .estimated(44)
        let size = CompositionalLayout.LayoutSize(width: .fractionalWidth(1), height: height)
        let row = CompositionalLayout.Item(size: size)
        var section = Self(
            group: CompositionalLayout.Group(axis: .vertical, size: size, subitems: [.item(row)], path: path + ".list"),
            path: path)
        section.list = configuration
        return section
    }

    /// The section laid out: a list section's insets, header, footer, background and
    /// separators for section `index` of `count` in `environment`; any other section as it is.
    func expanded(section index: Int, of count: Int, environment: ListEnvironment) -> Self {
        guard let list else { return self }
        let metrics = ListSectionMetrics.resolve(list, section: index, of: count, environment: environment)
        var section = self
        section.contentInsets = metrics.contentInsets
        section.interGroupSpacing = 0
        section.supplementariesFollowContentInsets = true
        section.orthogonalScrollingBehavior = .none
        // L-R2: headers and footers are full-width boundary items at their estimates, above the
        // rows (200) and, where they pin, above the unpinned ones too (210).
        let pins = list.appearance.pinsBoundaries
        func boundary(_ kind: String, _ estimate: Double, _ alignment: CompositionalLayout.BoundaryAlignment) -> CompositionalLayout.BoundaryItem {
            var item = CompositionalLayout.BoundaryItem(
                kind: kind, size: .init(width: .fractionalWidth(1), height: .estimated(estimate)), alignment: alignment)
            item.pinToVisibleBounds = pins
            item.zIndex = pins ? 210 : 200
            return item
        }
        section.boundarySupplementaryItems = []
        if list.headerMode == .supplementary {
            var header = boundary(Self.listHeaderKind, metrics.estimatedHeaderHeight, .top)
            header.paddingBefore = metrics.headerTopPadding // L-M5: above the header, not an inset
            section.boundarySupplementaryItems.append(header)
        }
        if list.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(boundary(Self.listFooterKind, metrics.estimatedFooterHeight, .bottom))
        }
        // L-B1: an inset-grouped section's rows sit on a rounded background.
        section.decorationItems = []
        if list.appearance == .insetGrouped {
            var background = CompositionalLayout.DecorationItem(kind: Self.listBackgroundKind)
            background.coversRows = true
            section.decorationItems.append(background)
        }
        section.listParts = ListParts(
            firstRow: list.headerMode == .firstItemInSection ? 1 : 0,
            separators: list.resolvedShowsSeparators
                ? ListSeparators(
                    list.separatorConfiguration, appearance: list.appearance,
                    contentLeading: (list.appearance.insetsSections ? 0 : environment.directional(environment.safeArea).leading)
                        + metrics.cellMargins.leading,
                    scale: environment.scale)
                : nil)
        return section
    }
}

/// What a list section adds beyond a compositional section's public fields.
struct ListParts: Hashable, Sendable {
    /// L-R3: the first row; 1 when the first item is the section's header.
    let firstRow: Int
    /// L-S1: nil when the section shows no separators.
    let separators: ListSeparators?
    /// L-R2: cells draw at zIndex 10, separators at 100.
    static let cellZIndex = 10
    static let separatorZIndex = 100
}

/// A list section's separators, resolved (L-S1 … L-S4): which rows show a top and a bottom
/// separator, how far each is inset and how thick it is.
struct ListSeparators: Hashable, Sendable {
    let configuration: SeparatorConfiguration
    let appearance: ListConfiguration.Appearance
    /// L-S4: where a row's content starts, from its leading edge: the cell's inner margin,
    /// plus the safe area where the row spans the view (plain and grouped: the cell keeps its
    /// content out of the safe area).
    let contentLeading: Double
    /// L-S3: one pixel, 1/scale (1 point at scale 0: no pixel grid to follow).
    let thickness: Double

    init(
        _ configuration: SeparatorConfiguration, appearance: ListConfiguration.Appearance, contentLeading: Double,
        scale: Double
    ) {
        self.configuration = configuration
        self.appearance = appearance
        self.contentLeading = contentLeading
        thickness = scale > 0 ? 1 / scale : 1
    }

    /// L-S2: whether row `item` (of the section's `count`, rows from `firstRow`) shows a
    /// top (`top`) or bottom separator. Automatic: every row's bottom, but not the last in
    /// an inset group (the rounded edge ends it); a top one only on the first row of a
    /// grouped section (its group's upper edge). A header item shows none (a choice).
    func shows(top: Bool, item: Int, count: Int, firstRow: Int) -> Bool {
        guard item >= firstRow, item < count else { return false }
        switch top ? configuration.topSeparatorVisibility : configuration.bottomSeparatorVisibility {
        case .visible: return true
        case .hidden: return false
        case .automatic:
            if top { return appearance == .grouped && item == firstRow }
            return !(appearance == .insetGrouped && item == count - 1)
        }
    }

    /// L-S4: the leading and trailing insets: given, or automatic: where the row's content
    /// starts, and 0; a grouped section's edge separators (its first row's top, its last
    /// row's bottom) span the row (a choice).
    func insets(top: Bool, item: Int, count: Int, firstRow: Int) -> ListSectionMetrics.Margins {
        if let given = top ? configuration.topSeparatorInsets : configuration.bottomSeparatorInsets { return given }
        let edge = top ? item == firstRow : item == count - 1
        if appearance == .grouped && edge { return ListSectionMetrics.Margins(leading: 0, trailing: 0) }
        return ListSectionMetrics.Margins(leading: contentLeading, trailing: 0)
    }

    /// L-S3: the separator's frame for a row drawn at `cell` (the layout's own space: leading
    /// is min x): a strip `thickness` tall inside the row's top or bottom edge.
    func frame(top: Bool, cell: Rect, item: Int, count: Int, firstRow: Int) -> Rect {
        let inset = insets(top: top, item: item, count: count, firstRow: firstRow)
        return Rect(
            x: cell.minX + inset.leading, y: top ? cell.minY : cell.maxY - thickness,
            width: max(0, cell.width - inset.leading - inset.trailing), height: thickness)
    }
}
