import LayoutEngine
import LayoutService
import TesseraJSON
import InMemoryStore

/// `tessera-bench --work NAME --repeat K [--items N]`: one piece of in-process work done K
/// times and nothing else (no report, no server), for instruction counts. Under
/// `valgrind --tool=callgrind`, total(K = 2) − total(K = 1) is the cost of one piece with the
/// inputs' construction cancelled out (Benchmarks/callgrind-create.sh does exactly that).
enum Work {
    /// create − parse is what follows the parse: decoding, the engine's prepare, the
    /// session and the reply (the decoders are internal to LayoutService).
    static let names = [
        "parse-items", "parse-compact", "create-items", "create-compact",
        "prepare-sizes", "encode-justified", "encode-cells", "oneshot-justified",
        "snapshot-parse", "snapshot-put", "snapshot-equal", "snapshot-put-middle", "snapshot-put-random",
        "create-list", "create-list-rows"
    ]

    /// Prints the size of the work's input (`input-bytes N`) on stdout, for per-byte figures.
    static func run(name: String, repeats: Int, items: Int) throws {
        let service = TesseraService.inMemory()
        func create(_ body: [UInt8]) throws {
            let r = service.createSession(body: body)
            guard r.status == 201, let id = JSONPeek.string(r.body, key: "id") else {
                throw BenchError("create answered \(r.status): \(String(decoding: r.body.prefix(300), as: UTF8.self))")
            }
            _ = service.deleteSession(id: id)
        }
        switch name {
        case "parse-items", "parse-compact":
            let body =
                name == "parse-compact"
                ? Bodies.compactSizes(layout: Bodies.flowJSON, [items])
                : Bodies.sizes(layout: Bodies.flowJSON, [items])
            Output.write("input-bytes \(body.count)\n", to: 1)
            for _ in 0..<repeats { _ = try JSONTape.parse(body) }
        case "create-list", "create-list-rows":
            // Issue 38: a count-only list against the same estimated rows as a plain section.
            let body = Bodies.compositionalCount(name == "create-list" ? Bodies.listJSON : Bodies.listRowsJSON, items)
            Output.write("input-bytes \(body.count)\n", to: 1)
            for _ in 0..<repeats { try create(body) }
        case "create-items":
            let body = Bodies.sizes(layout: Bodies.flowJSON, [items])
            Output.write("input-bytes \(body.count)\n", to: 1)
            for _ in 0..<repeats { try create(body) }
        case "create-compact":
            let body = Bodies.compactSizes(layout: Bodies.flowJSON, [items])
            Output.write("input-bytes \(body.count)\n", to: 1)
            for _ in 0..<repeats { try create(body) }
        case "prepare-sizes":
            // The engine's share of create-items / create-compact (the same sizes, as columns).
            let dataSource = Bodies.sizesDataSource([items])
            let layout = FlowLayout(Bodies.flowParameters)
            for _ in 0..<repeats { _ = try layout.prepare(dataSource, view: Bodies.view) }
        case "encode-justified":
            let ratios = Bodies.photoRatios(items)
            let layout = try JustifiedLayout().prepareJustified(
                DataSource(sections: [SectionData(itemCount: items, aspectRatios: ratios)]), view: ViewContext())
            let elements = layout.elements(in: nil, view: ViewContext())
            var size = 0
            for _ in 0..<repeats {
                var w = JSONWriter(capacity: 64 + elements.count * 110)
                w.elements(elements)
                size = w.bytes.count
            }
            Output.write("output-bytes \(size)\n", to: 1)
        case "encode-cells":
            // What the one-shot writes for all the justified elements: the whole reply, straight
            // from the prepared layout (no `LayoutAttributes`).
            let ratios = Bodies.photoRatios(items)
            let layout = try JustifiedLayout().prepareJustified(
                DataSource(sections: [SectionData(itemCount: items, aspectRatios: ratios)]), view: ViewContext())
            var size = 0
            for _ in 0..<repeats { size = JSONWriter.allCellsReply(layout).bytes.count }
            Output.write("output-bytes \(size)\n", to: 1)
        case "oneshot-justified":
            let body = Bodies.justifiedRatios(Bodies.photoRatios(items))
            Output.write("input-bytes \(body.count)\n", to: 1)
            for _ in 0..<repeats {
                let r = service.oneShotLayout(body: body)
                guard r.status == 200 else { throw BenchError("one-shot answered \(r.status)") }
            }
        case "snapshot-parse":
            // The PUT body of figure 14 (one section, 1 % apart from the session's snapshot).
            let body = SnapshotCase.putBody(SnapshotCase(name: "", sections: 1, items: items).b)
            Output.write("input-bytes \(body.count)\n", to: 1)
            for _ in 0..<repeats { _ = try JSONTape.parse(body) }
        case "snapshot-put", "snapshot-equal", "snapshot-put-middle", "snapshot-put-random":
            // A session at A, then PUTs of B, A, B, … (each 1 % apart), or of A again and again
            // (no change). K = 2 − K = 1 is one PUT. The -middle and -random works put
            // 23-byte identifiers of figure 14b's shapes.
            var u = SnapshotCase(name: "", sections: 1, items: items)
            u.shape = name == "snapshot-put-middle" ? .middle : name == "snapshot-put-random" ? .random : .item
            let bodies = [
                SnapshotCase.putBody(name == "snapshot-equal" ? u.a : u.b, shape: u.shape),
                SnapshotCase.putBody(u.a, shape: u.shape)
            ]
            Output.write("input-bytes \(bodies[0].count)\n", to: 1)
            let r = service.createSession(body: u.createBody(identifiers: true))
            guard r.status == 201, let id = JSONPeek.string(r.body, key: "id") else { throw BenchError("create answered \(r.status)") }
            for k in 0..<repeats {
                let put = service.putSnapshot(id: id, body: bodies[k % 2])
                guard put.status == 200 else {
                    throw BenchError("PUT snapshot answered \(put.status): \(String(decoding: put.body.prefix(300), as: UTF8.self))")
                }
            }
        default:
            throw BenchError("unknown work '\(name)'; one of: \(names.joined(separator: ", "))")
        }
    }
}
