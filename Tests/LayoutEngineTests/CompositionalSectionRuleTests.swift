import Testing
import LayoutEngine

/// C1, C8–C12, D4–D7 worked by hand, at scale 0 and scale 3.
@Suite("Compositional: sections (C1, C8–C12)")
struct CompositionalSectionRuleTests {
    static let fullWidthRow = Comp.group(
        .horizontal, .fractionalWidth(1), .absolute(50),
        [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])

    /// C1: a section's group resolves against the width minus the insets; an orthogonal
    /// section's against the full width. fractionalWidth 0.45 of 358 = 161.1, of 390 = 175.5
    /// (scale 3: 483.3 → 161.0 and 526.5 → 527/3).
    @Test(arguments: [0.0, 3.0])
    func orthogonalGroupsResolveAgainstTheFullWidth(scale: Double) throws {
        func section(_ behavior: CompositionalLayout.OrthogonalScrolling) -> CompositionalLayout.Section {
            let group = Comp.group(
                .horizontal, .fractionalWidth(0.45), .absolute(100),
                [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
            var section = CompositionalLayout.Section(group: group)
            section.interGroupSpacing = 10
            section.contentInsets = .init(top: 10, leading: 16, bottom: 10, trailing: 16)
            section.orthogonalScrollingBehavior = behavior
            return section
        }
        let (p, view) = try Comp.prepare(section(.none), counts: [2], scale: scale)
        let inset = scale == 3 ? third(161.1) : 0.45 * 358
        close(Comp.frame(p, view, 0, 0), 16, 10, inset, 100)
        close(Comp.frame(p, view, 0, 1), 16, 120, inset, 100) // C8: below, 100 + 10 further

        let (q, v) = try Comp.prepare(section(.continuous), counts: [5], scale: scale)
        let gw = scale == 3 ? 527.0 / 3 : 175.5
        close(Comp.frame(q, v, 0, 0), 16, 10, gw, 100)
        close(Comp.frame(q, v, 0, 1), 16 + gw + 10, 10, gw, 100) // C13: instances run across
        #expect(q.contentSize.height == 120) // C13: one group tall, plus the insets
    }

    /// C8: ⌈7 / 3⌉ = 3 instances 50 + 10 apart; item 6 is instance 2, slot 0; the partial last
    /// instance keeps the slot positions.
    @Test(arguments: [0.0, 3.0])
    func repetition(scale: Double) throws {
        let group = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(1), .fractionalHeight(1))], count: 3)
        var section = CompositionalLayout.Section(group: group)
        section.interGroupSpacing = 10
        let (p, view) = try Comp.prepare(section, counts: [7], scale: scale)
        close(Comp.frame(p, view, 0, 6), 0, 120, 130, 50)
        close(Comp.frame(p, view, 0, 4), 130, 60, 130, 50)
        #expect(p.contentSize.height == 170)
    }

    /// C9: sections of 2, 0 and 2 items, each with a 30-high header and insets of 10 above and
    /// below, 5 between sections. Section 0: 30 + 10 + 100 + 10 = 150. The empty section has
    /// only its header: 30, at 155. Section 2 starts at 190; its first item at 190 + 40 = 230.
    /// A fourth, empty section without boundary items still takes the spacing: it starts
    /// and ends at 345, so the content is 345 high.
    @Test(arguments: [0.0, 3.0])
    func emptySections(scale: Double) throws {
        let header = CompositionalLayout.BoundaryItem(kind: "header", size: Comp.size(.fractionalWidth(1), .absolute(30)), alignment: .top)
        var bare = CompositionalLayout.Section(group: Self.fullWidthRow)
        bare.contentInsets = .init(top: 10, bottom: 10)
        var section = bare
        section.boundarySupplementaryItems = [header]
        let (p, view) = try Comp.prepare(section, counts: [2, 0, 2, 0], scale: scale, interSectionSpacing: 5, sectionLayouts: [3: bare])
        let emptyHeader = p.attributesForSupplementaryView(kind: "header", at: IndexPath(section: 1, item: 0), view: view)
        close(emptyHeader?.frame, 0, 155, 390, 30)
        close(Comp.frame(p, view, 2, 0), 0, 230, 390, 50)
        #expect(p.contentSize.height == 345)
        #expect(p.elements(in: nil, view: view).filter { $0.indexPath.section == 3 }.isEmpty)
    }

    /// C10, D5: a header follows the section's leading/trailing insets (358 wide at 16) unless
    /// `supplementariesFollowContentInsets` is false (390 at 0); `absoluteOffset` shifts it;
    /// a narrower `top` one is centred, a `topTrailing` one pinned to the corner;
    /// `extendsBoundary: false` overlays without moving the content.
    @Test(arguments: [0.0, 3.0])
    func boundarySupplementaries(scale: Double) throws {
        var corner = CompositionalLayout.BoundaryItem(kind: "corner", size: Comp.size(.absolute(40), .absolute(40)), alignment: .topTrailing)
        corner.extendsBoundary = false
        var footer = CompositionalLayout.BoundaryItem(kind: "footer", size: Comp.size(.fractionalWidth(1), .absolute(20)), alignment: .bottom)
        footer.contentInsets = .init(leading: 8)
        let items: [CompositionalLayout.BoundaryItem] = [
            .init(kind: "header", size: Comp.size(.fractionalWidth(1), .absolute(30)), alignment: .top),
            .init(kind: "title", size: Comp.size(.absolute(100), .absolute(20)), alignment: .top, absoluteOffset: Point(x: 0, y: 3)),
            corner, footer
        ]
        for follow in [true, false] {
            var section = CompositionalLayout.Section(group: Self.fullWidthRow)
            section.contentInsets = .init(leading: 16, trailing: 16)
            section.supplementariesFollowContentInsets = follow
            section.boundarySupplementaryItems = items
            let (p, view) = try Comp.prepare(section, counts: [2], scale: scale)
            func frame(_ kind: String) -> Rect? {
                p.attributesForSupplementaryView(kind: kind, at: IndexPath(section: 0, item: 0), view: view)?.frame
            }
            let x0 = follow ? 16.0 : 0, w = follow ? 358.0 : 390
            close(frame("header"), x0, 0, w, 30)
            close(frame("title"), x0 + (w - 100) / 2, 3, 100, 20)
            close(frame("corner"), x0 + w - 40, 0, 40, 40)
            // The header (30) extends the boundary; the corner (40, not extending) does not.
            close(Comp.frame(p, view, 0, 0), 16, 30, 358, 50)
            close(frame("footer"), x0 + 8, 130, w - 8, 20) // D5: its own insets inset it
            #expect(p.contentSize.height == 150)
        }
    }

    /// C10, D4: pinned headers and footers stay inside the visible rect and their section.
    /// One section: header 30, 20 rows of 50, footer 40: 1070 long. With the view 400 high at
    /// offset 100, the footer sits at 500 − 40 = 460 (not at 1030) and is in the rect query
    /// of the visible rect; the header at 100. With contentInset top 20, bottom 30 the visible
    /// rect is 120…470: footer at 430, header at 120.
    @Test(arguments: [0.0, 3.0])
    func pinnedFootersStayInsideTheVisibleRect(scale: Double) throws {
        var header = CompositionalLayout.BoundaryItem(kind: "header", size: Comp.size(.fractionalWidth(1), .absolute(30)), alignment: .top)
        var footer = CompositionalLayout.BoundaryItem(kind: "footer", size: Comp.size(.fractionalWidth(1), .absolute(40)), alignment: .bottom)
        header.pinToVisibleBounds = true
        footer.pinToVisibleBounds = true
        let items = [header, footer]
        var section = CompositionalLayout.Section(group: Self.fullWidthRow)
        section.boundarySupplementaryItems = items
        let (p, view0) = try Comp.prepare(section, counts: [20, 3], height: 400, scale: scale)
        var view = view0
        view.contentOffset = Point(x: 0, y: 100)
        func frame(_ kind: String, _ s: Int = 0) -> Rect? {
            p.attributesForSupplementaryView(kind: kind, at: IndexPath(section: s, item: 0), view: view)?.frame
        }
        close(frame("footer"), 0, 460, 390, 40)
        close(frame("header"), 0, 100, 390, 30)
        let visible = p.elements(in: view.boundsRect, view: view)
        #expect(visible.contains { $0.kind == "footer" && $0.indexPath.section == 0 && $0.frame.minY == 460 })
        // D4: section 1 (starting at 1070) lies wholly below: its footer sits at its start plus
        // its header: 1070 + 30.
        close(frame("footer", 1), 0, 1100, 390, 40)
        // Scrolled near the end, the header never covers its own footer: 1070 − 40 − 30.
        view.contentOffset = Point(x: 0, y: 1020)
        close(frame("header"), 0, 1000, 390, 30)
        view.contentOffset = Point(x: 0, y: 100)
        view.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        close(frame("footer"), 0, 430, 390, 40)
        close(frame("header"), 0, 120, 390, 30)
        // Pinning is view state: the change is listed, the layout holds.
        var moved = view
        moved.contentOffset.y = 200
        let context = p.invalidation(from: view, to: moved)
        #expect(!context.invalidatesLayout)
        #expect(context.invalidatedElements.contains(ElementKey(category: .supplementary, kind: "footer", indexPath: IndexPath(section: 0, item: 0))))
    }

    /// C11: a 21 × 21 badge anchored top-trailing with fractional offset (0.5, −0.5) on a
    /// 100 × 100 item at (0, 0): x = 100 − 21 + 10.5 = 89.5, y = −10.5; at scale 3 the
    /// origin rounds half away from zero: 269/3 and −32/3; the size is not snapped (D1). A
    /// group accessory at the group's bottom with absoluteOffset y 5 takes (section, instance).
    @Test(arguments: [0.0, 3.0])
    func anchoredSupplementaries(scale: Double) throws {
        let badge0 = CompositionalLayout.AnchoredItem(
            kind: "badge", size: Comp.size(.absolute(21), .absolute(21)),
            anchor: .init(edges: [.top, .trailing], offset: Point(x: 0.5, y: -0.5)))
        let accessory0 = CompositionalLayout.AnchoredItem(
            kind: "accessory", size: Comp.size(.fractionalWidth(0.5), .absolute(10)),
            anchor: .init(edges: [.bottom], offset: Point(x: 0, y: 5), offsetIsFractional: false))
        let item = CompositionalLayout.Item(size: Comp.size(.absolute(100), .absolute(100)), supplementaryItems: [badge0])
        var group = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [.item(item)])
        group.supplementaryItems = [accessory0]
        var section = CompositionalLayout.Section(group: group)
        section.interGroupSpacing = 20
        let (p, view) = try Comp.prepare(section, counts: [5], scale: scale)
        let badge = p.attributesForSupplementaryView(kind: "badge", at: IndexPath(section: 0, item: 0), view: view)
        close(badge?.frame, scale == 3 ? 269.0 / 3 : 89.5, scale == 3 ? -32.0 / 3 : -10.5, 21, 21)
        #expect(badge?.zIndex == 1)
        // Item 3 (100 per item, k = 3) is instance 1, slot 0: badge at y = 120 − 10.5.
        let badge3 = p.attributesForSupplementaryView(kind: "badge", at: IndexPath(section: 0, item: 3), view: view)
        close(badge3?.frame, scale == 3 ? 269.0 / 3 : 89.5, scale == 3 ? third(109.5) : 109.5, 21, 21)
        // The accessory: 195 × 10, centred across (x = 97.5), bottom edge: y = 100 − 10 + 5.
        let accessory = p.attributesForSupplementaryView(kind: "accessory", at: IndexPath(section: 0, item: 1), view: view)
        close(accessory?.frame, scale == 3 ? third(97.5) : 97.5, 215, 195, 10)
        #expect(p.attributesForSupplementaryView(kind: "accessory", at: IndexPath(section: 0, item: 2), view: view) == nil)
    }

    /// C12, D6: a decoration covers the whole section across the full width, inset by its own
    /// insets; the section's cells draw at zIndex 1; an empty section without boundary items
    /// has none.
    @Test(arguments: [0.0, 3.0])
    func decorations(scale: Double) throws {
        var background = CompositionalLayout.DecorationItem(kind: "background")
        background.contentInsets = .init(all: 4)
        var section = CompositionalLayout.Section(group: Self.fullWidthRow)
        section.contentInsets = .init(top: 10, leading: 16, bottom: 10, trailing: 16)
        section.decorationItems = [background]
        let (p, view) = try Comp.prepare(section, counts: [2, 0], scale: scale, interSectionSpacing: 8)
        let d = p.attributesForDecorationView(kind: "background", at: IndexPath(section: 0, item: 0), view: view)
        close(d?.frame, 4, 4, 382, 112)
        #expect(d?.zIndex == 0)
        #expect(p.attributesForItem(at: IndexPath(section: 0, item: 0), view: view)?.zIndex == 1)
        #expect(p.attributesForDecorationView(kind: "background", at: IndexPath(section: 1, item: 0), view: view) == nil)
    }

    /// D7: layout-level boundary items sit directly before the first and after the last
    /// section (no interSectionSpacing), at index path (0, 0).
    @Test(arguments: [0.0, 3.0])
    func layoutLevelBoundaryItems(scale: Double) throws {
        let global: [CompositionalLayout.BoundaryItem] = [
            .init(kind: "globalHeader", size: Comp.size(.fractionalWidth(1), .absolute(44)), alignment: .top),
            .init(kind: "globalFooter", size: Comp.size(.fractionalWidth(1), .absolute(20)), alignment: .bottom)
        ]
        let (p, view) = try Comp.prepare(
            .init(group: Self.fullWidthRow), counts: [1, 1], scale: scale, interSectionSpacing: 7,
            boundaryItems: global)
        close(Comp.frame(p, view, 0, 0), 0, 44, 390, 50)
        close(Comp.frame(p, view, 1, 0), 0, 101, 390, 50)
        let footer = p.attributesForSupplementaryView(kind: "globalFooter", at: IndexPath(section: 0, item: 0), view: view)
        close(footer?.frame, 0, 151, 390, 20)
        #expect(p.contentSize == Size(width: 390, height: 171))
    }

    /// Horizontal scrolling swaps the axes: a vertical count-3 group 100 wide in a 300-high
    /// view stacks 100-high slots; instances run along x, 10 apart; a leading header 30 wide
    /// extends the section along x.
    @Test(arguments: [0.0, 3.0])
    func horizontalScrolling(scale: Double) throws {
        let leading = CompositionalLayout.BoundaryItem(kind: "header", size: Comp.size(.absolute(30), .fractionalHeight(1)), alignment: .leading)
        let group = Comp.group(.vertical, .absolute(100), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .absolute(1))], count: 3)
        var section = CompositionalLayout.Section(group: group)
        section.interGroupSpacing = 10
        section.boundarySupplementaryItems = [leading]
        let (p, view) = try Comp.prepare(section, counts: [4], height: 300, scale: scale, scrollDirection: .horizontal)
        close(Comp.frame(p, view, 0, 0), 30, 0, 100, 100)
        close(Comp.frame(p, view, 0, 2), 30, 200, 100, 100)
        close(Comp.frame(p, view, 0, 3), 140, 0, 100, 100)
        #expect(p.contentSize == Size(width: 240, height: 300))
        let header = p.attributesForSupplementaryView(kind: "header", at: IndexPath(section: 0, item: 0), view: view)
        close(header?.frame, 0, 0, 30, 300)
    }
}
