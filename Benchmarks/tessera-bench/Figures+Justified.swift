#if canImport(Glibc)
    import Glibc
#endif
import LayoutEngine

extension Figures {
    /// The original's median for 100,000 photos measured earlier on this machine
    /// (Benchmarks/justified/README.md), used when `--original` is not given.
    static let originalEarlierMs = 27_400.0

    /// 5. Justified layout of 100,000 photos (compare.mjs's sequence, bit for bit): the engine
    /// in-process, the one-shot POST /v1/layout end to end, and the original on node.
    static func justified(_ c: BenchContext) throws {
        let n = 100_000
        let ratios = Bodies.photoRatios(n)
        let dataSource = DataSource(sections: [SectionData(itemCount: n, aspectRatios: ratios)])
        var prepared: PreparedJustifiedLayout?
        let engine = try Timing.repeated(
            warmup: 3, runs: c.createRuns,
            { prepared = try JustifiedLayout().prepareJustified(dataSource, view: ViewContext()) },
            after: { prepared = nil })
        _ = prepared
        let layout = try JustifiedLayout().prepareJustified(dataSource, view: ViewContext())
        let checksum = justifiedChecksum(layout)
        c.report.time("5", "justified 100k: engine prepare (in-process)", engine)
        c.report.value(
            "5", "  layout checksum (compare.mjs --checksum)", "\(checksum)",
            spread: "containerHeight \(layout.contentSize.height)")

        let body = Bodies.justifiedRatios(ratios)
        let client = try c.client()
        var replyBytes = 0
        let http = try Timing.repeated(warmup: 1, runs: c.createRuns) {
            let r = try client.send("POST", "/v1/layout", body: body)
            guard r.status == 200 else { throw BenchError("POST /v1/layout answered \(r.status): \(r.text.prefix(300))") }
            replyBytes = r.body.count
        }
        let inProcess = try Timing.repeated(warmup: 1, runs: c.createRuns) { _ = c.service.oneShotLayout(body: body) }
        c.report.time("5", "justified 100k: one-shot POST /v1/layout, HTTP (all elements)", http, target: 40)
        c.report.value(
            "5", "  reply encoding throughput (reply / in-process one-shot)",
            Format.fixed(Double(replyBytes) / 1e6 / (inProcess.median / 1000), 0) + " MB/s (upper bound: includes parse and prepare)")
        c.report.value("5", "  body / reply", "\(Format.mb(body.count)) / \(Format.mb(replyBytes))")
        c.report.time("5", "  one-shot in-process service (parse, prepare, encode)", inProcess)

        var original = originalEarlierMs
        if let lib = c.options.originalLib {
            let runs = c.options.quick ? 1 : 3
            progress("  running the original on node (\(runs + 1) × ~30 s)…")
            let (median, originalChecksum) = try runOriginal(lib: lib, n: n, runs: runs)
            original = median
            c.report.value("5", "original 4.1 on node: layout (median of \(runs))", Format.ms(median))
            c.report.value(
                "5", "  original's checksum", "\(originalChecksum)",
                spread: originalChecksum == checksum ? "same layout" : "DIFFERENT", met: originalChecksum == checksum)
        } else {
            c.report.value(
                "5", "original 4.1 on node (earlier measurement)", Format.ms(original),
                spread: "pass --original LIB to re-measure")
        }
        c.report.value("5", "  original / Tessera engine", Format.fixed(original / engine.median, 0) + "×")
        c.report.value("5", "  original / Tessera one-shot HTTP", Format.fixed(original / http.median, 0) + "×")
    }

    /// Runs Benchmarks/justified/compare.mjs (from the current directory) on node.
    static func runOriginal(lib: String, n: Int, runs: Int) throws -> (medianMs: Double, checksum: UInt32) {
        let script = "Benchmarks/justified/compare.mjs"
        guard access(script, R_OK) == 0 else { throw BenchError("run from the repository root (\(script) not found)") }
        let node = try ChildProcess("node", [script, lib, "--n", "\(n)", "--bench", "--runs", "\(runs)", "--checksum"])
        let (output, status) = node.waitForOutput()
        guard status == 0 else { throw BenchError("node compare.mjs exited with \(status): \(output)") }
        let median = output.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .first { $0.hasPrefix("median=") }.flatMap { Double($0.dropFirst("median=".count)) }
        guard let median, let checksum = JSONPeek.number(Array(output.utf8), key: "checksum") else {
            throw BenchError("unexpected compare.mjs output: \(output)")
        }
        return (median, UInt32(checksum))
    }

    /// compare.mjs's checksum: FNV-1a (32 bits) over each box's left, top, width, height,
    /// then containerHeight and widowCount, as little-endian doubles.
    static func justifiedChecksum(_ layout: PreparedJustifiedLayout) -> UInt32 {
        var h: UInt32 = 0x811c_9dc5
        func feed(_ value: Double) {
            var bits = value.bitPattern
            for _ in 0..<8 {
                h = (h ^ UInt32(bits & 0xff)) &* 16_777_619
                bits >>= 8
            }
        }
        for e in layout.elements(in: nil, view: ViewContext()) where e.category == .cell {
            feed(e.frame.minX)
            feed(e.frame.minY)
            feed(e.frame.width)
            feed(e.frame.height)
        }
        feed(layout.contentSize.height)
        feed(Double(layout.sections.reduce(0) { $0 + $1.widowCount }))
        return h
    }
}
