import LayoutService
import LoopbackHTTP

extension Figures {
    /// 3. A screenful (390 × 844) rect query on the 1M explicit-size session over a keep-alive
    /// connection: at varied offsets (every rect new, so the reply cache, which keeps a rect
    /// from its second request, never answers) and the same rect again and again (cached).
    static func query(_ c: BenchContext) throws {
        let client = try c.client()
        let (id, created) = try client.createSession(c.sizesBody)
        defer { try? client.deleteSession(id) }
        guard let height = JSONPeek.number(created.body, key: "height", after: "contentSize") else {
            throw BenchError("no contentSize in \(created.text.prefix(200))")
        }
        let span = Int(height) - 844
        func target(_ y: Int) -> String { "/v1/sessions/\(id)/elements?rect=0,\(y),390,844" }
        // Offsets: i·7919 mod span (span is ~20 million: all distinct), warm-up elsewhere.
        let warm = (0..<c.queries / 5).map { target(($0 * 104_729 + 4_711) % span) }
        let varied = (0..<c.queries).map { target(($0 * 7919 + 1) % span) }
        for t in warm { _ = try client.get(t) }
        var bytes = 0, elements = 0
        var times: [Double] = []
        for t in varied {
            var reply: LoopbackHTTPClientResponse?
            times.append(try Timing.time { reply = try client.get(t) })
            bytes += reply!.body.count
            if elements == 0 { elements = JSONPeek.count(reply!.body, key: "category") }
        }
        let uncached = Samples(times)
        c.report.time(
            "3", "screenful query, varied rects (uncached), HTTP", uncached, target: 1,
            targetText: "≤ 1 ms", showP99: true)
        c.report.value(
            "3", "  reply size (mean) / elements (first reply)",
            "\(Format.kb(bytes / varied.count)) / \(elements)")

        let same = target(span / 2)
        _ = try client.get(same)
        let cached = try Timing.repeated(warmup: c.queries / 10, runs: c.queries) { _ = try client.get(same) }
        c.report.time(
            "3", "screenful query, same rect (cached), HTTP", cached, target: 1,
            targetText: "≤ 1 ms", showP99: true)

        // The same work without transport: the in-process service, uncached.
        let local = try c.inProcessCreate(c.sizesBody)
        defer { c.inProcessDelete(local) }
        let queries = (0..<c.queries).map { "rect=0,\(($0 * 7919 + 3) % span),390,844" }
        for q in queries.prefix(c.queries / 5) { _ = c.service.elements(id: local, query: q + ".5") }
        var inProcess: [Double] = []
        for q in queries {
            inProcess.append(Timing.time { _ = c.service.elements(id: local, query: q) })
        }
        c.report.time("3", "  in-process service, varied rects (query + encode)", Samples(inProcess), showP99: true)
    }
}

typealias LoopbackHTTPClientResponse = LoopbackHTTPClient.Response
