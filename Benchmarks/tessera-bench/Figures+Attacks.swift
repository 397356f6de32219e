import LayoutEngine
import LoopbackHTTP

/// 10. Issue 8's cheap requests, each once against a fresh server (run it with `--server`
/// pointing at an older build for the "before" column): how long the request takes, what it
/// answers, and what it costs the server (peak RSS growth, and whether `/healthz` on another
/// connection waits for it).
extension Figures {
    static func attacks(_ c: BenchContext) throws {
        let server = try ServerProcess(executable: c.serverPath, extraArguments: ["--loops", "1"])
        defer { server.stop() }
        let client = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 600)

        func attack(_ label: String, _ run: () throws -> LoopbackHTTPClient.Response) throws {
            let before = server.memory().peak
            var response: LoopbackHTTPClient.Response?
            let t = try Timing.time { response = try run() }
            let r = response!
            let growth = max(0, server.memory().peak - before)
            let nulls = r.text.contains("null") ? ", holds null" : ""
            c.report.value(
                "10", label, Format.ms(t),
                spread: "\(r.status), \(Format.mb(r.body.count)) reply, peak RSS +\(Format.mb(growth))\(nulls)")
        }

        // a. One object of 80,000 keys (869 KB) to a route that runs on the event loop.
        let line = try client.createSession(
            Array(#"{"layout":{"type":"line"},"dataSource":{"sections":[{"itemCount":10}]},"view":{"bounds":[800,600]}}"#.utf8)
        ).id
        let keys = "{" + (0..<80_000).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        try attack("80,000-key object to target-content-offset") {
            try client.send("POST", "/v1/sessions/\(line)/target-content-offset", body: Array(keys.utf8))
        }

        // b. A waterfall of 10,000 columns, 200,000 items (a 3 MB one-shot body).
        let waterfall = c.body("waterfall-10k-columns") {
            var json = #"{"layout":{"type":"waterfall","columnCount":10000,"minimumColumnSpacing":0},"dataSource":{"sections":[{"items":["#
            json += Array(repeating: "[3,4]", count: 200_000).joined(separator: ",")
            json += #"]}]},"view":{"bounds":[100000,800]},"rect":[0,0,100,100]}"#
            return Array(json.utf8)
        }
        try attack("waterfall, 10,000 columns, 200,000 items: one-shot") {
            try client.send("POST", "/v1/layout", body: waterfall)
        }

        // c–e. Five million 1×1 cells; the issue's rect, no rect, and line snapping.
        let cells = try client.createSession(
            Array(
                #"{"layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":5000000}]},"view":{"bounds":[1000,1000]}}"#
                    .utf8)
        ).id
        try attack("5M 1×1 cells: elements?rect=0,0,1000,100000") {
            try client.request("GET", "/v1/sessions/\(cells)/elements?rect=0,0,1000,100000")
        }
        try attack("5M 1×1 cells: elements without a rect") {
            try client.request("GET", "/v1/sessions/\(cells)/elements")
        }
        try client.deleteSession(cells)
        let wide = try client.createSession(
            Array(#"{"layout":{"type":"line"},"dataSource":{"sections":[{"itemCount":5000000}]},"view":{"bounds":[1e15,600]}}"#.utf8)
        ).id
        try attack("5M-item line layout, bounds width 1e15: target-content-offset") {
            try client.send(
                "POST", "/v1/sessions/\(wide)/target-content-offset",
                body: Array(#"{"proposedContentOffset":{"x":12345,"y":0}}"#.utf8))
        }
        try client.deleteSession(wide)

        // f. A waterfall item of 1e-300 × 1e15.
        try attack("waterfall item [1e-300, 1e15]: one-shot") {
            try client.send(
                "POST", "/v1/layout",
                body: Array(
                    #"{"layout":{"type":"waterfall"},"dataSource":{"sections":[{"items":[{"size":[1e-300,1e15]},{"size":[1,1]}]}]},"view":{"bounds":[390,844]}}"#
                        .utf8))
        }

        // g. Memory of empty sections: 2,000 of them in a waterfall of 2 columns.
        let sections = Array(
            ("{\"layout\":{\"type\":\"waterfall\"},\"dataSource\":{\"sections\":["
                + Array(repeating: "{\"itemCount\":0}", count: 2_000).joined(separator: ",")
                + "]},\"view\":{\"bounds\":[390,844]}}").utf8)
        let rssBefore = server.memory().rss
        var ids: [String] = []
        for _ in 0..<25 { ids.append(try client.createSession(sections).id) }
        let perSection = Double(server.memory().rss - rssBefore) / 50_000
        c.report.value(
            "10", "waterfall, empty sections: memory per section (25 sessions of 2,000)",
            Format.fixed(perSection, 0) + " B")
        for id in ids { try client.deleteSession(id) }
    }
}

/// 11. What the memory limits buy: the server's RSS growth per item of each layout, per
/// empty section and per idle connection, from which docs/limits.md's "Memory" section works
/// out what the defaults allow. Each case runs in a fresh server, so that memory freed by an
/// earlier case (which the allocator keeps) cannot hide the growth.
extension Figures {
    static func memoryLimits(_ c: BenchContext) throws {
        /// RSS growth of a fresh server over `run`, after one warm-up round of it.
        func growth(_ run: (LoopbackHTTPClient, ServerProcess) throws -> Void) throws -> Int {
            let server = try ServerProcess(executable: c.serverPath, extraArguments: ["--loops", "1"])
            defer { server.stop() }
            let client = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 600)
            try flushWorkerQueue(client)
            let before = server.memory().rss
            try run(client, server)
            try flushWorkerQueue(client)
            return server.memory().rss - before
        }
        let n = 1_000_000
        func items(_ item: (Int) -> String) -> String { (0..<n).map(item).joined(separator: ",") }
        let bodies: [(String, String)] = [
            ("flow, itemCount", #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844]}}"#),
            (
                "flow, sizes",
                #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"items":["# + items { "[\(20 + $0 % 80),\(30 + $0 % 50)]" }
                    + #"]}]},"view":{"bounds":[390,844]}}"#
            ),
            (
                "waterfall, sizes",
                #"{"layout":{"type":"waterfall"},"dataSource":{"sections":[{"items":["# + items { "[\(20 + $0 % 80),\(30 + $0 % 50)]" }
                    + #"]}]},"view":{"bounds":[390,844]}}"#
            ),
            (
                "justified, ratios",
                #"{"layout":{"type":"justified"},"dataSource":{"sections":[{"items":["# + items { "\(0.5 + Double($0 % 15) / 10)" }
                    + #"]}]},"view":{"bounds":[1060,844]}}"#
            ),
            (
                "column, heights",
                #"{"layout":{"type":"column"},"dataSource":{"sections":[{"items":["# + items { "{\"height\":\(10 + $0 % 90)}" }
                    + #"]}]},"view":{"bounds":[390,844]}}"#
            ),
            (
                "coverFlow, itemCount, reflections",
                #"{"layout":{"type":"coverFlow","reflection":true},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,300]}}"#
            ),
            (
                "tree, 1,000 parents of 999 children",
                #"{"layout":{"type":"tree"},"dataSource":{"sections":[{"items":["#
                    + (0..<1000).map { p in "{\"children\":[" + (0..<999).map { String(p * 999 + $0) }.joined(separator: ",") + "]}" }.joined(
                        separator: ",")
                    + #"]},{"itemCount":999000}]}}"#
            )
        ]
        for (name, json) in bodies {
            let body = Array(json.utf8)
            // Three sessions: the first one's growth includes the allocator's own pools.
            let bytes = try growth { client, _ in for _ in 0..<3 { _ = try client.createSession(body) } }
            c.report.value(
                "11", "\(name): memory per item (RSS growth over 3 sessions of 1M)",
                Format.fixed(Double(bytes) / Double(3 * n), 1) + " B")
        }
        for type in ["flow", "waterfall", "justified", "column", "circle"] {
            let body = Array(
                (#"{"layout":{"type":"\#(type)"},"dataSource":{"sections":["#
                    + Array(repeating: #"{"itemCount":0}"#, count: 2_000).joined(separator: ",") + #"]},"view":{"bounds":[390,844]}}"#).utf8)
            let bytes = try growth { client, _ in for _ in 0..<50 { _ = try client.createSession(body) } }
            c.report.value(
                "11", "\(type): memory per empty section (50 sessions of 2,000)",
                Format.fixed(Double(bytes) / 100_000, 0) + " B")
        }
        var idle: [LoopbackHTTPClient] = []
        let bytes = try growth { _, server in
            for _ in 0..<2000 {
                let connection = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 30)
                _ = try connection.request("GET", "/healthz")
                idle.append(connection)
            }
        }
        c.report.value("11", "memory per idle keep-alive connection (2,000)", Format.fixed(Double(bytes) / 2000, 0) + " B")
    }
}

/// 12. The waterfall's column choice: the engine's prepare of 1,000,000 items (in-process)
/// at growing column counts. A scan costs O(columns) per item, the heap O(log columns).
extension Figures {
    static func waterfallColumns(_ c: BenchContext) throws {
        let dataSource = Bodies.sizesDataSource([BenchContext.million])
        for columns in [2, 4, 8, 9, 16, 100, 10_000] {
            let layout = WaterfallLayout(WaterfallLayout.Parameters(columnCount: columns, minimumColumnSpacing: 1))
            let view = ViewContext(bounds: Size(width: 100_000, height: 844))
            var prepared: (any PreparedLayout)?
            let s = try Timing.repeated(
                warmup: 1, runs: c.createRuns,
                { prepared = try layout.prepare(dataSource, view: view) },
                after: { prepared = nil })
            _ = prepared
            c.report.time("12", "waterfall, \(columns) columns, 1M items: engine prepare", s)
        }
    }
}
