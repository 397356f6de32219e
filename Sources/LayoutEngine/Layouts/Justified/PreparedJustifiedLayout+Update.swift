/// Batch updates at the cost of what they touch (`IncrementallyUpdatable`).
///
/// - A section the hint reports unchanged keeps its block as it is, wherever it moved: its
///   boxes are relative to the block's top, so only its offset changes (checked as the
///   original checks every row's top: finite).
/// - Every other section (new or touched) is laid out as `prepareJustified` lays it out;
///   a touched section is laid out whole (its unchanged prefix is not used).
/// - Offsets are the same running sum of container heights, and the layout is stacked by
///   the code `prepareJustified` ends with: the result equals
///   `JustifiedLayout(parameters).prepareJustified` exactly.
/// - A view that gives another container width, a hint of the wrong shape, or anything
///   that fails: `prepareJustified` afresh (which throws what it throws).
extension PreparedJustifiedLayout: IncrementallyUpdatable {
    public func updated(
        to dataSource: DataSource, hint: LayoutUpdateHint,
        view: ViewContext
    ) throws(LayoutError) -> any PreparedLayout {
        let layout = JustifiedLayout(parameters)
        do {
            let containerWidth = try layout.resolvedContainerWidth(view: view)
            guard hint.unchangedSourceSection.count == dataSource.sections.count,
                containerWidth.bitPattern == contentSize.width.bitPattern
            else { return try layout.prepareJustified(dataSource, view: view) }
            let layoutOptions = try parameters.blockOptions(containerWidth: containerWidth) { "layout.\($0)" }

            var out: [Section] = []
            out.reserveCapacity(dataSource.sections.count)
            var yOffset = 0.0
            for (s, data) in dataSource.sections.enumerated() {
                let block: Section
                if let j = hint.unchangedSource(of: s, among: sections.indices), let moved = sections[j].moved(to: yOffset) {
                    // Untouched: the same items and overrides lay out the same block.
                    block = moved
                } else {
                    block = try layout.layOutSection(
                        data, index: s, containerWidth: containerWidth,
                        layoutOptions: layoutOptions, yOffset: yOffset)
                }
                out.append(block)
                yOffset += block.containerHeight
            }
            return try layout.stacked(out, containerWidth: containerWidth, height: yOffset)
        } catch {
            // prepare reports the first error in its own order.
            return try layout.prepareJustified(dataSource, view: view)
        }
    }
}
