import LayoutService

extension Figures {
    /// 14c. Issue 34 (point 4): one identifier operation on a 1,000,000-item session against
    /// creating that session, in the same run. Each operation is sent with its inverse
    /// (append then delete the same item, a move there and back) so every round starts from
    /// the same snapshot; a reconfigure changes nothing but names its item. The ratio is the
    /// operation's median over the create's.
    static func snapshotOperations(_ c: BenchContext) throws {
        let f = "14c"
        for (label, shape) in [("16-byte ids", SnapshotCase.IdentifierShape.item), ("23-byte random ids", .random)] {
            var u = SnapshotCase(name: label, sections: 1, items: BenchContext.million)
            u.shape = shape
            let body = u.createBody(identifiers: true)
            var creates: [Double] = []
            for _ in 0..<3 {
                var id = ""
                creates.append(try Timing.time { id = try c.inProcessCreate(body) })
                c.inProcessDelete(id)
            }
            let create = Samples(creates)
            c.report.time(f, "create, 1,000,000 \(label)", create)
            let id = try c.inProcessCreate(body)
            defer { c.inProcessDelete(id) }
            func name(_ k: Int) -> String {
                var w = ByteWriter(capacity: 32)
                SnapshotCase.writeID(&w, k, shape)
                return String(decoding: w.bytes, as: UTF8.self)
            }
            let middle = name(BenchContext.million / 2), first = name(0), last = name(BenchContext.million - 1),
                fresh = name(BenchContext.million + 7)
            let operations: [(String, String, String)] = [
                ("appendItems 1 (then deleteItems it)", #"{"op":"appendItems","items":[\#(fresh)]}"#, #"{"op":"deleteItems","items":[\#(fresh)]}"#),
                (
                    "moveItem first after last (and back)", #"{"op":"moveItem","item":\#(first),"afterItem":\#(last)}"#,
                    #"{"op":"moveItem","item":\#(first),"beforeItem":\#(name(1))}"#
                ),
                (
                    "reconfigureItems 1 (middle)", #"{"op":"reconfigureItems","items":[\#(middle)]}"#,
                    #"{"op":"reconfigureItems","items":[\#(middle)]}"#
                )
            ]
            for (title, forward, back) in operations {
                var times: [Double] = []
                for run in 0..<(c.updateRuns + 1) {
                    for op in [forward, back] {
                        let request = Array(#"{"operations":[\#(op)],"rect":[0,0,390,844]}"#.utf8)
                        var status = 0
                        let t = Timing.time { status = c.service.applySnapshotOperations(id: id, body: request).status }
                        guard status == 200 else { throw BenchError("\(title): operations answered \(status)") }
                        if run > 0 { times.append(t) }
                    }
                }
                let samples = Samples(times)
                c.report.time(f, "  \(title)", samples)
                c.report.value(f, "    / create (medians)", Format.fixed(samples.median / create.median, 3) + "×")
            }
        }
    }
}
