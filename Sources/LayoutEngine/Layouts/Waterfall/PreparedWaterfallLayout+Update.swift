/// Batch updates at the cost of what they touch (`IncrementallyUpdatable`).
///
/// - A section the hint reports unchanged keeps its placed geometry as it is, wherever it
///   moved: it is stored relative to its own top, so only its top changes.
/// - Every other section (new or touched) is checked and placed as `prepare` places it;
///   within a touched section every item after the first changed one depends on the
///   column heights, so the whole section is placed again (the unchanged prefix is not used).
/// - Tops, the band index, headers and footers are stacked again, O(sections), by the same
///   code `prepare` ends with: the result equals `WaterfallLayout(parameters).prepare`
///   exactly, the same expressions on the same values.
/// - A view whose width or scale differs (what placing read), a view `prepare` rejects, a
///   hint of the wrong shape, or a touched section that fails its checks: `prepare` afresh
///   (which throws what it throws).
extension PreparedWaterfallLayout: IncrementallyUpdatable {
    func updated(
        to dataSource: DataSource, hint: LayoutUpdateHint,
        view: ViewContext
    ) throws(LayoutError) -> any PreparedLayout {
        let layout = WaterfallLayout(parameters)
        var viewIsValid = true
        do { try LayoutCheck.view(view) } catch { viewIsValid = false }
        guard viewIsValid, hint.unchangedSourceSection.count == dataSource.sections.count,
            view.bounds.width.bitPattern == placer.width.bitPattern,
            view.scale.bitPattern == placer.scale.bitPattern
        else { return try layout.prepare(dataSource, view: view) }

        var out: [WaterfallSection] = []
        out.reserveCapacity(dataSource.sections.count)
        for (s, data) in dataSource.sections.enumerated() {
            if let j = hint.unchangedSource(of: s, among: sections.indices), sections[j].itemCount == data.itemCount {
                // Untouched: it was valid with these parameters and places the same.
                out.append(sections[j])
                continue
            }
            do {
                let sectionParameters = try parameters.applying(data.overrides, section: s)
                try placer.checkItems(data, section: s, parameters: sectionParameters)
                out.append(placer.placeSection(data, parameters: sectionParameters))
            } catch {
                // prepare reports the first error in its own order.
                return try layout.prepare(dataSource, view: view)
            }
        }
        return PreparedWaterfallLayout(sections: out, placer: placer, parameters: parameters)
    }
}
