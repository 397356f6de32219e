import LayoutEngine
import Testing

/// A list section's metrics (issue 38, `ListSectionMetrics` L-M1 … L-M6), worked by hand.
@Suite struct ListSectionMetricsTests {
    typealias Insets = CompositionalLayout.Insets

    static func metrics(
        _ appearance: ListConfiguration.Appearance, header: ListConfiguration.HeaderMode = .none,
        footer: ListConfiguration.FooterMode = .none, padding: Double? = nil, section: Int = 0, of count: Int = 2,
        _ environment: ListEnvironment
    ) -> ListSectionMetrics {
        ListSectionMetrics.resolve(
            ListConfiguration(appearance: appearance, headerMode: header, footerMode: footer, headerTopPadding: padding),
            section: section, of: count, environment: environment)
    }

    /// The phone: 393 × 852 at @3x, margins 16, no wide margins, no side safe area.
    static let phone = ListEnvironment(width: 393, scale: 3)

    /// Inset grouped, two sections: inset 16 = max(16, 16 + 0) on each side, so rows are 361
    /// wide at x = 16. Section 0 without a header starts 35 down; between sections 17.5 each
    /// side, on the @3x grid 52.5 px → 53 px = 17⅔ (halves away from zero); the last section
    /// ends 20 above the content's end. With rows of 44, section 0's rows are at 35, 79 and 123
    /// and end at 167, so section 1's first row is at 167 + 17⅔ + 17⅔ = 202⅓.
    @Test func anInsetGroupedListOnAThreeTimesPhone() {
        let first = Self.metrics(.insetGrouped, section: 0, Self.phone)
        let last = Self.metrics(.insetGrouped, section: 1, Self.phone)
        #expect(first.contentInsets == Insets(top: 35, leading: 16, bottom: 53.0 / 3, trailing: 16))
        #expect(last.contentInsets == Insets(top: 53.0 / 3, leading: 16, bottom: 20, trailing: 16))
        #expect(first.cellMargins == .init(leading: 16, trailing: 16))
        #expect(393 - first.contentInsets.leading - first.contentInsets.trailing == 361)
        #expect(167 + first.contentInsets.bottom + last.contentInsets.top == 167 + 53.0 / 3 + 53.0 / 3)
        #expect(first.headerTopPadding == 0 && first.estimatedHeaderHeight == 17.5)
        // At @2x, 17.5 is 35 px: on the grid as it is.
        #expect(Self.metrics(.grouped, section: 0, ListEnvironment(width: 390, scale: 2)).contentInsets.bottom == 17.5)
    }

    /// A header takes the place of the top inset, a footer of the bottom one (grouped styles).
    @Test func headersAndFootersReplaceTheGroupedInsets() {
        let m = Self.metrics(.grouped, header: .supplementary, footer: .supplementary, section: 0, of: 1, Self.phone)
        #expect(m.contentInsets == Insets(top: 0, leading: 0, bottom: 0, trailing: 0))
        #expect(m.cellMargins == .init(leading: 16, trailing: 16))
        #expect(m.headerTopPadding == 0)
        // Plain and grouped sections span the view; the first item as a header counts as one.
        #expect(Self.metrics(.grouped, header: .firstItemInSection, section: 1, of: 3, Self.phone).contentInsets.top == 0)
    }

