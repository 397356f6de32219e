/// UICollectionLayoutListConfiguration, as plain values (issue 38): what a list section is
/// told. UIKit's names and defaults.
public struct ListConfiguration: Hashable, Sendable {
    /// UICollectionLayoutListConfiguration.Appearance.
    public enum Appearance: String, Hashable, Sendable, CaseIterable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain

        /// The grouped styles: no automatic padding above a header, 17.5-point estimates.
        var isGroupedStyle: Bool { self == .grouped || self == .insetGrouped }
        /// The appearances whose sections are inset from the view's edges.
        var insetsSections: Bool { self == .insetGrouped || self == .sidebar || self == .sidebarPlain }
        /// The appearances whose headers and footers pin to the visible bounds.
        public var pinsBoundaries: Bool { self == .plain || self == .sidebarPlain }
    }

    /// UICollectionLayoutListConfiguration.HeaderMode.
    public enum HeaderMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary, firstItemInSection
    }

    /// UICollectionLayoutListConfiguration.FooterMode.
    public enum FooterMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary
    }

    public var appearance: Appearance
    public var headerMode: HeaderMode
    public var footerMode: FooterMode
    /// The padding above a supplementary header; nil is UIKit's automatic padding.
    public var headerTopPadding: Double?
    /// Whether rows show separators; nil is the appearance's default (L-S1).
    public var showsSeparators: Bool?
    public var separatorConfiguration: SeparatorConfiguration
    /// A fixed row height (`absolute`); nil lets rows size themselves from an estimate of 44
    /// (Tessera's stand-in for a cell class with a fixed height: UIKit has no such setting).
    public var rowHeight: Double?

    public init(
        appearance: Appearance = .plain, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
        headerTopPadding: Double? = nil, showsSeparators: Bool? = nil,
        separatorConfiguration: SeparatorConfiguration = SeparatorConfiguration(), rowHeight: Double? = nil
    ) {
        self.appearance = appearance
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.headerTopPadding = headerTopPadding
        self.showsSeparators = showsSeparators
        self.separatorConfiguration = separatorConfiguration
        self.rowHeight = rowHeight
    }

    /// L-S1: separators show unless told otherwise, except in the sidebars (a choice).
    var resolvedShowsSeparators: Bool {
        showsSeparators ?? (appearance != .sidebar && appearance != .sidebarPlain)
    }
}

/// UIListSeparatorConfiguration's geometry: which separators show and how far they are inset.
/// nil insets are UIKit's `automaticInsets`.
public struct SeparatorConfiguration: Hashable, Sendable {
    /// UIListSeparatorConfiguration.Visibility.
    public enum Visibility: String, Hashable, Sendable, CaseIterable {
        case automatic, visible, hidden
    }

    public var topSeparatorVisibility: Visibility
    public var bottomSeparatorVisibility: Visibility
    public var topSeparatorInsets: ListSectionMetrics.Margins?
    public var bottomSeparatorInsets: ListSectionMetrics.Margins?

    public init(
        topSeparatorVisibility: Visibility = .automatic, bottomSeparatorVisibility: Visibility = .automatic,
        topSeparatorInsets: ListSectionMetrics.Margins? = nil, bottomSeparatorInsets: ListSectionMetrics.Margins? = nil
    ) {
        self.topSeparatorVisibility = topSeparatorVisibility
        self.bottomSeparatorVisibility = bottomSeparatorVisibility
        self.topSeparatorInsets = topSeparatorInsets
        self.bottomSeparatorInsets = bottomSeparatorInsets
    }
}

/// What a list section's metrics read from the collection view: its width, its layout margins
/// and safe area (physical, left and right, as UIView gives them), whether its screen wants
/// wide margins (the Plus and Max phones), its scale and its direction.
public struct ListEnvironment: Hashable, Sendable {
    public var width: Double
    public var layoutMargins: EdgeInsets
    public var safeArea: EdgeInsets
    public var wantsWideMargins: Bool
    public var scale: Double
    public var layoutDirection: LayoutDirection

    public init(
        width: Double, layoutMargins: EdgeInsets = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
        safeArea: EdgeInsets = .zero, wantsWideMargins: Bool = false, scale: Double = 0,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.width = width
        self.layoutMargins = layoutMargins
        self.safeArea = safeArea
        self.wantsWideMargins = wantsWideMargins
        self.scale = scale
        self.layoutDirection = layoutDirection
    }

    /// What a list reads of `view`. Without layout margins of its own the view has the
    /// system's: m beyond the safe area on either side (L-M1), as a full-screen collection
    /// view's are.
    public init(view: ViewContext) {
        self.init(
            width: view.bounds.width, layoutMargins: .zero, safeArea: view.safeAreaInsets,
            wantsWideMargins: view.wantsWideMargins, scale: view.scale, layoutDirection: view.layoutDirection)
        if let margins = view.layoutMargins {
            layoutMargins = margins
        } else {
            let m = ListSectionMetrics.margin(self)
            layoutMargins = EdgeInsets(top: safeArea.top, left: safeArea.left + m, bottom: safeArea.bottom, right: safeArea.right + m)
        }
    }

    /// The leading and trailing of physical insets: right-to-left swaps left and right.
    func directional(_ insets: EdgeInsets) -> (leading: Double, trailing: Double) {
        layoutDirection == .leftToRight ? (insets.left, insets.right) : (insets.right, insets.left)
    }
}
