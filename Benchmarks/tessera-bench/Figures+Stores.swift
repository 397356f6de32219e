#if canImport(Glibc)
    import Glibc
#endif
import LoopbackHTTP

extension Figures {
    /// 9. The session stores (issue 7), each against the memory store in the same run: create
    /// with 1M explicit sizes, a one-item update of that session (acknowledged only once
    /// stored: SQLite `synchronous=FULL`, Redis `appendfsync always`), screenful rect queries
    /// on a warm replica, wrk throughput on one rect, and the first query of a 1M-item session
    /// on a second replica that never saw it. Redis is Debian's redis-server, started here.
    static func stores(_ c: BenchContext) throws {
        let directory = try temporaryDirectory()
        let redisPort = try LoopbackPort.free()
        let redis = try ChildProcess(
            "redis-server",
            [
                "--port", "\(redisPort)", "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "yes", "--appendfsync", "always",
                "--dir", directory, "--logfile", "/dev/null"
            ])
        defer { redis.stop() }
        try waitForRedis(redisPort)
        let stores = [("memory", "memory"), ("sqlite", "sqlite:\(directory)/bench.db"), ("redis", "redis://127.0.0.1:\(redisPort)")]
        var createMedian: [String: Double] = [:]
        var throughput: [String: Double] = [:]
        for (name, store) in stores {
            progress("  -- --store \(store)")
            let server = try ServerProcess(executable: c.serverPath, extraArguments: ["--store", store])
            defer { server.stop() }
            let client = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 120)
            var id = ""
            let create = try Timing.repeated(
                warmup: 1, runs: c.createRuns, { id = try client.createSession(c.sizesBody).id },
                after: { try client.deleteSession(id) })
            c.report.time("9", "\(name): create, 1M explicit sizes, HTTP", create)
            createMedian[name] = create.median
            if name != "memory", let reference = createMedian["memory"] {
                let ratio = create.median / reference
                c.report.value("9", "  \(name) create / memory create", Format.fixed(ratio, 2) + "×", target: "≤ 1.5×", met: ratio <= 1.5)
            }

            let (session, created) = try client.createSession(c.sizesBody)
            guard let height = JSONPeek.number(created.body, key: "height", after: "contentSize") else {
                throw BenchError("no contentSize in \(created.text.prefix(200))")
            }
            let span = Int(height) - 844
            let update = Array(
                #"{"updates":[{"op":"insertItems","indexPaths":[[0,999990]],"items":[{"size":[60,60]}]}],"rect":{"x":0,"y":\#(span - 1000),"width":390,"height":844}}"#
                    .utf8)
            let updates = try Timing.repeated(warmup: 1, runs: c.updateRuns) {
                let r = try client.send("POST", "/v1/sessions/\(session)/updates", body: update)
                guard r.status == 200 else { throw BenchError("updates answered \(r.status): \(r.text.prefix(300))") }
            }
            c.report.time(
                "9", "\(name): one-item update of the 1M session, acknowledged", updates,
                target: name == "memory" ? nil : 10, targetText: name == "memory" ? "(reference)" : "≤ 10 ms")

            func target(_ y: Int) -> String { "/v1/sessions/\(session)/elements?rect=0,\(y),390,844" }
            for i in 0..<(c.queries / 5) { _ = try client.get(target((i * 104_729 + 4_711) % span)) }
            var times: [Double] = []
            for i in 0..<c.queries {
                let t = target((i * 7919 + 1) % span)
                times.append(try Timing.time { _ = try client.get(t) })
            }
            c.report.time(
                "9", "\(name): screenful query, varied rects, warm replica, HTTP", Samples(times), target: 1,
                targetText: "≤ 1 ms", showP99: true)

            let rate = try wrk(port: server.port, path: target(span / 2), seconds: c.options.quick ? 2 : 5)
            throughput[name] = rate
            if name != "memory", let reference = throughput["memory"] {
                let ratio = rate / reference
                c.report.value(
                    "9", "\(name): wrk, one screenful rect (2 threads, 16 connections)", Format.fixed(rate, 0) + " req/s",
                    spread: Format.fixed(ratio, 2) + "× memory", target: "≥ 0.7× memory", met: ratio >= 0.7)
            } else {
                c.report.value(
                    "9", "\(name): wrk, one screenful rect (2 threads, 16 connections)", Format.fixed(rate, 0) + " req/s",
                    target: "(reference)")
            }

            if name != "memory" {
                // A second replica on the same store: the session is new to it, so its first
                // query loads the session image, decodes it and prepares the layout.
                let replica = try ServerProcess(executable: c.serverPath, extraArguments: ["--store", store])
                defer { replica.stop() }
                let cold = try LoopbackHTTPClient(port: replica.port, timeoutSeconds: 120)
                var first: [Double] = []
                for _ in 0..<(c.options.quick ? 2 : 5) {
                    let (fresh, _) = try client.createSession(c.sizesBody)
                    first.append(try Timing.time { _ = try cold.get("/v1/sessions/\(fresh)/elements?rect=0,0,390,844") })
                    try client.deleteSession(fresh)
                }
                c.report.time(
                    "9", "\(name): first query of a 1M session on a replica that never saw it", Samples(first),
                    target: 300, targetText: "≤ 300 ms")
            }
            try client.deleteSession(session)
        }
        c.report.note(
            "figure 9: Redis with appendonly yes, appendfsync always (every acknowledged change fsynced by Redis); SQLite in WAL with synchronous=FULL; files in \(directory)"
        )
    }

    /// `wrk` on one URL; its requests per second.
    private static func wrk(port: Int, path: String, seconds: Int) throws -> Double {
        let run = try ChildProcess("wrk", ["-t2", "-c16", "-d\(seconds)s", "http://127.0.0.1:\(port)\(path)"])
        let (output, status) = run.waitForOutput()
        guard status == 0, let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = Double(line.split(separator: " ").last ?? "")
        else {
            throw BenchError("wrk failed (status \(status)): \(output.prefix(400))")
        }
        if let bad = output.split(separator: "\n").first(where: { $0.contains("Non-2xx") }) {
            throw BenchError("wrk saw errors: \(bad)")
        }
        return rate
    }

    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/tessera-bench-XXXXXX".utf8CString)
        guard let p = mkdtemp(&template) else { throw BenchError("mkdtemp failed") }
        return String(cString: p)
    }

    /// Polls until redis-server answers (it does within ~100 ms).
    static func waitForRedis(_ port: Int) throws {
        for _ in 0..<100 {
            if LoopbackPort.redisAnswers(port) { return }
            usleep(50_000)
        }
        throw BenchError("redis-server did not start on port \(port)")
    }
}
