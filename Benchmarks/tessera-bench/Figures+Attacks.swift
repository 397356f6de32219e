import LayoutEngine
import LoopbackHTTP

/// 7. Issue 8's cheap requests, each once against a fresh server (run it with `--server`
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
            c.report.value("7", label, Format.ms(t),
                           spread: "\(r.status), \(Format.mb(r.body.count)) reply, peak RSS +\(Format.mb(growth))\(nulls)")
        }

        // 7a. One object of 80,000 keys (869 KB) to a route that runs on the event loop.
        let line = try client.createSession(Array(#"{"layout":{"type":"line"},"dataSource":{"sections":[{"itemCount":10}]},"view":{"bounds":[800,600]}}"#.utf8)).id
        let keys = "{" + (0..<80_000).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        try attack("80,000-key object to target-content-offset") {
            try client.send("POST", "/v1/sessions/\(line)/target-content-offset", body: Array(keys.utf8))
        }

        // 7b. A waterfall of 10,000 columns, 200,000 items (a 3 MB one-shot body).
        let waterfall = c.body("waterfall-10k-columns") {
            var json = #"{"layout":{"type":"waterfall","columnCount":10000,"minimumColumnSpacing":0},"dataSource":{"sections":[{"items":["#
            json += Array(repeating: "[3,4]", count: 200_000).joined(separator: ",")
            json += #"]}]},"view":{"bounds":[100000,800]},"rect":[0,0,100,100]}"#
            return Array(json.utf8)
        }
        try attack("waterfall, 10,000 columns, 200,000 items: one-shot") {
            try client.send("POST", "/v1/layout", body: waterfall)
        }

        // 7c–e. Five million 1×1 cells; the issue's rect, no rect, and line snapping.
        let cells = try client.createSession(Array(#"{"layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":5000000}]},"view":{"bounds":[1000,1000]}}"#.utf8)).id
        try attack("5M 1×1 cells: elements?rect=0,0,1000,100000") {
            try client.request("GET", "/v1/sessions/\(cells)/elements?rect=0,0,1000,100000")
        }
        try attack("5M 1×1 cells: elements without a rect") {
            try client.request("GET", "/v1/sessions/\(cells)/elements")
        }
        try client.deleteSession(cells)
        let wide = try client.createSession(Array(#"{"layout":{"type":"line"},"dataSource":{"sections":[{"itemCount":5000000}]},"view":{"bounds":[1e15,600]}}"#.utf8)).id
        try attack("5M-item line layout, bounds width 1e15: target-content-offset") {
            try client.send("POST", "/v1/sessions/\(wide)/target-content-offset",
                            body: Array(#"{"proposedContentOffset":{"x":12345,"y":0}}"#.utf8))
        }
        try client.deleteSession(wide)

        // 7f. A waterfall item of 1e-300 × 1e15.
        try attack("waterfall item [1e-300, 1e15]: one-shot") {
            try client.send("POST", "/v1/layout", body: Array(#"{"layout":{"type":"waterfall"},"dataSource":{"sections":[{"items":[{"size":[1e-300,1e15]},{"size":[1,1]}]}]},"view":{"bounds":[390,844]}}"#.utf8))
        }

        // 7g. Memory of empty sections: 10,000 of them in a waterfall of 2 columns.
        let sections = Array(("{\"layout\":{\"type\":\"waterfall\"},\"dataSource\":{\"sections\":["
            + Array(repeating: "{\"itemCount\":0}", count: 10_000).joined(separator: ",")
            + "]},\"view\":{\"bounds\":[390,844]}}").utf8)
        let rssBefore = server.memory().rss
        var ids: [String] = []
        for _ in 0..<5 { ids.append(try client.createSession(sections).id) }
        let perSection = Double(server.memory().rss - rssBefore) / 50_000
        c.report.value("7", "waterfall, empty sections: memory per section (5 sessions of 10,000)",
                       Format.fixed(perSection, 0) + " B")
        for id in ids { try client.deleteSession(id) }
    }
}
