/// The metrics UIKit gives a list section (issue 38; the rules L-M1 … L-M6 below, from
/// Apple's documentation and headers, UIKit's list-section and table-constant code paths as
/// of iOS 18, and Flutter's Cupertino list widgets measured on iOS 14). In the compositional
/// layout's own space: leading is min x in either direction (docs/layout-direction.md, L4).
///
/// Choices where UIKit's behaviour is not public are marked `(a choice)`.
public struct ListSectionMetrics: Hashable, Sendable {
    /// The section's content insets (`contentInsetsReference = none`: from the view's edges).
    public var contentInsets: CompositionalLayout.Insets
    /// The cells' inner leading and trailing margins (their content's inset; the automatic
    /// separator inset).
    public var cellMargins: Margins
    /// The padding above a supplementary header (not a content inset).
    public var headerTopPadding: Double
    /// The estimated heights of a header and a footer.
    public var estimatedHeaderHeight: Double
    public var estimatedFooterHeight: Double

    /// A leading and a trailing margin.
    public struct Margins: Hashable, Sendable {
        public var leading: Double
        public var trailing: Double

        public init(leading: Double, trailing: Double) {
            self.leading = leading
            self.trailing = trailing
        }
    }

    public init(
        contentInsets: CompositionalLayout.Insets, cellMargins: Margins, headerTopPadding: Double,
        estimatedHeaderHeight: Double, estimatedFooterHeight: Double
    ) {
        self.contentInsets = contentInsets
        self.cellMargins = cellMargins
        self.headerTopPadding = headerTopPadding
        self.estimatedHeaderHeight = estimatedHeaderHeight
        self.estimatedFooterHeight = estimatedFooterHeight
    }

    /// L-M1: the horizontal margin, 16, or 20 on a screen that wants wide margins and is wider
    /// than 320 points.
    public static func margin(_ environment: ListEnvironment) -> Double {
        environment.wantsWideMargins && environment.width > 320 ? 20 : 16
    }

    /// The metrics of section `index` of `count` in `environment`.
    public static func resolve(
        _ configuration: ListConfiguration, section index: Int, of count: Int, environment: ListEnvironment
    ) -> ListSectionMetrics {
        let appearance = configuration.appearance
        let m = margin(environment)
        let margins = environment.directional(environment.layoutMargins)
        let safe = environment.directional(environment.safeArea)
        let grid = PixelGrid(scale: environment.scale)

        // L-M2: plain and grouped sections span the view, their cells inset by the layout
        // margins beyond the safe area (at least m); the inset styles inset the section by the
        // layout margins (at least m beyond the safe area), their cells by m (sidebars 8: a
        // choice for sidebarPlain, which UIKit's sidebar constants are read to share).
        var insets = CompositionalLayout.Insets()
        let cellMargins: Margins
        if appearance.insetsSections {
            insets.leading = max(margins.leading, m + safe.leading)
            insets.trailing = max(margins.trailing, m + safe.trailing)
            let inner = appearance == .insetGrouped ? m : 8
            cellMargins = Margins(leading: inner, trailing: inner)
        } else {
            cellMargins = Margins(leading: max(margins.leading - safe.leading, m), trailing: max(margins.trailing - safe.trailing, m))
        }

        // L-M3: the grouped styles' vertical insets. A header (supplementary, or the first item
        // as a header: a choice) takes the place of the top inset; 17.5 is rounded to the
        // pixel grid, halves away from zero (a choice: 17⅔ at @3x).
        let hasHeader = configuration.headerMode != .none
        let hasFooter = configuration.footerMode != .none
        let between = grid.snap(17.5)
        switch appearance {
        case .grouped, .insetGrouped:
            insets.top = hasHeader ? 0 : (index == 0 ? 35 : between)
            insets.bottom = hasFooter ? 0 : (index == count - 1 ? 20 : between)
        case .sidebar:
            // L-M4: 10 below a section without a footer.
            insets.bottom = hasFooter ? 0 : 10
        case .sidebarPlain:
            // L-M4: 8 above and below a section with a header or a footer.
            if hasHeader || hasFooter {
                insets.top = 8
                insets.bottom = 8
            }
        case .plain:
            break
        }

        // L-M5: the automatic padding above a header: 22 in plain sections after the first, 0
        // in the grouped styles; 0 above the first plain section's header and above sidebar
        // headers (choices). With the first item as the header it is part of the top inset.
        let automatic = appearance == .plain && index > 0 ? 22.0 : 0
        var padding = configuration.headerMode == .none ? 0 : (configuration.headerTopPadding ?? automatic)
        if configuration.headerMode == .firstItemInSection {
            insets.top += padding
            padding = 0
        }

        // L-M6: estimated header and footer heights: 17.5 in the grouped styles, 28 in plain
        // (sidebar as grouped, sidebarPlain as plain: choices).
        let estimate = appearance.isGroupedStyle || appearance == .sidebar ? 17.5 : 28
        return ListSectionMetrics(
            contentInsets: insets, cellMargins: cellMargins, headerTopPadding: padding,
            estimatedHeaderHeight: estimate, estimatedFooterHeight: estimate)
    }
}
