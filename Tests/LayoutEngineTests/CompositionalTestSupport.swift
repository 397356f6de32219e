import Testing
import LayoutEngine

/// The compositional geometry tests build the engine's model directly (docs/compositional.md
/// §1 gives the same parts as JSON) and check the prepared layout's frames.
enum Comp {
    typealias Model = CompositionalLayout

    /// Prepares `section` as the layout's section for sections of `counts` items, in a view
    /// of `width` × `height` at `scale` (0: no pixel snapping); `sectionLayouts` gives
    /// data-source sections their own section.
    static func prepare(
        _ section: Model.Section, counts: [Int], width: Double = 390, height: Double = 844,
        scale: Double = 0, scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
        boundaryItems: [Model.BoundaryItem] = [],
        sectionLayouts: [Int: Model.Section] = [:]
    ) throws -> (PreparedCompositionalLayout, ViewContext) {
        let view = ViewContext(bounds: Size(width: width, height: height), scale: scale)
        let layout = CompositionalLayout(
            Model.Configuration(
                scrollDirection: scrollDirection, interSectionSpacing: interSectionSpacing,
                section: section, boundarySupplementaryItems: boundaryItems))
        let dataSource = DataSource(
            sections: counts.enumerated().map { s, n in
                guard let own = sectionLayouts[s] else { return SectionData(itemCount: n) }
                return SectionData(itemCount: n, overrides: SectionOverrides([Model.sectionOverrideKey: .compositionalSection(own)]))
            })
        return (try layout.prepareCompositional(dataSource, view: view), view)
    }

    /// A section of one group, as most tests have.
    static func group(
        _ axis: Model.GroupAxis, _ width: Model.Dimension, _ height: Model.Dimension,
        _ subitems: [Model.Element] = [], count: Int? = nil, spacing: Model.Spacing? = nil,
        contentInsets: Model.Insets = .zero
    ) -> Model.Group {
        var group = Model.Group(axis: axis, size: Model.LayoutSize(width: width, height: height), subitems: subitems, count: count)
        group.interItemSpacing = spacing
        group.contentInsets = contentInsets
        return group
    }

    static func item(
        _ width: Model.Dimension, _ height: Model.Dimension, contentInsets: Model.Insets = .zero,
        edgeSpacing: Model.EdgeSpacing = .none
    ) -> Model.Element {
        var item = Model.Item(size: Model.LayoutSize(width: width, height: height))
        item.contentInsets = contentInsets
        item.edgeSpacing = edgeSpacing
        return .item(item)
    }

    static func size(_ width: Model.Dimension, _ height: Model.Dimension) -> Model.LayoutSize {
        Model.LayoutSize(width: width, height: height)
    }

    /// The frame of item [s, i].
    static func frame(_ p: PreparedCompositionalLayout, _ view: ViewContext, _ s: Int, _ i: Int) -> Rect? {
        p.attributesForItem(at: IndexPath(section: s, item: i), view: view)?.frame
    }
}

/// Frames equal to 1e-9 (hand-worked sums may associate differently from the engine's).
func close(
    _ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let r else {
        Issue.record("no frame", sourceLocation: sourceLocation)
        return
    }
    let ok =
        Swift.abs(r.minX - x) < 1e-9 && Swift.abs(r.minY - y) < 1e-9
        && Swift.abs(r.width - w) < 1e-9 && Swift.abs(r.height - h) < 1e-9
    #expect(ok, "\(r) ≠ (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
}

/// C14 by hand: the nearest multiple of 1/3, halves away from zero.
func third(_ v: Double) -> Double { (v * 3).rounded(.toNearestOrAwayFromZero) / 3 }
