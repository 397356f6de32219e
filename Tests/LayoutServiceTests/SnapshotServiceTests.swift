import TesseraSupport
import Foundation
import LayoutEngine
import SeededRandom
import Testing
import LayoutService

/// Diffable snapshots through the service's handlers (docs/snapshots.md): identifiers in a
/// data source, GET/PUT of a session's snapshot, its identifier operations.
@Suite("Snapshots: identifiers, PUT and operations")
struct SnapshotServiceTests {
    static let flow = #"{"type":"flow","itemSize":[100,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#

    static func session(_ service: TesseraService, sections: String) throws -> String {
        try createSession(service, #"{"layout":\#(flow),"view":{"bounds":[320,480]},"dataSource":{"sections":\#(sections)}}"#)
    }

    static func snapshot(_ service: TesseraService, _ id: String) throws -> [[String: Any]] {
        let r = service.getSnapshot(id: id)
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        return try object(r)["sections"] as? [[String: Any]] ?? []
    }

    /// Identifiers as Foundation gives them back: strings as String, integers as NSNumber.
    static func ids(_ section: [String: Any]) -> [String] {
        (section["items"] as? [Any] ?? []).map { "\($0 is String ? "s:" : "i:")\($0)" }
    }

    static func put(_ service: TesseraService, _ id: String, _ json: String, ifMatch: String? = nil) -> Reply {
        service.putSnapshot(id: id, body: body(json), ifMatch: ifMatch)
    }

    static func version(_ service: TesseraService, _ id: String) throws -> Int {
        try object(service.getSession(id: id))["version"] as? Int ?? -1
    }

    static func text(_ r: Reply) -> String { String(decoding: r.body, as: UTF8.self) }

    // MARK: Identifiers in a data source

    @Test func everyDataSourceFormTakesIdentifiers() throws {
        let service = makeService()
        let id = try Self.session(
            service,
            sections: #"""
                [{"id":"inbox","itemIds":["a","b"]},
                 {"id":7,"itemCount":2,"itemIds":[1,"1"]},
                 {"id":"sized","sizes":[10,20,30,40],"itemIds":["w","x"]},
                 {"id":"objects","items":[{"id":"y","size":[5,5]},{"size":[6,6],"id":-3}]},
                 {"id":"empty","items":[]}]
                """#)
        let sections = try Self.snapshot(service, id)
        #expect(sections.map { "\($0["id"]!)" } == ["inbox", "7", "sized", "objects", "empty"])
        #expect(sections[1]["id"] is NSNumber)
        #expect(sections.map(Self.ids) == [["s:a", "s:b"], ["i:1", "s:1"], ["s:w", "s:x"], ["s:y", "i:-3"], []])
        // The data is the data source's as ever.
        let item = try object(service.item(id: id, section: "2", item: "1"))
        #expect((item["frame"] as? [String: Any])?["width"] as? Double == 30)
    }

    @Test func anEmptyDataSourceCanDeclareIdentifiers() throws {
        let service = makeService()
        let id = try createSession(service, #"{"layout":\#(Self.flow),"view":{"bounds":[320,480]},"dataSource":{"sections":[],"identifiers":true}}"#)
        #expect(try Self.snapshot(service, id).isEmpty)
        let r = Self.put(service, id, #"{"sections":[{"id":"s","items":["a","b"]}]}"#)
        #expect(r.status == 200, "\(Self.text(r))")
        let ops = try object(r)["updates"] as? [[String: Any]] ?? []
        #expect(ops.count == 1 && ops[0]["op"] as? String == "insertSections" && ops[0]["sections"] as? [Int] == [0])
    }

    @Test func identifierRulesAtCreationNameTheField() throws {
        let service = makeService()
        let cases: [(String, String, String)] = [
            (#"[{"id":"a","itemCount":1,"itemIds":["x"]},{"itemCount":1}]"#, "dataSource.sections[1].id", "other sections have identifiers"),
            (#"[{"id":"a","itemCount":2}]"#, "dataSource.sections[0].itemIds", "need identifiers"),
            (#"[{"itemIds":["x"]}]"#, "dataSource.sections[0].id", "items have identifiers"),
            (#"[{"id":"a","items":[{"id":"x"},{"size":[1,1]}]}]"#, "dataSource.sections[0].items[1].id", "other items"),
            (#"[{"id":"a","items":[{"size":[1,1]},{"id":"x"}]}]"#, "dataSource.sections[0].items[0].id", "other items"),
            (#"[{"id":"a","items":[{"id":"x"}],"itemIds":["x"]}]"#, "dataSource.sections[0].itemIds", "not both"),
            (#"[{"id":"a","itemCount":3,"itemIds":["x"]}]"#, "dataSource.sections[0].itemIds", "has 1 identifiers but itemCount gives 3"),
            (#"[{"id":"a","sizes":[1,1],"itemIds":["x","y"]}]"#, "dataSource.sections[0].itemIds", "compact arrays give 1"),
            (#"[{"id":1.5,"itemCount":0}]"#, "dataSource.sections[0].id", "string or an integer"),
            (#"[{"id":true,"itemCount":0}]"#, "dataSource.sections[0].id", "not a boolean"),
            (#"[{"id":"a","itemIds":[[1]]}]"#, "dataSource.sections[0].itemIds[0]", "not an array"),
            (
                #"[{"id":"\#(String(repeating: "é", count: 129))","itemCount":0}]"#, "dataSource.sections[0].id",
                "at most 256 UTF-8 bytes (this one has 258)"
            )
        ]
        for (sections, field, message) in cases {
            let r = service.createSession(body: body(#"{"layout":\#(Self.flow),"view":{"bounds":[320,480]},"dataSource":{"sections":\#(sections)}}"#))
            #expect(r.status == 400, "\(sections): \(Self.text(r))")
            let e = try errorOf(r)
            #expect(e.field == field, "\(sections): \(e)")
            #expect(e.message.contains(message), "\(sections): \(e.message)")
        }
        let declaredFalse = service.createSession(
            body: body(#"{"layout":\#(Self.flow),"dataSource":{"identifiers":false,"sections":[{"id":"a","itemCount":0}]}}"#))
        #expect(try errorOf(declaredFalse).field == "dataSource.identifiers")
    }

    @Test func duplicatesAtCreationAreUIKitsError() throws {
        let service = makeService()
        let items = service.createSession(
            body: body(
                #"{"layout":\#(Self.flow),"dataSource":{"sections":[{"id":"a","itemIds":["x","y"]},{"id":"b","items":[{"id":"z"},{"id":"x"}]}]}}"#))
        #expect(items.status == 422)
        let e = try errorOf(items)
        #expect(e.code == "duplicate_item_identifiers")
        #expect(e.field == "dataSource.sections[1].items[1].id")
        #expect(e.message == #"supplied item identifiers are not unique. Duplicate identifiers: {("x")}"#)
        let compact = service.createSession(body: body(#"{"layout":\#(Self.flow),"dataSource":{"sections":[{"id":"a","itemIds":[1,2,1]}]}}"#))
        #expect(try errorOf(compact).field == "dataSource.sections[0].itemIds[2]")
        let sections = service.createSession(
            body: body(#"{"layout":\#(Self.flow),"dataSource":{"sections":[{"id":"a","itemCount":0},{"id":"a","itemCount":0}]}}"#))
        #expect(try errorOf(sections).code == "duplicate_section_identifiers")
        #expect(try errorOf(sections).field == "dataSource.sections[1].id")
    }

    @Test func sessionsWithoutIdentifiersSaySo() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"itemCount":3}]"#)
        for r in [
            service.getSnapshot(id: id), Self.put(service, id, #"{"sections":[]}"#),
            service.applySnapshotOperations(id: id, body: body(#"{"operations":[]}"#))
        ] {
            #expect(r.status == 422)
            #expect(try errorOf(r).code == "no_identifiers")
        }
        // Nor do their updates take identifiers.
        let update = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]],"items":[{"id":"x"}]}]}"#))
        #expect(update.status == 400)
        #expect(try errorOf(update).field == "updates[0].items[0].id")
    }

    // MARK: PUT

    /// [a b c d] → [d a n c]: b is deleted (old [0,1]), n inserted (new [0,2]); of the kept
    /// items in new order, old indexes 3 0 2, the longest increasing run is 0 2 (a, c), so only
    /// d moves, from [0,3] to [0,0].
    @Test func aPutAnswersUIKitsBatch() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a","b","c","d"]}]"#)
        let r = Self.put(service, id, #"{"sections":[{"id":"s","items":["d","a","n","c"]}],"rect":[0,0,320,480]}"#, ifMatch: "\"1\"")
        #expect(r.status == 200, "\(Self.text(r))")
        let o = try object(r)
        #expect(o["version"] as? Int == 2)
        let ops = o["updates"] as? [[String: Any]] ?? []
        #expect(ops.map { $0["op"] as? String ?? "" } == ["deleteItems", "insertItems", "moveItem"])
        #expect(ops[0]["indexPaths"] as? [[Int]] == [[0, 1]])
        #expect(ops[1]["indexPaths"] as? [[Int]] == [[0, 2]])
        #expect(ops[1]["items"] == nil) // a new item without data takes the layout's defaults
        #expect(ops[2]["from"] as? [Int] == [0, 3] && ops[2]["to"] as? [Int] == [0, 0])
        // The plan: b deleted, n inserted, d moved, a and c moved by the others.
        let plan = o["plan"] as? [[String: Any]] ?? []
        let changes = Dictionary(grouping: plan, by: { $0["change"] as? String ?? "" }).mapValues(\.count)
        #expect(changes["delete"] == 1 && changes["insert"] == 1)
        #expect(try Self.snapshot(service, id).map(Self.ids) == [["s:d", "s:a", "s:n", "s:c"]])
        #expect(r.headers.contains { $0.name == "ETag" && $0.value == "\"2\"" })
    }

    @Test func anEqualSnapshotMakesNoVersion() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","items":[{"id":"a","size":[10,10]},{"id":"b","size":[20,20]}]}]"#)
        // The same identifiers, the same data given again, and a reconfigure without data.
        let r = Self.put(service, id, #"{"sections":[{"id":"s","items":["a",{"id":"b","size":[20,20]}]}],"reconfigured":["a"]}"#)
        #expect(r.status == 200, "\(Self.text(r))")
        let o = try object(r)
        #expect(o["version"] as? Int == 1)
        #expect((o["updates"] as? [Any])?.isEmpty == true)
        #expect(o["reconfigured"] as? [[Int]] == [[0, 0]])
        #expect(try Self.version(service, id) == 1)
    }

    /// The session's own snapshot with nothing else said is answered without a diff (the
    /// columns compared); given the same data again it goes through the diff: both answer
    /// alike, byte for byte.
    @Test func anEqualSnapshotAnswersAlikeWithOrWithoutTheDiff() throws {
        let service = makeService()
        let id = try Self.session(
            service, sections: #"[{"id":"s","items":[{"id":"a","size":[10,10]},{"id":"b","size":[20,20]}]},{"id":7,"itemIds":[1,"2",3]}]"#)
        for tail in [#""rect":[0,0,320,480]"#, #""animatingDifferences":false"#, #""rect":[0,0,320,480],"reloaded":[],"reconfigured":[]"#] {
            let short = Self.put(service, id, #"{"sections":[{"id":"s","items":["a","b"]},{"id":7,"items":[1,"2",3]}],\#(tail)}"#)
            let full = Self.put(
                service, id, #"{"sections":[{"id":"s","items":["a",{"id":"b","size":[20,20]}]},{"id":7,"items":[1,"2",3]}],\#(tail)}"#)
            #expect(short.status == 200, "\(Self.text(short))")
            #expect(Self.text(short) == Self.text(full))
            #expect(try object(short)["version"] as? Int == 1)
        }
    }

    @Test func animatingDifferencesFalseAnswersNoPlan() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a","b"]}]"#)
        let o = try object(Self.put(service, id, #"{"sections":[{"id":"s","items":["b","a"]}],"animatingDifferences":false}"#))
        #expect(o["plan"] == nil)
        #expect((o["updates"] as? [Any])?.count == 1)
    }

    @Test func aStaleIfMatchChangesNothing() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a","b"]}]"#)
        let r = Self.put(service, id, #"{"sections":[{"id":"s","items":["b"]}]}"#, ifMatch: "\"7\"")
        #expect(r.status == 412)
        #expect(try Self.snapshot(service, id).map(Self.ids) == [["s:a", "s:b"]])
    }

    @Test func refusedSnapshotsChangeNothing() throws {
        let service = makeService()
        let id = try Self.session(
            service, sections: #"[{"id":"s","items":[{"id":"a","size":[10,10]},{"id":"b","size":[20,20]}]},{"id":"t","itemIds":[]}]"#)
        let cases: [(String, Int, String, String)] = [
            (#"{"sections":[{"id":"s","items":["a","b","a"]}]}"#, 422, "duplicate_item_identifiers", "sections[0].items[2]"),
            (#"{"sections":[{"id":"s","items":["a"]},{"id":"s","items":["b"]}]}"#, 422, "duplicate_section_identifiers", "sections[1].id"),
            (#"{"sections":[{"id":"s","items":["a","b"]}],"reloaded":["b","zz"]}"#, 422, "unknown_item_identifier", "reloaded[1]"),
            (#"{"sections":[{"id":"s","items":["a","b"]}],"reconfigured":[3]}"#, 422, "unknown_item_identifier", "reconfigured[0]"),
            (#"{"sections":[{"id":"s","items":["a","b","new"]}]}"#, 422, "item_data_required", "sections[0].items[2]"),
            (#"{"sections":[{"id":"s","items":["a",[1,2]]}]}"#, 400, "invalid_request", "sections[0].items[1]"),
            (#"{"sections":[{"id":"s","items":[{"size":[1,1]}]}]}"#, 400, "invalid_request", "sections[0].items[0].id"),
            (#"{"sections":[{"items":[]}]}"#, 400, "invalid_request", "sections[0].id"),
            (#"{"sections":[],"extra":1}"#, 400, "invalid_request", "extra")
        ]
        for (json, status, code, field) in cases {
            let r = Self.put(service, id, json)
            #expect(r.status == status, "\(json): \(Self.text(r))")
            let e = try errorOf(r)
            #expect(e.code == code && e.field == field, "\(json): \(e)")
        }
        let data = try errorOf(Self.put(service, id, #"{"sections":[{"id":"s","items":["a","b","new"]}]}"#))
        #expect(data.message.contains(#"new item "new""#) && data.message.contains("size"))
        #expect(try Self.version(service, id) == 1)
        #expect(try Self.snapshot(service, id).map(Self.ids) == [["s:a", "s:b"], []])
    }

    /// An item whose data changes but whose identifier stays is reconfigured: no operation,
    /// its frame moves. Reloaded, in place it is a reloadItems with its data; moved, it is
    /// deleted and inserted.
    @Test func changedDataIsReconfiguredOrReloaded() throws {
        let service = makeService()
        let id = try Self.session(
            service, sections: #"[{"id":"s","items":[{"id":"a","size":[10,10]},{"id":"b","size":[20,20]},{"id":"c","size":[30,30]}]}]"#)
        var o = try object(Self.put(service, id, #"{"sections":[{"id":"s","items":["a",{"id":"b","size":[25,25]},"c"]}]}"#))
        #expect((o["updates"] as? [Any])?.isEmpty == true)
        #expect(o["reconfigured"] as? [[Int]] == [[0, 1]])
        #expect(o["version"] as? Int == 2)
        var frame = try object(service.item(id: id, section: "0", item: "1"))["frame"] as? [String: Any]
        #expect(frame?["width"] as? Double == 25)
        let plan = o["plan"] as? [[String: Any]] ?? []
        #expect(plan.allSatisfy { $0["change"] as? String != "reload" })

        o = try object(Self.put(service, id, #"{"sections":[{"id":"s","items":["a",{"id":"b","size":[26,26]},"c"]}],"reloaded":["b"]}"#))
        var ops = o["updates"] as? [[String: Any]] ?? []
        #expect(ops.count == 1 && ops[0]["op"] as? String == "reloadItems" && ops[0]["indexPaths"] as? [[Int]] == [[0, 1]])
        #expect((ops[0]["items"] as? [[String: Any]])?.first?["size"] as? [Double] == [26, 26])

        o = try object(Self.put(service, id, #"{"sections":[{"id":"s","items":["b","a","c"]}],"reloaded":["b"]}"#))
        ops = o["updates"] as? [[String: Any]] ?? []
        // Old order a b c, new b a c: the longest run keeps a c, so b moves; reloaded, it is
        // deleted at [0,1] and inserted at [0,0] with the data it had.
        #expect(ops.map { $0["op"] as? String ?? "" } == ["deleteItems", "insertItems"])
        #expect(ops[0]["indexPaths"] as? [[Int]] == [[0, 1]] && ops[1]["indexPaths"] as? [[Int]] == [[0, 0]])
        #expect((ops[1]["items"] as? [[String: Any]])?.first?["size"] as? [Double] == [26, 26])
        frame = try object(service.item(id: id, section: "0", item: "0"))["frame"] as? [String: Any]
        #expect(frame?["width"] as? Double == 26)
    }

    @Test func aKeptSectionTakesItsNewLayout() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a","b","c","d"]}]"#)
        let before = try object(service.item(id: id, section: "0", item: "3"))["frame"] as? [String: Any]
        let r = Self.put(service, id, #"{"sections":[{"id":"s","items":["a","b","c","d"],"layout":{"minimumLineSpacing":40}}]}"#)
        let o = try object(r)
        #expect(o["version"] as? Int == 2 && (o["updates"] as? [Any])?.isEmpty == true)
        let after = try object(service.item(id: id, section: "0", item: "3"))["frame"] as? [String: Any]
        // Three 100-wide items fit a 320 row; d starts the second row, 50 + 10 → 50 + 40.
        #expect(before?["y"] as? Double == 60 && after?["y"] as? Double == 90)
        // Giving the same layout again changes nothing.
        #expect(
            try object(Self.put(service, id, #"{"sections":[{"id":"s","items":["a","b","c","d"],"layout":{"minimumLineSpacing":40}}]}"#))["version"]
                as? Int == 2)
    }

    @Test func sectionsMoveInsertAndDelete() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"x","itemIds":[1,2]},{"id":"y","itemIds":[3]},{"id":"z","itemIds":[4,5]}]"#)
        // z and x swap around y; w is new and takes item 1 from x; y is deleted.
        let r = Self.put(service, id, #"{"sections":[{"id":"z","items":[4,5]},{"id":"w","items":[1,9]},{"id":"x","items":[2]}]}"#)
        let ops = try object(r)["updates"] as? [[String: Any]] ?? []
        #expect(ops.map { $0["op"] as? String ?? "" } == ["deleteSections", "insertSections", "moveSection", "deleteItems"])
        #expect(ops[0]["sections"] as? [Int] == [1])
        #expect(ops[1]["sections"] as? [Int] == [1])
        #expect((ops[1]["data"] as? [[String: Any]])?.first?["itemCount"] as? Int == 2)
        // Kept sections x (old 0) and z (old 2) in new order: old 2, 0; the run keeps one.
        #expect(ops[2]["from"] as? Int == 2 && ops[2]["to"] as? Int == 0)
        #expect(ops[3]["indexPaths"] as? [[Int]] == [[0, 0]]) // item 1 leaves x for the new w
        #expect(try Self.snapshot(service, id).map(Self.ids) == [["i:4", "i:5"], ["i:1", "i:9"], ["i:2"]])
    }

    /// After any PUT the session answers exactly as a new session created with the new
    /// snapshot and its data: over random snapshot pairs with sizes, moves across sections,
    /// reloads and reconfigures.
    @Test func aPutLeavesWhatAFreshSessionWouldBe() throws {
        let service = makeService()
        var rng = XorShiftStar(state: 22)
        for round in 0..<60 {
            var size: [String: Int] = [:]
            var next = 0
            func newItem() -> String {
                next += 1
                let id = "i\(next)"
                size[id] = 10 + rng.int(90)
                return id
            }
            var sections: [(String, [String])] = (0..<rng.int(1...4)).map { s in ("s\(s)", (0..<rng.int(0...12)).map { _ in newItem() }) }
            func json(_ sections: [(String, [String])], inline: Set<String>) -> String {
                "["
                    + sections.map { s in
                        #"{"id":"\#(s.0)","items":["#
                            + s.1.map { inline.contains($0) ? #"{"id":"\#($0)","size":[\#(size[$0]!),40]}"# : #""\#($0)""# }
                            .joined(separator: ",") + "]}"
                    }.joined(separator: ",") + "]"
            }
            let all = Set(size.keys)
            let id = try createSession(
                service, #"{"layout":\#(Self.flow),"view":{"bounds":[320,480]},"dataSource":{"sections":\#(json(sections, inline: all))}}"#)
            var previous = json(sections, inline: all)
            for _ in 0..<3 {
                // The state before, without identifiers: `updates` applied to it must give the
                // same layout (when no item was reconfigured, which updates do not carry).
                let plainBefore =
                    "["
                    + sections.map { s in
                        #"{"items":["# + s.1.map { #"{"size":[\#(size[$0]!),40]}"# }.joined(separator: ",") + "]}"
                    }.joined(separator: ",") + "]"
                let mirror = try createSession(
                    service, #"{"layout":\#(Self.flow),"view":{"bounds":[320,480]},"dataSource":{"sections":\#(plainBefore)}}"#)
                defer { _ = service.deleteSession(id: mirror) }
                var given = Set<String>()
                for _ in 0..<rng.int(0...6) {
                    switch rng.int(0...5) {
                    case 0 where !sections.isEmpty:
                        let s = rng.int(sections.count)
                        let item = newItem()
                        given.insert(item)
                        sections[s].1.insert(item, at: rng.int(0...sections[s].1.count))
                    case 1 where !sections.isEmpty:
                        let s = rng.int(sections.count)
                        if !sections[s].1.isEmpty { sections[s].1.remove(at: rng.int(sections[s].1.count)) }
                    case 2 where !sections.isEmpty:
                        let (s, t) = (rng.int(sections.count), rng.int(sections.count))
                        if !sections[s].1.isEmpty {
                            let item = sections[s].1.remove(at: rng.int(sections[s].1.count))
                            sections[t].1.insert(item, at: rng.int(0...sections[t].1.count))
                        }
                    case 3 where !sections.isEmpty: // a changed size
                        let s = rng.int(sections.count)
                        if let item = sections[s].1.randomElement(using: &rng) {
                            size[item] = 10 + rng.int(90)
                            given.insert(item)
                        }
                    case 4 where sections.count > 1:
                        sections.swapAt(rng.int(sections.count), rng.int(sections.count))
                    case 5:
                        sections.insert(("s\(100 + round * 10 + sections.count)", [newItem(), newItem()]), at: rng.int(0...sections.count))
                        given.formUnion(sections.flatMap(\.1).filter { !all.contains($0) })
                    default: break
                    }
                }
                let present = Set(sections.flatMap(\.1))
                defer { previous = json(sections, inline: present) }
                let reloaded = present.filter { _ in rng.chance(0.1) }.sorted()
                let r = Self.put(
                    service, id,
                    #"{"sections":\#(json(sections, inline: given.union(present.subtracting(all)))),"reloaded":[\#(reloaded.map { "\"\($0)\"" }.joined(separator: ","))],"rect":[0,0,320,2000]}"#
                )
                #expect(r.status == 200, "round \(round): \(Self.text(r))")
                let fresh = try createSession(
                    service, #"{"layout":\#(Self.flow),"view":{"bounds":[320,480]},"dataSource":{"sections":\#(json(sections, inline: present))}}"#)
                // The replies less their first member, the version.
                func withoutVersion(_ r: Reply) -> String { String(Self.text(r).drop { $0 != "," }) }
                let (got, expected) = (
                    withoutVersion(service.elements(id: id, query: "rect=0,0,320,5000")),
                    withoutVersion(service.elements(id: fresh, query: "rect=0,0,320,5000"))
                )
                #expect(got == expected, "round \(round)")
                #expect(withoutVersion(service.getSnapshot(id: id)) == withoutVersion(service.getSnapshot(id: fresh)), "round \(round)")
                let answer = try object(r)
                if (answer["reconfigured"] as? [Any])?.isEmpty == true {
                    let updates = try JSONSerialization.data(withJSONObject: ["updates": answer["updates"] ?? []])
                    let applied = service.applyUpdates(id: mirror, body: Array(updates))
                    #expect(applied.status == 200, "round \(round): \(Self.text(applied))")
                    #expect(withoutVersion(service.elements(id: mirror, query: "rect=0,0,320,5000")) == expected, "round \(round): updates")
                }
                if got != expected {
                    print(
                        "PUT",
                        #"{"sections":\#(json(sections, inline: given.union(present.subtracting(all)))),"reloaded":[\#(reloaded.map { "\"\($0)\"" }.joined(separator: ","))]}"#
                    )
                    print("ANSWER", Self.text(r))
                    print("BEFORE", previous)
                    return
                }
                _ = service.deleteSession(id: fresh)
            }
            _ = service.deleteSession(id: id)
        }
    }

    // MARK: Operations

    static func operate(_ service: TesseraService, _ id: String, _ operations: String) -> Reply {
        service.applySnapshotOperations(id: id, body: body(#"{"operations":\#(operations)}"#))
    }

    @Test func operationsEditTheSnapshotInOrder() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a","b","c"]}]"#)
        let r = Self.operate(
            service, id,
            #"""
            [{"op":"appendSections","sections":["t",{"id":"u","layout":{"minimumLineSpacing":1}}]},
             {"op":"appendItems","items":["x","y"]},
             {"op":"appendItems","items":["z"],"toSection":"t"},
             {"op":"insertItems","items":["p"],"beforeItem":"a"},
             {"op":"insertItems","items":["q"],"afterItem":"c"},
             {"op":"moveItem","item":"a","afterItem":"z"},
             {"op":"deleteItems","items":["b"]},
             {"op":"insertSections","sections":["r"],"beforeSection":"t"},
             {"op":"moveSection","section":"u","beforeSection":"s"},
             {"op":"deleteSections","sections":["r"]},
             {"op":"reloadItems","items":["c"]},
             {"op":"reconfigureItems","items":["x"]}]
            """#)
        #expect(r.status == 200, "\(Self.text(r))")
        let sections = try Self.snapshot(service, id)
        #expect(sections.map { "\($0["id"]!)" } == ["u", "s", "t"])
        #expect(sections.map(Self.ids) == [["s:x", "s:y"], ["s:p", "s:c", "s:q"], ["s:z", "s:a"]])
        let ops = try object(r)["updates"] as? [[String: Any]] ?? []
        #expect(ops.contains { $0["op"] as? String == "reloadItems" && $0["indexPaths"] as? [[Int]] == [[0, 2]] })
    }

    @Test func deleteAllItemsEmptiesTheSnapshot() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a"]},{"id":"t","itemIds":["b"]}]"#)
        let o = try object(Self.operate(service, id, #"[{"op":"deleteAllItems"}]"#))
        #expect((o["updates"] as? [[String: Any]])?.first?["op"] as? String == "deleteSections")
        #expect(try Self.snapshot(service, id).isEmpty)
        let r = Self.operate(service, id, #"[{"op":"appendItems","items":["a"]}]"#)
        #expect(r.status == 422)
        #expect(try errorOf(r).code == "no_sections")
        #expect(try errorOf(r).message == "There are currently no sections in the data source. Please add a section first.")
    }

    @Test func refusedOperationsChangeNothing() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","items":[{"id":"a","size":[10,10]}]},{"id":"t","itemIds":[]}]"#)
        let cases: [(String, Int, String, String)] = [
            (
                #"[{"op":"appendItems","items":["n"],"toSection":"t"},{"op":"deleteItems","items":["zz"]}]"#, 422, "unknown_item_identifier",
                "operations[1].items[0]"
            ),
            (#"[{"op":"appendItems","items":["a"],"toSection":"t"}]"#, 422, "duplicate_item_identifiers", "operations[0].items[0]"),
            (#"[{"op":"appendItems","items":["n","n"],"toSection":"t"}]"#, 422, "duplicate_item_identifiers", "operations[0].items[1]"),
            (#"[{"op":"appendSections","sections":["s"]}]"#, 422, "duplicate_section_identifiers", "operations[0].sections[0]"),
            (#"[{"op":"moveSection","section":"s","afterSection":"nope"}]"#, 422, "unknown_section_identifier", "operations[0].afterSection"),
            (#"[{"op":"insertItems","items":["n"],"beforeItem":"nope"}]"#, 422, "unknown_item_identifier", "operations[0].beforeItem"),
            (#"[{"op":"moveItem","item":"a","beforeItem":"a","afterItem":"a"}]"#, 400, "invalid_request", "operations[0].beforeItem"),
            (#"[{"op":"appendItems","items":["n"],"toSection":"s"}]"#, 422, "item_data_required", "operations[0].items[0]"),
            (#"[{"op":"shuffle"}]"#, 400, "invalid_request", "operations[0].op")
        ]
        for (json, status, code, field) in cases {
            let r = Self.operate(service, id, json)
            #expect(r.status == status, "\(json): \(Self.text(r))")
            let e = try errorOf(r)
            #expect(e.code == code && e.field == field, "\(json): \(e)")
        }
        #expect(try Self.version(service, id) == 1)
        // With its data the item is welcome.
        let ok = Self.operate(service, id, #"[{"op":"appendItems","items":[{"id":"n","size":[5,5]}],"toSection":"s"}]"#)
        #expect(ok.status == 200, "\(Self.text(ok))")
    }

    // MARK: Other changes

    @Test func indexPathUpdatesAreRefusedAndMovementCarriesIdentifiers() throws {
        let service = makeService()
        let id = try Self.session(service, sections: #"[{"id":"s","itemIds":["a","b","c","d"]}]"#)
        let r = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#))
        #expect(r.status == 422)
        #expect(try errorOf(r).code == "has_identifiers")
        // Drag a (at x 0–100 of the first row) onto d's place (second row).
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0]}"#)).status == 200)
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":50,"y":85}}"#)).status == 200)
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"end"}"#)).status == 200)
        #expect(try Self.snapshot(service, id).map(Self.ids) == [["s:b", "s:c", "s:d", "s:a"]])
    }
}

extension XorShiftStar: RandomNumberGenerator {
    /// In 0..<bound.
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    /// In `range` (closed).
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + int(range.count) }
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(UInt64(1) << 53) < p }
}

/// Snapshots of a compositional layout, whose sections carry their own layout objects.
@Suite("Snapshots: compositional sections")
struct CompositionalSnapshotTests {
    static let row =
        #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":100}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}}"#
    static let column =
        #"{"group":{"axis":"vertical","size":{"width":{"fractionalWidth":1},"height":{"absolute":60}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}"#

    @Test func sectionLayoutsComeWithTheirSections() throws {
        let service = makeService()
        let id = try createSession(
            service,
            #"{"layout":{"type":"compositional","section":\#(Self.row)},"view":{"bounds":[390,844]},"dataSource":{"sections":[{"id":"a","itemIds":[1,2,3],"layout":\#(Self.column)}]}}"#
        )
        // The same section layout given again, in another spelling of the same JSON: no change.
        let same = Self.column.replacingOccurrences(of: ":", with: ": ")
        let unchanged = try object(service.putSnapshot(id: id, body: body(#"{"sections":[{"id":"a","items":[1,2,3],"layout":\#(same)}]}"#)))
        #expect(unchanged["version"] as? Int == 1)
        // A new section with its own layout, and the kept one switched to rows.
        let r = service.putSnapshot(
            id: id, body: body(#"{"sections":[{"id":"b","items":[4,5],"layout":\#(Self.column)},{"id":"a","items":[1,2,3],"layout":\#(Self.row)}]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let ops = try object(r)["updates"] as? [[String: Any]] ?? []
        #expect(ops.map { $0["op"] as? String ?? "" } == ["insertSections"])
        let fresh = try createSession(
            service,
            #"{"layout":{"type":"compositional","section":\#(Self.row)},"view":{"bounds":[390,844]},"dataSource":{"sections":[{"id":"b","itemIds":[4,5],"layout":\#(Self.column)},{"id":"a","itemIds":[1,2,3],"layout":\#(Self.row)}]}}"#
        )
        func elements(_ s: String) -> String {
            String(String(decoding: service.elements(id: s, query: "rect=0,0,390,844").body, as: UTF8.self).drop { $0 != "," })
        }
        #expect(elements(id) == elements(fresh))
    }
}
