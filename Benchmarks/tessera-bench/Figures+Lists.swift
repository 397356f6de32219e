import LayoutEngine
import LayoutService

extension Bodies {
    /// Issue 38: an inset-grouped list (rows estimated at 44, separators, a background).
    static let listJSON = #"{"type":"compositional","section":{"list":{"appearance":"insetGrouped"}}}"#
    /// The same rows as a plain compositional section: full width, estimated at 44, no spacing,
    /// the list's side insets.
    static let listRowsJSON =
        #"{"type":"compositional","section":{"contentInsets":{"top":35,"leading":16,"bottom":20,"trailing":16},"group":{"axis":"vertical","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}}}"#
}

extension Figures {
    /// 8b. Issue 38: creating a 1,000,000-row list costs at most 1.2× creating a compositional
    /// section of the same estimated rows (a list is that section, expanded at prepare, plus
    /// separators and a background answered at query time). Alternating runs, so both see
    /// the same machine; end to end over HTTP and the engine alone.
    static func lists(_ c: BenchContext) throws {
        let client = try c.client()
        let bodies = [
            Bodies.compositionalCount(Bodies.listRowsJSON, BenchContext.million),
            Bodies.compositionalCount(Bodies.listJSON, BenchContext.million)
        ]
        var id = ""
        var times: [[Double]] = [[], []]
        for run in 0..<(1 + c.createRuns) {
            for (k, body) in bodies.enumerated() {
                let t = try Timing.time { id = try client.createSession(body).id }
                try client.deleteSession(id)
                if run > 0 { times[k].append(t) }
            }
        }
        let rows = Samples(times[0]), list = Samples(times[1])
        c.report.time("8b", "compositional 1M estimated rows: create, HTTP (alternating)", rows)
        c.report.time(
            "8b", "list 1M rows (insetGrouped): create, HTTP", list, target: 1.2 * rows.median,
            targetText: "≤ 1.2× the rows (\(Format.ms(1.2 * rows.median)))")
        c.report.value("8b", "  list / rows", Format.fixed(list.median / rows.median, 2) + "×")

        // The engine alone: prepare from a count-only data source.
        let dataSource = DataSource(sections: [SectionData(itemCount: BenchContext.million)])
        typealias C = CompositionalLayout
        let size = C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44))
        var plain = C.Section(group: C.Group(axis: .vertical, size: size, subitems: [.item(C.Item(size: size))]))
        plain.contentInsets = C.Insets(top: 35, leading: 16, bottom: 20, trailing: 16)
        let layouts = [C(C.Configuration(section: plain)), C(C.Configuration(section: .list(ListConfiguration(appearance: .insetGrouped))))]
        var engine: [[Double]] = [[], []]
        var prepared: (any PreparedLayout)?
        for run in 0..<(1 + c.createRuns) {
            for (k, layout) in layouts.enumerated() {
                let t = try Timing.time { prepared = try layout.prepare(dataSource, view: Bodies.view) }
                prepared = nil
                if run > 0 { engine[k].append(t) }
            }
        }
        _ = prepared
        c.report.time("8b", "  engine prepare, 1M estimated rows (in-process)", Samples(engine[0]))
        c.report.time("8b", "  engine prepare, 1M-row list (in-process)", Samples(engine[1]))
        c.report.value("8b", "  list / rows, engine", Format.fixed(Samples(engine[1]).median / Samples(engine[0]).median, 2) + "×")
    }
}
