#if canImport(Glibc)
    import Glibc
#endif
import LayoutEngine
import LayoutService
import LoopbackHTTP
import TesseraJSON

/// Two snapshots of the same items, 1 % apart (issue 22): A has items 0..<n in order, B is A
/// with ~n/300 items deleted, ~n/300 moved to random places and ~n/300 new ones inserted at
/// random places (xorshift32, a fixed seed). Item k's identifier is `item-` and k in 11
/// digits: 16 bytes, the issue's longest.
struct SnapshotCase {
    let name: String
    /// How item number k is written as an identifier.
    var shape = IdentifierShape.item
    /// Per section, the item numbers of A and of B.
    let a: [[Int]]
    let b: [[Int]]
    let count: Int
    /// Deleted, moved and inserted items of A → B.
    let changes: (deleted: Int, moved: Int, inserted: Int)

    static let seed: UInt32 = 2_654_435_761

    init(name: String, sections: Int, items n: Int) {
        self.name = name
        count = n
        var g = XorShift32(seed: Self.seed)
        func random(_ bound: Int) -> Int { Int(g.next() % UInt32(bound)) }
        let perSection = n / sections
        let a = (0..<sections).map { s in Array(s * perSection..<(s == sections - 1 ? n : (s + 1) * perSection)) }
        // Flat A with section labels; deletes and movers taken out at distinct random places.
        var section = [Int](), number = [Int]()
        for (s, items) in a.enumerated() {
            section.append(contentsOf: repeatElement(s, count: items.count))
            number.append(contentsOf: items)
        }
        let k = n / 300
        var taken = [Bool](repeating: false, count: n)
        func draw() -> Int {
            while true {
                let p = random(n)
                if !taken[p] {
                    taken[p] = true
                    return p
                }
            }
        }
        for _ in 0..<k { _ = draw() } // deleted
        let movers = (0..<k).map { _ in number[draw()] } // moved
        let kept = (0..<n).filter { !taken[$0] }
        // Movers and new items go before a random kept item (or at the end), in its section.
        var placed = movers.map { (slot: random(kept.count + 1), number: $0) }
        placed += (0..<k).map { (slot: random(kept.count + 1), number: n + $0) }
        placed.sort { $0.slot < $1.slot }
        var b = [[Int]](repeating: [], count: sections)
        var next = 0
        for (r, p) in kept.enumerated() {
            while next < placed.count, placed[next].slot == r {
                b[section[p]].append(placed[next].number)
                next += 1
            }
            b[section[p]].append(number[p])
        }
        for q in placed[next...] { b[sections - 1].append(q.number) }
        self.a = a
        self.b = b
        changes = (k, k, k)
    }

    /// Identifier shapes: `item-00000000042` (16 bytes, the figures' usual), and two of 23 bytes
    /// for the fingerprint's blind spot (issue 32): `product/1000042/variant`, which differ
    /// only in their middle bytes, and random letters and digits drawn from k.
    enum IdentifierShape {
        case item, middle, random
    }

