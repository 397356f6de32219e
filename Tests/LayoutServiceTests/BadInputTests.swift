import Testing
import LayoutService

/// docs/api.md conventions: every malformed or out-of-range input is a 4xx JSON error naming
/// the field, and a rejected request changes nothing.
@Suite("Bad input")
struct BadInputTests {
    let service = makeService { $0.maxItemsPerSession = 1000 }

    private func expectError(
        _ json: String, status: Int = 400, code: String = "invalid_request", field: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let r = service.createSession(body: body(json))
        #expect(r.status == status, "\(String(decoding: r.body, as: UTF8.self))", sourceLocation: sourceLocation)
        let e = try errorOf(r)
        #expect(e.code == code, sourceLocation: sourceLocation)
        #expect(e.field == field, "\(e.message)", sourceLocation: sourceLocation)
        #expect(!e.message.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func malformedJSON() throws {
        try expectError("{", code: "invalid_json", field: nil)
        try expectError(#"{"layout": NaN}"#, code: "invalid_json", field: nil)
        try expectError(#"{"layout": {"type": "circle"}} trailing"#, code: "invalid_json", field: nil)
        let invalidUTF8: [UInt8] = Array(#"{"layout": {"type": ""#.utf8) + [0xFF] + Array(#""}}"#.utf8)
        let r = service.createSession(body: invalidUTF8)
        #expect(r.status == 400)
        #expect(try errorOf(r).code == "invalid_json")
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        try expectError(deep, code: "invalid_json", field: nil)
    }

    @Test func wrongShapes() throws {
        try expectError("[]", field: nil)
        try expectError(#"{"dataSource":{"sections":[]}}"#, field: "layout")
        try expectError(#"{"layout":{"type":"hexagon"},"dataSource":{"sections":[]}}"#, field: "layout.type")
        try expectError(#"{"layout":{"type":7},"dataSource":{"sections":[]}}"#, field: "layout.type")
        try expectError(
            #"{"layout":{"type":"circle","radiusFactr":1},"dataSource":{"sections":[]},"view":{"bounds":[1,1]}}"#,
            field: "layout.radiusFactr")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":-1}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].itemCount")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":1.5}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].itemCount")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0]")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"items":[{"size":[1,-2]}]}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].items[0].size")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"items":[1,"x"]}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].items[1]")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"items":[{"colour":1}]}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].items[0].colour")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":2,"items":[1]}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].itemCount")
    }

    @Test func viewIsValidated() throws {
        try expectError(#"{"layout":{"type":"circle"},"dataSource":{"sections":[]}}"#, field: "view.bounds")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[]},"view":{"bounds":{"width":-1,"height":2}}}"#,
            field: "view.bounds")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[]},"view":{"bounds":[1,1],"scale":-2}}"#,
            field: "view.scale")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[]},"view":{"bounds":[1,1],"contentOffset":{"x":1}}}"#,
            field: "view.contentOffset.y")
    }

    @Test func tooManyItems() throws {
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":600},{"itemCount":600}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[1].itemCount")
        try expectError(
            #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":1e300}]},"view":{"bounds":[1,1]}}"#,
            field: "dataSource.sections[0].itemCount")
    }

    @Test func unknownSessionAndBadIndexPaths() throws {
        #expect(service.getSession(id: "nope").status == 404)
        #expect(try errorOf(service.elements(id: "0123456789abcdef0123456789abcdef", query: "rect=0,0,1,1")).code == "not_found")
        let id = try createSession(service, circleBody)
        #expect(service.item(id: id, section: "0", item: "6").status == 404)
        #expect(try errorOf(service.item(id: id, section: "-1", item: "0")).field == "section")
        #expect(try errorOf(service.item(id: id, section: "0", item: "x")).field == "item")
        for bad in ["rect=1,2,3", "rect=a,0,1,1", "rect=0,0,-1,1", "rect=0,0,inf,1", "rect=nan,0,1,1", "bogus=1"] {
            let r = service.elements(id: id, query: bad)
            #expect(r.status == 400, "\(bad)")
        }
    }

    @Test func rejectedChangesChangeNothing() throws {
        let id = try createSession(service, circleBody)
        let before = service.getSession(id: id).body
        #expect(service.patchView(id: id, body: body(#"{"bounds":[100,-1]}"#)).status == 400)
        #expect(service.patchView(id: id, body: body(#"{"contentOffset":{"x":5,"y":5},"scale":"big"}"#)).status == 400)
        #expect(service.patchView(id: id, body: body("{")).status == 400)
        #expect(service.patchView(id: id, body: body(#"{"contentOffset":[1,1]}"#), ifMatch: "7").status == 412)
        #expect(service.getSession(id: id).body == before)
    }
}