    /// L-M1: 20-point margins on a wide-margin screen wider than 320 (a Max phone, 430 wide,
    /// layout margins 20); 16 at 320 even when the screen wants wide margins.
    @Test func wideMarginScreens() {
        let max = ListEnvironment(
            width: 430, layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), wantsWideMargins: true, scale: 3)
        #expect(ListSectionMetrics.margin(max) == 20)
        #expect(Self.metrics(.insetGrouped, max).contentInsets.leading == 20)
        #expect(Self.metrics(.insetGrouped, max).cellMargins == .init(leading: 20, trailing: 20))
        #expect(Self.metrics(.plain, max).cellMargins == .init(leading: 20, trailing: 20))
        #expect(ListSectionMetrics.margin(ListEnvironment(width: 320, wantsWideMargins: true)) == 16)
    }

    /// A phone in landscape: safe areas of 59 at each side, layout margins 79 (20 beyond them).
    /// Plain cells: max(79 − 59, 16) = 20. Inset grouped: the section max(79, 16 + 59) = 79
    /// from each edge, its cells 16 inside.
    @Test func safeAreas() {
        let landscape = ListEnvironment(
            width: 852, layoutMargins: EdgeInsets(top: 0, left: 79, bottom: 0, right: 79),
            safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59), scale: 3)
        #expect(Self.metrics(.plain, landscape).cellMargins == .init(leading: 20, trailing: 20))
        #expect(Self.metrics(.plain, landscape).contentInsets == Insets())
        let inset = Self.metrics(.insetGrouped, landscape)
        #expect((inset.contentInsets.leading, inset.contentInsets.trailing) == (79, 79))
        #expect(inset.cellMargins == .init(leading: 16, trailing: 16))
    }

    /// Right to left, leading is the physical right: layout margins 10 left and 30 right, a
    /// safe area of 20 on the right. Inset grouped left to right: leading max(10, 16 + 0) = 16,
    /// trailing max(30, 16 + 20) = 36; right to left the two swap: leading 36, trailing 16.
    @Test func rightToLeftSwapsLeftAndRight() {
        var environment = ListEnvironment(
            width: 393, layoutMargins: EdgeInsets(top: 0, left: 10, bottom: 0, right: 30),
            safeArea: EdgeInsets(top: 0, left: 0, bottom: 0, right: 20), scale: 3)
        let ltr = Self.metrics(.insetGrouped, environment).contentInsets
        #expect((ltr.leading, ltr.trailing) == (16, 36))
        environment.layoutDirection = .rightToLeft
        let rtl = Self.metrics(.insetGrouped, environment).contentInsets
        #expect((rtl.leading, rtl.trailing) == (36, 16))
    }

    /// L-M5: plain headers get 22 points above them after the first section (0 above the
    /// first: a choice), or the padding given; with the first item as the header the padding
    /// is part of the top inset. No header, no padding. Plain estimates are 28.
    @Test func plainHeaderPadding() {
        #expect(Self.metrics(.plain, header: .supplementary, section: 0, Self.phone).headerTopPadding == 0)
        #expect(Self.metrics(.plain, header: .supplementary, section: 1, Self.phone).headerTopPadding == 22)
        #expect(Self.metrics(.plain, header: .supplementary, padding: 5, section: 1, Self.phone).headerTopPadding == 5)
        #expect(Self.metrics(.plain, section: 1, Self.phone).headerTopPadding == 0)
        let first = Self.metrics(.plain, header: .firstItemInSection, section: 2, of: 3, Self.phone)
        #expect(first.contentInsets.top == 22 && first.headerTopPadding == 0)
        #expect(Self.metrics(.plain, Self.phone).estimatedHeaderHeight == 28)
        #expect(Self.metrics(.grouped, header: .supplementary, section: 1, Self.phone).headerTopPadding == 0)
    }

    /// L-M4: a sidebar section ends 10 below its last row without a footer; a plain sidebar
    /// section gets 8 above and below when it has a header or a footer. Both inset the section
    /// like inset grouped and their cells by 8.
    @Test func sidebars() {
        let sidebar = Self.metrics(.sidebar, Self.phone)
        #expect(sidebar.contentInsets == Insets(top: 0, leading: 16, bottom: 10, trailing: 16))
        #expect(sidebar.cellMargins == .init(leading: 8, trailing: 8))
        #expect(Self.metrics(.sidebar, footer: .supplementary, Self.phone).contentInsets.bottom == 0)
        #expect(Self.metrics(.sidebarPlain, header: .supplementary, Self.phone).contentInsets == Insets(top: 8, leading: 16, bottom: 8, trailing: 16))
        #expect(Self.metrics(.sidebarPlain, Self.phone).contentInsets == Insets(top: 0, leading: 16, bottom: 0, trailing: 16))
        #expect(ListConfiguration.Appearance.sidebarPlain.pinsBoundaries && !ListConfiguration.Appearance.sidebar.pinsBoundaries)
    }
}
