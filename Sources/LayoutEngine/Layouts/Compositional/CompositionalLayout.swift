/// UICollectionViewCompositionalLayout, headless: the geometry of docs/compositional.md C1–C15
/// (iOS 17 behaviour).
///
/// `prepare` plans each distinct group once (the template, shared by the sections defined
/// alike, and planned only as far as their items need) and places instances of it by
/// arithmetic (C8), so sections without estimated dimensions cost O(1) whatever their item
/// count; sections with estimated dimensions (C15) are materialised instance by instance.
/// Boundary supplementaries, which pinning moves with the view, and orthogonal sections,
/// which scroll by view state, are placed at query time.
public struct CompositionalLayout: CollectionLayout {
    /// The layout-wide configuration (UICollectionViewCompositionalLayoutConfiguration and
    /// the section every data-source section without its own `layout` uses).
    public struct Configuration: Hashable, Sendable {
        public var scrollDirection: ScrollDirection
        public var interSectionSpacing: Double
        public var section: Section
        public var boundarySupplementaryItems: [BoundaryItem]

        public init(
            scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
            section: Section, boundarySupplementaryItems: [BoundaryItem] = []
        ) {
            self.scrollDirection = scrollDirection
            self.interSectionSpacing = interSectionSpacing
            self.section = section
            self.boundarySupplementaryItems = boundarySupplementaryItems
        }
    }

    /// The `SectionOverrides` key holding a data-source section's own section.
    public static let sectionOverrideKey = "section"

    public var configuration: Configuration
    /// Materialise every section even without estimated dimensions: the oracle the
    /// arithmetic path is tested against. Package access: it is a switch for tests, not for
    /// callers of the engine.
    package var forceMaterialised: Bool

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        self.forceMaterialised = false
    }

    /// The section a data-source section is laid out with: its own, else the layout's.
    public func sectionSpec(for data: SectionData) -> Section {
        if case .compositionalSection(let own)? = data.overrides.values[Self.sectionOverrideKey] { return own }
        return configuration.section
    }

    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try prepareCompositional(dataSource, view: view)
    }

    /// What prepare reads of the view: its size and scale, and what list sections read.
    func frame(_ view: ViewContext) -> CompositionalFrame {
        CompositionalFrame(
            bounds: view.bounds, grid: PixelGrid(scale: view.scale),
            axes: CompositionalAxes(vertical: configuration.scrollDirection == .vertical),
            forceMaterialised: forceMaterialised, list: ListEnvironment(view: view))
    }

    /// `prepare`, with its concrete result.
    /// - Complexity: O(sections · k) without estimated dimensions; plus O(n) with them.
    public func prepareCompositional(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> PreparedCompositionalLayout {
        let frame = frame(view)
        try CompositionalKinds.check(configuration, dataSource: dataSource, layout: self)
        // With an empty bounds dimension there is nothing to lay out in (as docs/flow.md R4).
        guard view.bounds.width > 0, view.bounds.height > 0 else {
            return PreparedCompositionalLayout(layout: self, frame: frame, sections: [], layoutExtents: (0, 0, []))
        }
        // D7: the layout-level boundary items' extents.
        let extents = try PlacedBoundary.extents(
            configuration.boundarySupplementaryItems, container: view.bounds,
            axes: frame.axes, grid: frame.grid,
            path: "layout.boundarySupplementaryItems")
        var sections: [CompositionalSection] = []
        sections.reserveCapacity(dataSource.sections.count)
        var templates = GroupTemplates()
        let count = dataSource.sections.count
        for (s, data) in dataSource.sections.enumerated() {
            sections.append(
                try CompositionalSection.make(
                    sectionSpec(for: data).expanded(section: s, of: count, environment: frame.list), data: data,
                    sectionIndex: s, frame: frame, templates: &templates))
        }
        return PreparedCompositionalLayout(layout: self, frame: frame, sections: sections, layoutExtents: extents)
    }
}

extension CompositionalLayout {
    /// C15: whether some section's group has an estimated dimension, so that measured sizes
    /// (`preferred-sizes`) change the layout.
    public func selfSizes(_ dataSource: DataSource) -> Bool {
        if configuration.section.group.hasEstimatedDimension { return true }
        return dataSource.sections.contains { sectionSpec(for: $0).group.hasEstimatedDimension }
    }
}

extension PreparedCompositionalLayout {
    public var isVertical: Bool { axes.vertical }
}

extension PreparedCompositionalLayout {
    /// How many sections hold per-instance geometry (C15) rather than arithmetic (C8): what
    /// tests check about the path taken (package access: only they ask).
    package var materialisedSectionCount: Int {
        sections.reduce(0) { $0 + ($1.instances.materialised == nil ? 0 : 1) }
    }
}
