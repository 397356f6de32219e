import LayoutEngine
import LoopbackHTTP

extension Figures {
    /// One update scenario: a session, an insert, and the engine's view of both.
    private struct UpdateCase {
        let name: String
        let counts: [Int]
        let explicitSizes: Bool
        let insertAt: IndexPath

        var body: [UInt8] {
            explicitSizes ? Bodies.sizes(layout: Bodies.flowJSON, counts) : Bodies.uniform(counts)
        }

        var dataSource: DataSource {
            explicitSizes ? Bodies.sizesDataSource(counts) : DataSource(sections: counts.map { SectionData(itemCount: $0) })
        }

        var operationJSON: String {
            let items = explicitSizes ? #","items":[{"size":[60,60]}]"# : ""
            return #"{"op":"insertItems","indexPaths":[[\#(insertAt.section),\#(insertAt.item)]]\#(items)}"#
        }

        var batch: BatchUpdate {
            BatchUpdate([.insertItems([insertAt], items: explicitSizes ? [SectionData.Item(size: Size(width: 60, height: 60))] : nil)])
        }
    }

    /// 6. POST /v1/sessions/{id}/updates inserting one item (near the end of a 1M-item
    /// section, or into one of 100 sections of 10,000), against creating the session anew;
    /// and the engine alone: validation (which builds the new data source) and the
    /// incremental relayout, against a full prepare.
    static func updates(_ c: BenchContext) throws {
        let cases = [
            UpdateCase(
                name: "flow 1M uniform, insert at [0, 999990]", counts: [BenchContext.million],
                explicitSizes: false, insertAt: IndexPath(0, 999_990)),
            UpdateCase(
                name: "flow 1M sizes, insert at [0, 999990]", counts: [BenchContext.million],
                explicitSizes: true, insertAt: IndexPath(0, 999_990)),
            UpdateCase(
                name: "flow 100×10k sizes, insert at [50, 5000]", counts: Array(repeating: 10_000, count: 100),
                explicitSizes: true, insertAt: IndexPath(50, 5000))
        ]
        let client = try c.client()
        var endpoint = true
        for u in cases {
            let body = u.counts.count == 1 && u.explicitSizes ? c.sizesBody : u.body
            if endpoint {
                endpoint = try http(c, client, u, body)
            }
            if !endpoint { c.report.value("6", u.name, "") }
            try engine(c, u)
        }
    }

    /// Answers false when the server has no updates endpoint.
    private static func http(_ c: BenchContext, _ client: LoopbackHTTPClient, _ u: UpdateCase, _ body: [UInt8]) throws -> Bool {
        var id = ""
        let create = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { id = try client.createSession(body).id },
            after: { try client.deleteSession(id) })
        id = try client.createSession(body).id
        defer { try? client.deleteSession(id) }
        // The rect a client looking at the insertion point would ask about.
        let item = try client.get("/v1/sessions/\(id)/items/\(u.insertAt.section)/\(u.insertAt.item)")
        let y = max(0, (JSONPeek.number(item.body, key: "y") ?? 0) - 400)
        let update = Array(#"{"updates":[\#(u.operationJSON)],"rect":{"x":0,"y":\#(Int(y)),"width":390,"height":844}}"#.utf8)
        let probe = try client.send("POST", "/v1/sessions/\(id)/updates", body: update)
        if probe.status == 404 || probe.status == 405 {
            c.report.note("POST /v1/sessions/{id}/updates answered \(probe.status): not measured over HTTP")
            return false
        }
        guard probe.status == 200 else { throw BenchError("updates answered \(probe.status): \(probe.text.prefix(300))") }
        var planEntries = 0
        let s = try Timing.repeated(warmup: 1, runs: c.updateRuns) {
            let r = try client.send("POST", "/v1/sessions/\(id)/updates", body: update)
            guard r.status == 200 else { throw BenchError("updates answered \(r.status): \(r.text.prefix(300))") }
            planEntries = JSONPeek.count(r.body, key: "change")
        }
        c.report.time("6", "\(u.name): update, HTTP", s)
        c.report.time("6", "  full create of the same, HTTP", create)
        c.report.value(
            "6", "  update / create", Format.fixed(100 * s.median / create.median, 1) + " %",
            spread: "plan: \(planEntries) elements")
        return true
    }

    private static func engine(_ c: BenchContext, _ u: UpdateCase) throws {
        let old = u.dataSource
        let view = Bodies.view
        let layout = FlowLayout(Bodies.flowParameters)
        let prepared = try layout.prepareFlow(old, view: view)
        let batch = u.batch
        var validated: ValidatedBatchUpdate?
        let validate = try Timing.repeated(warmup: 1, runs: c.updateRuns, { validated = try batch.validated(against: old) })
        let update = try batch.validated(against: old)
        let hint = update.layoutHint
        var result: (any PreparedLayout)?
        let relayout = try Timing.repeated(
            warmup: 1, runs: c.updateRuns,
            { result = try prepared.updated(to: update.newDataSource, hint: hint, view: view) },
            after: { result = nil })
        let full = try Timing.repeated(
            warmup: 1, runs: c.createRuns,
            { result = try layout.prepare(update.newDataSource, view: view) },
            after: { result = nil })
        _ = (validated, result)
        c.report.time("6", "  engine: validate (new data source)", validate)
        c.report.time("6", "  engine: incremental relayout (updated(to:hint:))", relayout)
        c.report.time("6", "  engine: full prepare of the new data source", full)
    }
}
