#if canImport(Glibc)
    import Glibc
#endif
import LoopbackHTTP

extension Figures {
    /// 13. What `WAIT` costs (issue 19): a Redis master with one replica (both Debian's
    /// redis-server, `appendfsync always`, started here), and `tessera serve` on it with
    /// `--redis-min-replica-acks 1` and `0` in alternating rounds: a 1M explicit-size create
    /// and a one-item update of that session, each acknowledged. The `0` server is the
    /// reference of each round.
    static func replicaAcks(_ c: BenchContext) throws {
        let directory = try temporaryDirectory()
        let masterPort = try LoopbackPort.free(), replicaPort = try LoopbackPort.free()
        func redis(_ port: Int, _ name: String, _ extra: [String]) throws -> ChildProcess {
            mkdir("\(directory)/\(name)", 0o700)
            return try ChildProcess(
                "redis-server",
                [
                    "--port", "\(port)", "--bind", "127.0.0.1", "--save", "",
                    "--appendonly", "yes", "--appendfsync", "always",
                    "--repl-diskless-sync-delay", "0",
                    "--dir", "\(directory)/\(name)", "--logfile", "/dev/null"
                ] + extra)
        }
        let master = try redis(masterPort, "master", [])
        defer { master.stop() }
        let replica = try redis(replicaPort, "replica", ["--replicaof", "127.0.0.1", "\(masterPort)"])
        defer { replica.stop() }
        try waitForRedis(masterPort)
        try waitForRedis(replicaPort)
        for _ in 0..<200 {
            if LoopbackPort.redisCommand(masterPort, "INFO replication")?.contains("state=online") == true { break }
            usleep(50_000)
        }
        var create: [String: [Double]] = ["0": [], "1": []]
        var update: [String: [Double]] = ["0": [], "1": []]
        let rounds = c.options.quick ? 1 : 3
        for round in 0..<rounds {
            for acks in ["0", "1"] {
                progress("  -- round \(round + 1), --redis-min-replica-acks \(acks)")
                let server = try ServerProcess(
                    executable: c.serverPath,
                    extraArguments: ["--store", "redis://127.0.0.1:\(masterPort)", "--redis-min-replica-acks", acks])
                defer { server.stop() }
                let client = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 120)
                var id = ""
                let created = try Timing.repeated(
                    warmup: 1, runs: c.createRuns, { id = try client.createSession(c.sizesBody).id },
                    after: { try client.deleteSession(id) })
                create[acks]! += created.ms
                let (session, _) = try client.createSession(c.sizesBody)
                let body = Array(#"{"updates":[{"op":"insertItems","indexPaths":[[0,500000]],"items":[{"size":[60,60]}]}],"rect":[0,0,1,1]}"#.utf8)
                let updated = try Timing.repeated(warmup: 1, runs: c.updateRuns) {
                    let r = try client.send("POST", "/v1/sessions/\(session)/updates", body: body)
                    guard r.status == 200 else { throw BenchError("updates answered \(r.status): \(r.text.prefix(300))") }
                }
                update[acks]! += updated.ms
                try client.deleteSession(session)
            }
        }
        for (what, samples) in [("create, 1M explicit sizes, HTTP", create), ("one-item update of the 1M session", update)] {
            let without = Samples(samples["0"]!), with = Samples(samples["1"]!)
            c.report.time("13", "\(what), WAIT 0 (reference)", without)
            c.report.time("13", "\(what), WAIT 1", with)
            c.report.value("13", "  \(what): WAIT 1 / WAIT 0", Format.fixed(with.median / without.median, 2) + "×")
        }
        c.report.note("figure 13: redis-server master and replica on loopback, appendfsync always; \(rounds) alternating rounds")
    }
}
