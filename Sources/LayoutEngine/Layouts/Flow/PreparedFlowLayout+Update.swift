/// Batch updates at the cost of what they touch (`IncrementallyUpdatable`).
///
/// - A section the hint reports unchanged keeps its prepared content as it is, wherever it
///   moved: along positions inside it are relative to its first line, so placing it at its
///   new start is O(1) (`FlowSection.init`).
/// - A touched section that existed before, laid out with the same metrics, resumes R3's
///   scan after its unchanged prefix and, when it is mixed before and after, keeps every
///   line before the one holding the last unchanged item (`MixedLineBuilder`); uniform
///   sections are O(1) anyway. One that switches between uniform and mixed is laid out anew.
/// - Everything else (new sections, new metrics) is laid out as `prepare` does.
///
/// The section bands and their search are rebuilt, O(sections). The result equals
/// `FlowLayout(parameters).prepareFlow(newDataSource, view:)` exactly: the same expressions
/// run on the same values, kept or recomputed.
extension PreparedFlowLayout: IncrementallyUpdatable {
    public func updated(
        to newDataSource: DataSource, hint: LayoutUpdateHint,
        view: ViewContext
    ) throws(LayoutError) -> any PreparedLayout {
        try updatedFlow(to: newDataSource, hint: hint, view: view)
    }

    /// `updated`, with its concrete result (the line layout builds on it).
    public func updatedFlow(
        to dataSource: DataSource, hint: LayoutUpdateHint,
        view: ViewContext
    ) throws(LayoutError) -> PreparedFlowLayout {
        let D = geometry.referenceDimension
        // A view that changes what prepare read (or that prepare rejects), a layout that laid
        // nothing out (D ≤ 0), or a hint of the wrong shape: prepare afresh.
        guard D > 0, hint.unchangedSourceSection.count == dataSource.sections.count,
            FlowValidation.isValid(view), FlowViewGeometry(view, axes) == geometry
        else { return try FlowLayout(parameters).prepareFlow(dataSource, view: view) }

        let sources = resumeSources(hint)
        let defaults = FlowSectionMetrics(parameters)
        let errata = parameters.errata
        var out: [FlowSection] = []
        out.reserveCapacity(dataSource.sections.count)
        var start = 0.0
        for (index, data) in dataSource.sections.enumerated() {
            let content: FlowSectionContent
            if let j = hint.unchangedSource(of: index, among: sections.indices), sections[j].itemCount == data.itemCount {
                // Untouched: it was valid with these parameters and lays out the same.
                content = sections[j].content
            } else {
                // The steps of prepare (R2, R3 with R11, R5–R10), resumed where possible.
                let metrics = try FlowSectionMetrics(defaults, overrides: data.overrides, index: index)
                var resuming: (old: FlowSectionContent, prefix: Int)? = nil
                if let source = sources[index] {
                    let old = sections[source.old].content
                    let prefix = min(hint.unchangedPrefix[index], old.itemCount, data.itemCount)
                    if prefix > 0, old.metrics == metrics, source.proven || old.hasSamePrefix(as: data, prefix) {
                        resuming = (old, prefix)
                    }
                }
                var scanResume: (scan: FlowShapeScan, prefix: Int)? = nil
                if let (old, prefix) = resuming, let scan = old.scan { scanResume = (scan, prefix) }
                let (shape, scan) = try FlowShape.classify(
                    data, index: index, defaultSize: metrics.defaultItemSize,
                    ignoresLeadingZeroItems: errata.contains(.leadingZeroSizeItemsSkipped),
                    resuming: scanResume)
                content = FlowSectionContent(
                    data, shape: shape, scan: scan, metrics: metrics,
                    referenceDimension: D, axes: axes, errata: errata,
                    resuming: resuming)
            }
            let section = FlowSection(content, start: start)
            start = section.end
            out.append(section)
        }
        return PreparedFlowLayout(sections: out, totalLength: start, parameters: parameters, geometry: geometry)
    }

    /// For every touched new section (nil in `unchangedSourceSection`) with an unchanged
    /// prefix, the old section it may resume from. The hint names old sections only for
    /// untouched ones, so a touched section is paired with an old section no untouched one
    /// came from:
    /// - one such old section and one touched section with a prefix: it is that one (proven);
    /// - as many such old sections as touched new ones: paired in order;
    /// - otherwise: the old section at the same index, if no untouched section came from it.
    /// Unproven pairs are used only when their prefixes compare equal (`hasSamePrefix`).
    /// - Complexity: O(old sections + new sections).
    func resumeSources(_ hint: LayoutUpdateHint) -> [(old: Int, proven: Bool)?] {
        let count = hint.unchangedSourceSection.count
        var out: [(old: Int, proven: Bool)?] = Array(repeating: nil, count: count)
        var referenced = [Bool](repeating: false, count: sections.count)
        for case let j? in hint.unchangedSourceSection where sections.indices.contains(j) { referenced[j] = true }
        let free = sections.indices.filter { !referenced[$0] }
        let touched = (0..<count).filter { hint.unchangedSourceSection[$0] == nil }
        let resumable = touched.filter { hint.unchangedPrefix[$0] > 0 }
        if resumable.count == 1 && free.count == 1 {
            out[resumable[0]] = (free[0], true)
        } else if touched.count == free.count {
            for (s, j) in zip(touched, free) where hint.unchangedPrefix[s] > 0 { out[s] = (j, false) }
        } else {
            for s in resumable where s < sections.count && !referenced[s] { out[s] = (s, false) }
        }
        return out
    }
}
