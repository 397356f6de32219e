/// Flickr's justified photo grid, compatible with flickr/justified-layout 4.1 to the last bit
/// (docs/layouts.md §8): rows of items at their aspect ratios, each row scaled to span the
/// container, row heights near a target.
///
/// Mapping to the engine:
/// - Each section is one call of the original on that section's items: its own justified
///   block, with its own padding, rows and widows. Section s's block is moved down by the
///   sum of the container heights of the sections before it (added to each box's top:
///   `y = offset + top`; section 0's numbers are the original's unchanged).
/// - Item data: the `aspectRatio` column, else `size` (width / height); see
///   `JustifiedItemRatios` for what is rejected, as
///   `dataSource.sections[s].items[i]`, "Item i has an invalid aspect ratio", i counted
///   within the section (the original's index in the input it is given).
/// - Items the original leaves out (after `maxNumRows`, or the widows with
///   `showWidows: false`) have no attributes: queries skip them and
///   `attributesForItem` answers nil.
/// - `scale` is not applied: the original does its own (whole-pixel) rounding of the
///   justification error and leaves every other number exact, and compatibility is the
///   point of this layout; its numbers are returned unchanged at every scale.
/// - A section's own `layout` object overrides every option but `containerWidth`.
public struct JustifiedLayout: ParameterizedLayout {
    public var parameters: Parameters

    public init(_ parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    public func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout {
        try prepareJustified(dataSource, view: view)
    }

    /// `prepare`, with the concrete result (per-section numbers included).
    /// - Complexity: O(n) for n items, plus building the frame indexes, O(n).
    public func prepareJustified(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> PreparedJustifiedLayout {
        // Step 1. The container width: given, else the view's, else the original's default.
        let containerWidth = try resolvedContainerWidth(view: view)

        // Step 2. The layout's own options, checked once.
        let layoutField = { (key: String) in "layout.\(key)" }
        let layoutOptions = try parameters.blockOptions(containerWidth: containerWidth, field: layoutField)

        // Step 3. One justified block per section, stacked.
        var sections: [PreparedJustifiedLayout.Section] = []
        sections.reserveCapacity(dataSource.numberOfSections)
        var yOffset = 0.0
        for (s, section) in dataSource.sections.enumerated() {
            let block = try layOutSection(
                section, index: s, containerWidth: containerWidth,
                layoutOptions: layoutOptions, yOffset: yOffset)
            sections.append(block)
            yOffset += block.containerHeight
        }
        // Step 4. The indexes behind rect queries.
        return try stacked(sections, containerWidth: containerWidth, height: yOffset)
    }

    /// One section's block, moved down by `yOffset` (each row's top is checked there, as
    /// the original's boxes are); its boxes are kept relative to the block's top.
    /// - Complexity: O(n) for n items, plus its frame index, O(n).
    func layOutSection(
        _ section: SectionData, index s: Int, containerWidth: Double,
        layoutOptions: JustifiedBlockOptions, yOffset: Double
    ) throws(LayoutError) -> PreparedJustifiedLayout.Section {
        let options = try sectionOptions(
            section, index: s, containerWidth: containerWidth,
            layoutOptions: layoutOptions)
        let ratios = JustifiedItemRatios(section: section, forced: options.forcedAspectRatio)
        var builder = JustifiedRowBuilder(capacity: section.itemCount)
        let result = try builder.layOutSection(
            s, itemCount: section.itemCount, options: options,
            ratios: ratios, yOffset: yOffset)
        return PreparedJustifiedLayout.Section(
            yOffset: yOffset, containerHeight: result.containerHeight, widowCount: result.widowCount,
            ratios: ratios, frames: builder.frames, index: FrameIndex(frames: builder.frames),
            band: builder.band, minRowTop: builder.minRowTop, maxRowTop: builder.maxRowTop)
    }

    /// The prepared layout of stacked blocks whose container heights sum to `height`.
    /// `prepareJustified` and `updated` both end here.
    /// - Complexity: O(sections).
    func stacked(
        _ sections: [PreparedJustifiedLayout.Section], containerWidth: Double,
        height: Double
    ) throws(LayoutError) -> PreparedJustifiedLayout {
        guard height.isFinite else {
            throw LayoutError(field: "layout", message: "The layout's height is not finite")
        }
        var widowCount = 0
        for section in sections { widowCount += section.widowCount }
        return PreparedJustifiedLayout(
            sections: sections, contentSize: Size(width: containerWidth, height: height),
            widowCount: widowCount, parameters: parameters)
    }

    /// `containerWidth` when given (it must be positive and finite); else the bounds width
    /// when positive; else 1060.
    func resolvedContainerWidth(view: ViewContext) throws(LayoutError) -> Double {
        if let width = parameters.containerWidth {
            guard width > 0, width.isFinite else {
                throw LayoutError(field: "layout.containerWidth", message: "containerWidth must be a positive number")
            }
            return width
        }
        return Self.boundsWidth(view) ?? Parameters.defaultContainerWidth
    }

    static func boundsWidth(_ view: ViewContext) -> Double? {
        view.bounds.width > 0 && view.bounds.width.isFinite ? view.bounds.width : nil
    }

    /// The layout's options, or (when the section has its own `layout` object) the options
    /// with it applied, each rejection naming the object that gave the value.
    private func sectionOptions(
        _ section: SectionData, index s: Int, containerWidth: Double,
        layoutOptions: JustifiedBlockOptions
    ) throws(LayoutError) -> JustifiedBlockOptions {
        if section.overrides.isEmpty { return layoutOptions }
        let sectionField = { (key: String) in "dataSource.sections[\(s)].layout.\(key)" }
        let (merged, overridden) = try parameters.applying(section.overrides, field: sectionField)
        if overridden.isEmpty { return layoutOptions }
        return try merged.blockOptions(containerWidth: containerWidth) { key in
            overridden.contains(key) ? sectionField(key) : "layout.\(key)"
        }
    }
}
