import LayoutEngine
import LayoutService
import LoopbackHTTP
import TesseraJSON

enum Figures {}

extension BenchContext {
    /// POST /v1/sessions in-process; the new session's id.
    func inProcessCreate(_ body: [UInt8]) throws -> String {
        let r = service.createSession(body: body)
        guard r.status == 201, let id = JSONPeek.string(r.body, key: "id") else {
            throw BenchError("in-process createSession answered \(r.status): \(String(decoding: r.body.prefix(300), as: UTF8.self))")
        }
        return id
    }

    func inProcessDelete(_ id: String) {
        _ = service.deleteSession(id: id)
    }
}

extension Figures {
    /// 1. A flow session of 1,000,000 items given by a count.
    static func uniform(_ c: BenchContext) throws {
        let body = Bodies.uniform([BenchContext.million])
        var id = ""
        let inProcess = try Timing.repeated(
            warmup: 3, runs: c.smallRuns, { id = try c.inProcessCreate(body) },
            after: { c.inProcessDelete(id) })
        c.report.time("1", "uniform 1M: create, in-process service", inProcess)
        let client = try c.client()
        let http = try Timing.repeated(
            warmup: 3, runs: c.smallRuns, { id = try client.createSession(body).id },
            after: { try client.deleteSession(id) })
        c.report.time("1", "uniform 1M: create, HTTP end to end", http, target: 50)
        c.results["uniform-http"] = http.median
    }

