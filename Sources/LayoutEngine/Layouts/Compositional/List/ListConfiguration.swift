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

    public init(
        appearance: Appearance = .plain, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
        headerTopPadding: Double? = nil
    ) {
        self.appearance = appearance
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.headerTopPadding = headerTopPadding
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

    /// The leading and trailing of physical insets: right-to-left swaps left and right.
    func directional(_ insets: EdgeInsets) -> (leading: Double, trailing: Double) {
        layoutDirection == .leftToRight ? (insets.left, insets.right) : (insets.right, insets.left)
    }
}
