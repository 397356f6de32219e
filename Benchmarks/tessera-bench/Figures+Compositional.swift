import LayoutEngine
import LayoutService

extension Bodies {
    /// Compositional: rows of three items a third of the width (k = 3), 60 high.
    static let compositionalJSON =
        #"{"type":"compositional","section":{"interGroupSpacing":8,"contentInsets":{"leading":16,"trailing":16},"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":60}},"count":3,"interItemSpacing":{"fixed":8},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}}"#
    /// The same with estimated heights (self-sizing rows of one item: every item its own group).
    static let compositionalEstimatedJSON =
        #"{"type":"compositional","section":{"interGroupSpacing":8,"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}}}"#

    static func compositionalCount(_ layout: String, _ n: Int) -> [UInt8] {
        Array((#"{"layout":"# + layout + #","dataSource":{"sections":[{"itemCount":\#(n)}]},"# + viewJSON + "}").utf8)
    }
}

extension Figures {
    /// 8. Compositional, 1,000,000 items in one section: without estimated dimensions the
    /// section is arithmetic (target ≤ 50 ms end to end, like flow's uniform sections); with
    /// estimated dimensions it is materialised: count-only (every instance the template) and
    /// with the 1M measured sizes of figure 2 (target ≤ 2× flow's explicit-size create).
    static func compositional(_ c: BenchContext) throws {
        let client = try c.client()
        let uniform = Bodies.compositionalCount(Bodies.compositionalJSON, BenchContext.million)
        var id = ""
        let inProcess = try Timing.repeated(
            warmup: 3, runs: c.smallRuns, { id = try c.inProcessCreate(uniform) },
            after: { c.inProcessDelete(id) })
        c.report.time("8", "compositional 1M (no estimates): create, in-process service", inProcess)
        let http = try Timing.repeated(
            warmup: 3, runs: c.smallRuns, { id = try client.createSession(uniform).id },
            after: { try client.deleteSession(id) })
        c.report.time("8", "compositional 1M (no estimates): create, HTTP end to end", http, target: 50)

        let estimatedCount = Bodies.compositionalCount(Bodies.compositionalEstimatedJSON, BenchContext.million)
        let estimatedHTTP = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { id = try client.createSession(estimatedCount).id },
            after: { try client.deleteSession(id) })
        c.report.time("8", "compositional 1M estimated, count only: create, HTTP", estimatedHTTP)

        // Flow's explicit-size create and the estimated compositional create with the same
        // 1M sizes, alternating so both see the same machine.
        let kinds: [[UInt8]] = [
            c.sizesBody,
            c.body("compositional-sizes") { Bodies.sizes(layout: Bodies.compositionalEstimatedJSON, [BenchContext.million]) }
        ]
        var times: [[Double]] = [[], []]
        for run in 0..<(1 + c.createRuns) {
            for (k, body) in kinds.enumerated() {
                let t = try Timing.time { id = try client.createSession(body).id }
                try client.deleteSession(id)
                if run > 0 { times[k].append(t) }
            }
        }
        let flow = Samples(times[0]).median
        c.report.time("8", "flow 1M sizes: create, HTTP (alternating)", Samples(times[0]))
        let estimated = Samples(times[1])
        c.report.time(
            "8", "compositional 1M estimated, 1M measured sizes: create, HTTP", estimated,
            target: 2 * flow, targetText: "≤ 2× flow (\(Format.ms(2 * flow)))")
        c.report.value("8", "  compositional / flow", Format.fixed(estimated.median / flow, 2) + "×")

        // The engine alone, from columns.
        let dataSource = Bodies.sizesDataSource([BenchContext.million])
        typealias C = CompositionalLayout
        let row = C.Group(
            axis: .horizontal, size: C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
            subitems: [.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44))))])
        var section = C.Section(group: row)
        section.interGroupSpacing = 8
        let layout = C(C.Configuration(section: section))
        var prepared: (any PreparedLayout)?
        let engine = try Timing.repeated(
            warmup: 1, runs: c.createRuns,
            { prepared = try layout.prepare(dataSource, view: Bodies.view) },
            after: { prepared = nil })
        _ = prepared
        c.report.time("8", "  compositional estimated engine prepare, 1M measured (in-process)", engine)
    }
}