    /// 2. A flow session of 1,000,000 explicit sizes: end to end, and in-process split into
    /// JSON parse, decode (by difference) and the engine's prepare.
    static func sizes(_ c: BenchContext) throws {
        let body = c.sizesBody
        c.report.value("2", "explicit-size body (1M {\"size\":[w,h]}, w,h in 30…99)", Format.mb(body.count))
        let dataSource = Bodies.sizesDataSource([BenchContext.million])

        var tape: JSONTape?
        let parse = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { tape = try JSONTape.parse(body) },
            after: { tape = nil })
        _ = tape
        var prepared: (any PreparedLayout)?
        let layout = FlowLayout(Bodies.flowParameters)
        let prepare = try Timing.repeated(
            warmup: 1, runs: c.createRuns,
            { prepared = try layout.prepare(dataSource, view: Bodies.view) },
            after: { prepared = nil })
        _ = prepared
        var id = ""
        let service = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { id = try c.inProcessCreate(body) },
            after: { c.inProcessDelete(id) })
        let client = try c.client()
        let http = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { id = try client.createSession(body).id },
            after: { try client.deleteSession(id) })
        // The same sizes in the compact form (`"sizes": [w0, h0, …]`), end to end and in-process.
        let compact = Bodies.compactSizes(layout: Bodies.flowJSON, [BenchContext.million])
        let compactHTTP = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { id = try client.createSession(compact).id },
            after: { try client.deleteSession(id) })
        let compactService = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { id = try c.inProcessCreate(compact) },
            after: { c.inProcessDelete(id) })
        let compactParse = try Timing.repeated(
            warmup: 1, runs: c.createRuns, { tape = try JSONTape.parse(compact) },
            after: { tape = nil })
        c.report.time("2", "sizes 1M: create, HTTP end to end", http, target: 100)
        c.report.value(
            "2", "  JSON parse throughput (body / parse median)",
            Format.fixed(Double(body.count) / 1e6 / (parse.median / 1000), 0) + " MB/s")
        c.report.time("2", "  in-process service (parse + decode + prepare)", service)
        c.report.time("2", "  JSON parse to tape (JSONTape.parse)", parse)
        c.report.value(
            "2", "  decode to columns (service − parse − prepare)",
            Format.ms(service.median - parse.median - prepare.median))
        c.report.time("2", "  engine prepare (FlowLayout, from columns)", prepare)
        c.report.value("2", "  transport (HTTP − in-process)", Format.ms(http.median - service.median))
        c.report.value("2", "compact body (1M sizes as \"sizes\":[w0,h0,…])", Format.mb(compact.count))
        c.report.time("2", "sizes 1M, compact form: create, HTTP end to end", compactHTTP, target: 60)
        c.report.time("2", "  in-process service (parse + decode + prepare)", compactService)
        c.report.time("2", "  JSON parse to tape", compactParse)
        c.results["flow-sizes-http"] = http.median
    }

    /// 2. Memory per item: the RSS growth of a fresh server over several 1M explicit-size
    /// sessions (the first session, which also grows the allocator's pools, reported apart).
    ///
    /// The worker pool keeps each finished job (and so the request body it captured) in its
    /// queue until more than 64 jobs have gone through it: "retained" is the growth as it
    /// happens; "sessions" is read after `flushWorkerQueue` pushed those bodies out.
    static func memory(_ c: BenchContext) throws {
        let body = c.sizesBody
        let server = try ServerProcess(executable: c.serverPath)
        defer { server.stop() }
        let client = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 120)
        let idle = server.memory().rss
        var ids = [try client.createSession(body).id]
        try flushWorkerQueue(client)
        let first = server.memory().rss
        let k = c.memorySessions
        for _ in 0..<k { ids.append(try client.createSession(body).id) }
        let retained = server.memory().rss
        try flushWorkerQueue(client)
        let after = server.memory()
        for id in ids { try client.deleteSession(id) }
        try flushWorkerQueue(client)
        let deleted = server.memory().rss
        let n = Double(BenchContext.million)
        let perItem = Double(after.rss - first) / (Double(k) * n)
        c.report.value(
            "2", "sizes 1M: memory per item (RSS growth, sessions 2…\(k + 1))",
            Format.fixed(perItem, 1) + " B", target: "≤ 80 B", met: perItem <= 80)
        c.report.value(
            "2", "  the same, request bodies still held by the worker queue",
            Format.fixed(Double(retained - first) / (Double(k) * n), 1) + " B")
        c.report.value(
            "2", "  first session (RSS growth incl. allocator pools)",
            Format.fixed(Double(first - idle) / n, 1) + " B")
        c.report.value(
            "2", "  server RSS: idle → \(k + 1) sessions → all deleted",
            "\(Format.mb(idle)) → \(Format.mb(after.rss)) → \(Format.mb(deleted))")
        c.report.value("2", "  server peak RSS (VmHWM)", Format.mb(after.peak))
    }

    /// 140 tiny offloaded requests: the worker queue compacts past 64 finished jobs, which
    /// releases the closures (and request bodies) of the jobs before them.
    static func flushWorkerQueue(_ client: LoopbackHTTPClient) throws {
        let tiny = Array(#"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":1}]},"view":{"bounds":[390,844]}}"#.utf8)
        for _ in 0..<140 {
            let r = try client.send("POST", "/v1/layout", body: tiny)
            guard r.status == 200 else { throw BenchError("POST /v1/layout answered \(r.status)") }
        }
    }

    /// 4. Waterfall and justified sessions of the same 1,000,000 sizes, created alternately
    /// with flow so that the ratio compares like with like.
    static func layouts(_ c: BenchContext) throws {
        let kinds: [(String, [UInt8])] = [
            ("flow", c.sizesBody),
            ("waterfall", c.body("waterfall-sizes") { Bodies.sizes(layout: Bodies.waterfallJSON, [BenchContext.million]) }),
            ("justified", c.body("justified-sizes") { Bodies.sizes(layout: Bodies.justifiedJSON, [BenchContext.million]) })
        ]
        let client = try c.client()
        var times = Array(repeating: [Double](), count: kinds.count)
        for run in 0..<(1 + c.createRuns) {
            for (k, (_, body)) in kinds.enumerated() {
                var id = ""
                let t = try Timing.time { id = try client.createSession(body).id }
                try client.deleteSession(id)
                if run > 0 { times[k].append(t) }
            }
        }
        let flow = Samples(times[0]).median
        c.report.time("4", "flow 1M sizes: create, HTTP (alternating)", Samples(times[0]))
        for k in 1..<kinds.count {
            let s = Samples(times[k])
            c.report.time(
                "4", "\(kinds[k].0) 1M sizes: create, HTTP", s, target: 2 * flow,
                targetText: "≤ 2× flow (\(Format.ms(2 * flow)))")
            c.report.value("4", "  \(kinds[k].0) / flow", Format.fixed(s.median / flow, 2) + "×")
        }
        // The engine alone, from columns.
        let dataSource = Bodies.sizesDataSource([BenchContext.million])
        let engines: [(String, any CollectionLayout)] = [
            ("flow", FlowLayout(Bodies.flowParameters)), ("waterfall", WaterfallLayout()), ("justified", JustifiedLayout())
        ]
        for (name, layout) in engines {
            var prepared: (any PreparedLayout)?
            let s = try Timing.repeated(
                warmup: 1, runs: c.createRuns,
                { prepared = try layout.prepare(dataSource, view: Bodies.view) },
                after: { prepared = nil })
            _ = prepared
            c.report.time("4", "  \(name) engine prepare (in-process)", s)
        }
    }
}