    static func writeID(_ w: inout ByteWriter, _ k: Int, _ shape: IdentifierShape = .item) {
        switch shape {
        case .item:
            w.append("\"item-")
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 11)
            var v = k, i = 10
            while v > 0 {
                digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                i -= 1
            }
            for d in digits { w.byte(d) }
        case .middle:
            w.append("\"product/")
            w.int(1_000_000 + k)
            w.append("/variant")
        case .random:
            // splitmix64 of k, a bijection, so distinct k give distinct identifiers.
            w.byte(UInt8(ascii: "\""))
            let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)
            var state = UInt64(k)
            for part in 0..<3 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                for _ in 0..<(part < 2 ? 8 : 7) {
                    w.byte(alphabet[Int(z & 63)])
                    z >>= 6
                }
            }
        }
        w.byte(UInt8(ascii: "\""))
    }

    static let layoutJSON = #"{"type":"flow","itemSize":[100,50]}"#
    static let parameters = FlowLayout.Parameters(itemSize: Size(width: 100, height: 50))

    /// POST /v1/sessions at A: `itemIds` per section, or (`identifiers` false) `itemCount`.
    func createBody(identifiers: Bool) -> [UInt8] {
        var w = ByteWriter(capacity: count * 26 + 256)
        w.append(#"{"layout":"# + Self.layoutJSON + #","dataSource":{"sections":["#)
        for (s, items) in a.enumerated() {
            if s > 0 { w.append(",") }
            guard identifiers else {
                w.append(#"{"itemCount":"#)
                w.int(items.count)
                w.append("}")
                continue
            }
            w.append(#"{"id":"s"#)
            w.int(s)
            w.append(#"","itemIds":["#)
            for (i, k) in items.enumerated() {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                Self.writeID(&w, k, shape)
            }
            w.append("]}")
        }
        w.append("]}," + Bodies.viewJSON + "}")
        return w.bytes
    }

    /// PUT /v1/sessions/{id}/snapshot with `sections` (bare identifiers), a screenful `rect`
    /// halfway down the content.
    static func putBody(_ sections: [[Int]], animating: Bool = true, shape: IdentifierShape = .item) -> [UInt8] {
        var w = ByteWriter(capacity: sections.reduce(0) { $0 + $1.count } * 26 + 256)
        w.append(#"{"sections":["#)
        for (s, items) in sections.enumerated() {
            if s > 0 { w.append(",") }
            w.append(#"{"id":"s"#)
            w.int(s)
            w.append(#"","items":["#)
            for (i, k) in items.enumerated() {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                writeID(&w, k, shape)
            }
            w.append("]}")
        }
        w.append(#"],"rect":[0,10000000,390,844],"animatingDifferences":"# + (animating ? "true" : "false") + "}")
        return w.bytes
    }

    /// The same snapshot as the engine keeps it.
    static func packed(_ sections: [[Int]]) -> PackedSnapshot {
        var items = IdentifierColumn(), ids = IdentifierColumn()
        for (s, list) in sections.enumerated() {
            ids.appendString(utf8: Array("s\(s)".utf8))
            for k in list {
                var w = ByteWriter(capacity: 18)
                writeID(&w, k)
                items.appendString(utf8: w.bytes.dropFirst().dropLast())
            }
        }
        return PackedSnapshot(sectionIDs: ids, itemIDs: items, itemCounts: sections.map(\.count))
    }
}

extension Figures {
    /// 14. Issue 22: PUT /v1/sessions/{id}/snapshot of 1,000,000 items differing by 1 %, end to
    /// end in-process, against parsing the same body (the parser's own figure, in the same
    /// run, alternating); the stages the PUT goes through; a snapshot equal to the session's;
    /// and the memory identifiers add per item.
    static func snapshot(_ c: BenchContext) throws {
        let cases = [
            SnapshotCase(name: "1 section", sections: 1, items: BenchContext.million),
            SnapshotCase(name: "10 sections", sections: 10, items: BenchContext.million)
        ]
        for (k, u) in cases.enumerated() {
            try snapshotPut(c, u, breakdown: k == 0)
        }
        try snapshotHTTP(c, cases[0])
        try snapshotMemory(c, cases[0])
    }

    /// 14b. Issue 32: a PUT of 1,000,000 identifiers that differ only in their middle bytes
    /// (`product/1000042/variant`) against one of random identifiers of the same count and
    /// length, 1 % apart each, alternating; the ratio per body byte (the bodies are the same
    /// size within a few bytes).
    static func snapshotIdentifierShapes(_ c: BenchContext) throws {
        let f = "14b"
        var shapes: [(name: String, put: [UInt8], back: [UInt8], id: String)] = []
        for (name, shape) in [("middle-differing", SnapshotCase.IdentifierShape.middle), ("random", .random)] {
            var u = SnapshotCase(name: name, sections: 1, items: BenchContext.million)
            u.shape = shape
            let id = try c.inProcessCreate(u.createBody(identifiers: true))
            shapes.append(
                (name, SnapshotCase.putBody(u.b, shape: shape), SnapshotCase.putBody(u.a, shape: shape), id))
        }
        defer { for s in shapes { c.inProcessDelete(s.id) } }
        var times = [[Double]](repeating: [], count: shapes.count)
        for run in 0..<(c.updateRuns * 2 + 4) {
            for (k, s) in shapes.enumerated() {
                let t = try Timing.time { _ = try putOK(c, s.id, run % 2 == 0 ? s.put : s.back) }
                if run >= 2 { times[k].append(t) }
            }
        }
        var perByte: [Double] = []
        for (k, s) in shapes.enumerated() {
            let samples = Samples(times[k])
            c.report.time(f, "PUT 1 % diff, 1,000,000 \(s.name) ids (\(Format.mb(s.put.count)))", samples)
            perByte.append(samples.median / Double(s.put.count))
        }
        let ratio = perByte[0] / perByte[1]
        c.report.value(
            f, "  middle-differing / random, per body byte (medians)", Format.fixed(ratio, 2) + "×",
            target: "≤ 1.25×", met: ratio <= 1.25)
    }

    private static func putOK(_ c: BenchContext, _ id: String, _ body: [UInt8]) throws -> [UInt8] {
        let r = c.service.putSnapshot(id: id, body: body)
        guard r.status == 200 else {
            throw BenchError("PUT snapshot answered \(r.status): \(String(decoding: r.body.prefix(300), as: UTF8.self))")
        }
        return r.body
    }

    private static func snapshotPut(_ c: BenchContext, _ u: SnapshotCase, breakdown: Bool) throws {
        let f = "14"
        let putB = SnapshotCase.putBody(u.b), putA = SnapshotCase.putBody(u.a)
        c.report.value(
            f, "\(u.name): PUT body, 1,000,000 bare 16-byte ids", Format.mb(putB.count),
            spread: "A→B: \(u.changes.deleted) deleted, \(u.changes.moved) moved, \(u.changes.inserted) inserted")
        let id = try c.inProcessCreate(u.createBody(identifiers: true))
        defer { c.inProcessDelete(id) }

        // The reply's shape, once: the batch and the plan of A → B.
        let first = try putOK(c, id, putB)
        let version0 = JSONPeek.number(first, key: "version") ?? -1
        c.report.value(
            f, "  reply A→B", Format.kb(first.count),
            spread: "\(JSONPeek.count(first, key: "op")) operations, \(JSONPeek.count(first, key: "change")) plan entries")
        _ = try putOK(c, id, putA)

        // PUTs go A→B, B→A, A→B, … (each a 1 % diff), in a cycle of four: with a plan, without
        // (animatingDifferences false), without, with; so both kinds run both ways, side by side.
        // Each PUT is followed by the parse of its own body.
        let putBQuiet = SnapshotCase.putBody(u.b, animating: false), putAQuiet = SnapshotCase.putBody(u.a, animating: false)
        let cycle: [(body: [UInt8], planned: Bool)] = [(putB, true), (putAQuiet, false), (putBQuiet, false), (putA, true)]
        let runs = c.updateRuns * 2 + 1
        var put: [Double] = [], quiet: [Double] = [], parse: [Double] = [], ratios: [Double] = [], scan: [Double] = []
        var tape: JSONTape?
        var k = 0
        while put.count < runs {
            let (body, planned) = cycle[k % 4]
            let p = try Timing.time { _ = try putOK(c, id, body) }
            let q = try Timing.time { tape = try JSONTape.parse(body) }
            tape = nil
            var scanned: ScannedSnapshot?
            let s = Timing.time { scanned = SnapshotBodyScanner.scan(body) }
            guard scanned != nil else { throw BenchError("the scanner left the PUT body to the generic path") }
            scanned = nil
            if k >= 4 { // the first cycle warms up
                scan.append(s)
                if planned {
                    put.append(p)
                    ratios.append(p / q)
                } else {
                    quiet.append(p)
                }
                parse.append(q)
            }
            k += 1
        }
        _ = tape
        let putS = Samples(put), parseS = Samples(parse), ratioS = Samples(ratios)
        let ratio = putS.median / parseS.median
        c.report.time(f, "\(u.name): PUT 1 % diff, in-process end to end", putS)
        c.report.time(f, "  JSON parse of the same body (JSONTape.parse)", parseS)
        let scanS = Samples(scan)
        c.report.time(f, "  the PUT's own read of the body (SnapshotBodyScanner.scan)", scanS)
        c.report.value(f, "  scan / parse (medians)", Format.fixed(scanS.median / parseS.median, 2) + "×")
        c.report.value(
            f, "  PUT / parse (medians)", Format.fixed(ratio, 2) + "×",
            spread: "pairs \(Format.fixed(ratioS.min, 2))–\(Format.fixed(ratioS.max, 2))× (median \(Format.fixed(ratioS.median, 2)))",
            target: "≤ 1.5×", met: ratio <= 1.5)
        c.results["snapshot-put-\(u.name)"] = putS.median

        // A snapshot equal to the session's: no new version.
        let current = try putOK(c, id, putA)
        let version = JSONPeek.number(current, key: "version") ?? -1
        var same: [Double] = []
        var sameVersion = true
        for run in 0..<(c.updateRuns + 1) {
            var reply: [UInt8] = []
            let t = try Timing.time { reply = try putOK(c, id, putA) }
            sameVersion = sameVersion && JSONPeek.number(reply, key: "version") == version
            if run > 0 { same.append(t) }
        }
        let sameMedian = Samples(same).median
        c.report.time(f, "  equal snapshot: PUT", Samples(same))
        c.report.value(f, "  equal snapshot: PUT / parse (medians)", Format.fixed(sameMedian / parseS.median, 2) + "×")
        c.report.value(
            f, "  equal snapshot: same version", sameVersion ? "yes (\(Int(version)))" : "NO",
            spread: "first PUT answered \(Int(version0))", target: "no new version", met: sameVersion)

        guard breakdown else { return }
        let quietS = Samples(quiet)
        c.report.time(f, "  PUT without a plan (animatingDifferences false), same cycle", quietS)

        // The engine's stages on the same snapshots, alternating directions as the PUTs do.
        let packed = [SnapshotCase.packed(u.a), SnapshotCase.packed(u.b)]
        let dataSources = packed.map { DataSource(sections: $0.itemCounts.map { SectionData(itemCount: $0) }) }
        let layout = FlowLayout(SnapshotCase.parameters)
        let prepared = try dataSources.map { try layout.prepareFlow($0, view: Bodies.view) }
        var stages = Array(repeating: [Double](), count: 5)
        for run in 0..<(runs + 2) {
            let from = run % 2, to = 1 - from
            var times = [Double](repeating: 0, count: 5)
            var correspondence: SnapshotCorrespondence?
            times[0] = try Timing.time { correspondence = try packed[from].correspondence(to: packed[to]) }
            var diff = SnapshotDiff()
            times[1] = Timing.time { diff = SnapshotDiff(correspondence!) }
            var operations: [BatchUpdateOperation] = []
            times[2] = Timing.time { operations = diff.operations(sectionData: { _ in SectionData(itemCount: 0) }) }
            var update: ValidatedBatchUpdate?
            // What a PUT runs: the batch built from the diff's lists (the validator's answer,
            // SnapshotDiffTests hold it), its operations again included.
            times[3] = try Timing.time {
                update = try diff.batch(applyingTo: dataSources[from], sectionData: { _ in SectionData(itemCount: 0) }).update
            }
            guard update!.newDataSource.totalItemCount == packed[to].itemCount else {
                throw BenchError("the derived batch does not give the new snapshot's item count")
            }
            var result: (any PreparedLayout)?
            times[4] = try Timing.time {
                result = try prepared[from].updated(to: update!.newDataSource, hint: update!.layoutHint, view: Bodies.view)
            }
            _ = result
            if run >= 2 { for s in 0..<5 { stages[s].append(times[s]) } }
        }
        let names = [
            "correspondence (PackedSnapshot.correspondence)", "diff (SnapshotDiff: longest runs)",
            "batch operations (SnapshotDiff.operations)", "apply the batch (SnapshotDiff.batch: new data source, hint)",
            "incremental relayout (flow, updated(to:hint:))"
        ]
        let medians = stages.map { Samples($0).median }
        c.report.time(f, "  parse (as above)", parseS)
        for (s, name) in names.enumerated() { c.report.time(f, "  engine: \(name)", Samples(stages[s])) }
        // What the stages leave of the PUT (decoding, the session, the reply, freeing the old
        // state) is not taken by difference here: the stages run on fresh arrays of their own
        // and the machine's noise is larger than the rest. Issue 22's chapter in
        // Benchmarks/results/ splits the PUT by instruction counts (callgrind), which do not
        // move with the machine.
        c.report.value(
            f, "  engine stages together (medians)", Format.ms(medians.reduce(0, +)),
            spread: "equal PUT − parse (decode, compare, reply): \(Format.ms(sameMedian - parseS.median))")
    }

    /// The same PUTs over HTTP (keep-alive loopback to a spawned server), alternating with the
    /// parse in this process.
    private static func snapshotHTTP(_ c: BenchContext, _ u: SnapshotCase) throws {
        let f = "14"
        let client = try c.client()
        let id = try client.createSession(u.createBody(identifiers: true)).id
        defer { try? client.deleteSession(id) }
        let putB = SnapshotCase.putBody(u.b), putA = SnapshotCase.putBody(u.a)
        var put: [Double] = [], parse: [Double] = []
        var tape: JSONTape?
        for run in 0..<(c.updateRuns + 2) {
            let body = run % 2 == 0 ? putB : putA
            let p = try Timing.time {
                let r = try client.send("PUT", "/v1/sessions/\(id)/snapshot", body: body)
                guard r.status == 200 else { throw BenchError("PUT snapshot answered \(r.status): \(r.text.prefix(300))") }
            }
            let q = try Timing.time { tape = try JSONTape.parse(body) }
            tape = nil
            if run >= 2 {
                put.append(p)
                parse.append(q)
            }
        }
        _ = tape
        let putS = Samples(put), parseS = Samples(parse)
        c.report.time(f, "\(u.name): PUT 1 % diff, HTTP end to end", putS)
        c.report.time(f, "  JSON parse of the same body, bench process", parseS)
        c.report.value(f, "  HTTP PUT / parse (medians)", Format.fixed(putS.median / parseS.median, 2) + "×")
    }

    /// Memory identifiers add per item: the heap the session holds with `itemIds` minus with
    /// `itemCount` alone (in-process, glibc's count of bytes in use, `HeapInUse`: capacity and allocator
    /// overhead included), the packed columns' own bytes, and the RSS growth of a spawned
    /// server per session, with and without.
    private static func snapshotMemory(_ c: BenchContext, _ u: SnapshotCase) throws {
        let f = "14"
        let n = Double(u.count)
        let withIDs = u.createBody(identifiers: true), without = u.createBody(identifiers: false)
        func heapInUse() throws -> Int {
            guard let n = HeapInUse.bytes() else { throw BenchError("malloc_stats could not be read") }
            return n
        }
        func heapGrowth(_ body: [UInt8]) throws -> Int {
            let before = try heapInUse()
            let id = try c.inProcessCreate(body)
            let after = try heapInUse()
            c.inProcessDelete(id)
            return after - before
        }
        var heap = [[Double](), [Double]()]
        for _ in 0..<(c.memorySessions + 1) {
            heap[0].append(Double(try heapGrowth(without)))
            heap[1].append(Double(try heapGrowth(withIDs)))
        }
        let extraHeap = (Samples(heap[1]).median - Samples(heap[0]).median) / n
        let packed = SnapshotCase.packed(u.a)
        let logical =
            Double(
                packed.itemIDs.byteCount + 4 * packed.itemIDs.count + 8 * packed.itemCounts.count
                    + packed.sectionIDs.byteCount + 4 * packed.sectionIDs.count) / n
        c.report.value(
            f, "memory per item, 16-byte ids: heap held with ids − without (in-process)",
            Format.fixed(extraHeap, 1) + " B",
            spread: "with \(Format.mb(Int(Samples(heap[1]).median))), without \(Format.mb(Int(Samples(heap[0]).median))) a session",
            target: "≤ 24 B", met: extraHeap <= 24)
        c.report.value(f, "  packed columns' bytes (1 + 16 + 4 per item)", Format.fixed(logical, 1) + " B")

        // RSS growth of a spawned server over k sessions kept alive without ids, then k with
        // (a first session of each beforehand, for the allocator's pools).
        let server = try ServerProcess(executable: c.serverPath)
        defer { server.stop() }
        let client = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 120)
        var ids = [try client.createSession(without).id, try client.createSession(withIDs).id]
        let k = c.memorySessions
        var growth: [Double] = []
        for body in [without, withIDs] {
            try flushWorkerQueue(client)
            let before = server.memory().rss
            for _ in 0..<k { ids.append(try client.createSession(body).id) }
            try flushWorkerQueue(client)
            growth.append(Double(server.memory().rss - before) / (Double(k) * n))
        }
        for id in ids { try client.deleteSession(id) }
        let extraRSS = growth[1] - growth[0]
        c.report.value(
            f, "  server RSS growth per item, \(k) sessions with ids − \(k) without", Format.fixed(extraRSS, 1) + " B",
            spread: "with \(Format.fixed(growth[1], 1)) B, without \(Format.fixed(growth[0], 1)) B",
            target: "≤ 24 B", met: extraRSS <= 24)
    }
}
