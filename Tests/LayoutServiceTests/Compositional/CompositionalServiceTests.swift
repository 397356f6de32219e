import TesseraSupport
import Foundation
import Testing
import LayoutEngine
import LayoutService

/// The compositional layout through the service: bad input names its JSON path; switches,
/// transitions, updates and If-Match work as for every layout.
@Suite("Compositional: service")
struct CompositionalServiceTests {
    static let row =
        #"{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}"#

    static func create(_ section: String, extra: String = "", sections: String = #"[{"itemCount":3}]"#) -> Reply {
        makeService().createSession(
            body: body(
                #"{"layout":{"type":"compositional","section":\#(section)\#(extra)},"dataSource":{"sections":\#(sections)},"view":{"bounds":[390,844]}}"#
            ))
    }

    static func expect400(_ r: Reply, field: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(r.status == 400, "\(String(decoding: r.body, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(try errorOf(r).field == field, "\(String(decoding: r.body, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test func badInputNamesTheJSONPath() throws {
        // A group with no subitems.
        try Self.expect400(
            Self.create(#"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[]}}"#),
            field: "layout.section.group.subitems")
        // A count with several subitems.
        try Self.expect400(
            Self.create(
                #"{"group":{"axis":"horizontal","count":2,"size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"absolute":5},"height":{"absolute":5}}},{"size":{"width":{"absolute":5},"height":{"absolute":5}}}]}}"#
            ),
            field: "layout.section.group.subitems")
        // A group that holds no item: its only subitem is wider than the group.
        try Self.expect400(
            Self.create(
                #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"absolute":400},"height":{"absolute":5}}}]}}"#
            ),
            field: "layout.section.group")
        // The same inside a nested group.
        try Self.expect400(
            Self.create(
                #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"axis":"vertical","size":{"width":{"absolute":100},"height":{"absolute":50}},"subitems":[{"size":{"width":{"absolute":10},"height":{"absolute":60}}}]}]}}"#
            ),
            field: "layout.section.group.subitems[0]")
        // Negative numbers.
        try Self.expect400(
            Self.create(
                #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":-50}},"subitems":[{"size":{"width":{"absolute":5},"height":{"absolute":5}}}]}}"#
            ),
            field: "layout.section.group.size.height.absolute")
        try Self.expect400(Self.create(#"{"interGroupSpacing":-1,"group":\#(Self.row)}"#), field: "layout.section.interGroupSpacing")
        try Self.expect400(Self.create(#"{"contentInsets":{"top":-2},"group":\#(Self.row)}"#), field: "layout.section.contentInsets.top")
        // Non-finite numbers never parse; out-of-range ones are refused with their path.
        let huge = Self.create(#"{"interGroupSpacing":1e400,"group":\#(Self.row)}"#)
        #expect(huge.status == 400)
        #expect(try errorOf(huge).code == "invalid_json")
        try Self.expect400(Self.create(#"{"interGroupSpacing":1e300,"group":\#(Self.row)}"#), field: "layout.section.interGroupSpacing")
        // A custom group without frames.
        try Self.expect400(
            Self.create(#"{"group":{"axis":"custom","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}}}}"#),
            field: "layout.section.group.frames")
        // Unknown keys, deep inside.
        try Self.expect400(
            Self.create(
                #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"absolute":5},"height":{"absolute":5}}},{"size":{"width":{"absolute":5},"height":{"absolute":5},"depth":{"absolute":1}}}]}}"#
            ),
            field: "layout.section.group.subitems[1].size.depth")
        try Self.expect400(Self.create(#"{"group":\#(Self.row),"colour":"red"}"#), field: "layout.section.colour")
        // A dimension with two kinds, an unknown axis, an unknown alignment.
        try Self.expect400(
            Self.create(
                #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1,"absolute":3},"height":{"absolute":50}},"subitems":[{"size":{"width":{"absolute":5},"height":{"absolute":5}}}]}}"#
            ),
            field: "layout.section.group.size.width")
        try Self.expect400(
            Self.create(#"{"group":{"axis":"diagonal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}}}}"#),
            field: "layout.section.group.axis")
        try Self.expect400(
            Self.create(
                #"{"group":\#(Self.row),"boundarySupplementaryItems":[{"kind":"h","alignment":"middle","size":{"width":{"absolute":1},"height":{"absolute":1}}}]}"#
            ),
            field: "layout.section.boundarySupplementaryItems[0].alignment")
        // A data-source section's own layout is a whole section, with its own path.
        try Self.expect400(
            Self.create(
                #"{"group":\#(Self.row)}"#,
                sections:
                    #"[{"itemCount":1,"layout":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":5}},"subitems":[{"size":{"width":{"absolute":999},"height":{"absolute":5}}}]}}}]"#
            ),
            field: "dataSource.sections[0].layout.group")
        // Kinds may not collide (two elements would answer to one key).
        try Self.expect400(
            Self.create(
                #"{"group":\#(Self.row),"boundarySupplementaryItems":[{"kind":"h","alignment":"top","size":{"width":{"absolute":1},"height":{"absolute":1}}},{"kind":"h","alignment":"bottom","size":{"width":{"absolute":1},"height":{"absolute":1}}}]}"#
            ),
            field: "layout.section.boundarySupplementaryItems[1].kind")
        try Self.expect400(Self.create(#"{"group":\#(Self.row)}"#, extra: #","section2":1"#), field: "layout.section2")
        // Insets larger than the view make sizes negative: named at the group.
        try Self.expect400(
            Self.create(#"{"contentInsets":{"leading":300,"trailing":300},"group":\#(Self.row)}"#),
            field: "layout.section.group.size.width")
    }

    @Test func switchesTransitionsUpdatesAndIfMatch() throws {
        let service = makeService()
        let id = try createSession(
            service, #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":6}]},"view":{"bounds":[390,844]}}"#)
        let compositional = #"{"type":"compositional","section":{"group":\#(Self.row)}}"#
        // Switch flow → compositional: every cell moves to its compositional frame.
        let s = service.switchLayout(id: id, body: body(#"{"layout":\#(compositional),"rect":[0,0,390,844]}"#), ifMatch: "1")
        #expect(s.status == 200)
        let plan = try object(s)["plan"] as? [[String: Any]] ?? []
        #expect(plan.count == 6)
        let item3 = try object(service.item(id: id, section: "0", item: "3"))["frame"] as? [String: Double]
        #expect(item3 == ["x": 195, "y": 50, "width": 195, "height": 50])
        // If-Match: a stale version is 412 and changes nothing.
        #expect(service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#), ifMatch: "1").status == 412)
        let u = service.applyUpdates(
            id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}],"rect":[0,0,390,844]}"#), ifMatch: "2")
        #expect(u.status == 200)
        // An inserted section may bring its own compositional section.
        let ins = service.applyUpdates(
            id: id,
            body: body(
                #"{"updates":[{"op":"insertSections","sections":[1],"data":[{"itemCount":2,"layout":{"group":{"axis":"horizontal","size":{"width":{"absolute":10},"height":{"absolute":10}},"subitems":[{"size":{"width":{"absolute":10},"height":{"absolute":10}}}]}}}]}]}"#
            ))
        #expect(ins.status == 200, "\(String(decoding: ins.body, as: UTF8.self))")
        let s1 = try object(service.item(id: id, section: "1", item: "1"))["frame"] as? [String: Double]
        #expect(s1 == ["x": 0, "y": 160, "width": 10, "height": 10]) // 3 rows of 50, then 10 + 10
        // Interactive transition back to flow: halfway frames interpolate.
        #expect(service.beginTransition(id: id, body: body(#"{"layout":{"type":"flow","itemSize":[100,100]}}"#)).status == 201)
        let half = try object(service.elements(id: id, query: "rect=0,0,390,844&progress=0.5"))
        #expect(((half["elements"] as? [Any]) ?? []).count > 0)
        #expect(service.endTransition(id: id, finish: true).status == 200)
        // And a one-shot compositional layout keeps nothing.
        let one = service.oneShotLayout(
            body: body(#"{"layout":\#(compositional),"dataSource":{"sections":[{"itemCount":2}]},"view":{"bounds":[390,844]}}"#))
        #expect(one.status == 200)
    }

    @Test func sessionsEchoTheLayoutAndAnswerSupplementaryQueries() throws {
        let service = makeService()
        let id = try createSession(
            service,
            #"{"layout":{"type":"compositional","section":{"decorationItems":[{"kind":"background"}],"boundarySupplementaryItems":[{"kind":"header","alignment":"top","size":{"width":{"fractionalWidth":1},"height":{"absolute":20}}}],"group":\#(Self.row)}},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844]}}"#
        )
        let header = try object(service.supplementary(id: id, kind: "header", section: "0", item: "0"))
        #expect(header["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 390, "height": 20])
        let decoration = try object(service.decoration(id: id, kind: "background", section: "0", item: "0"))
        #expect(decoration["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 390, "height": 120])
        #expect(service.supplementary(id: id, kind: "header", section: "0", item: "1").status == 404)
    }
}
