import Foundation
import Rendering
import Testing
import LayoutService
import InMemoryStore

/// `tessera layout`, `render` and `validate` without a process.
@Suite("Command-line tools")
struct CommandLineToolTests {
    let grid = #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[320,480]}}"#

    func out(_ o: CommandOutcome) -> String { String(decoding: o.standardOutput, as: UTF8.self) }

    @Test func layoutPrintsTheOneShotAnswer() throws {
        let o = CommandLineTool(service: .inMemory()).layout(body(grid))
        #expect(o.exitCode == 0)
        #expect(o.standardOutput == TesseraService.inMemory().oneShotLayout(body: body(grid)).body + [10])
        let bad = CommandLineTool(service: .inMemory()).layout(body(#"{"layout":{"type":"flow","itemSize":[-1,5]},"dataSource":{"sections":[]}}"#))
        #expect(bad.exitCode == 1)
        #expect(bad.standardOutput.isEmpty)
        #expect(bad.standardError.hasPrefix("tessera: layout.itemSize: "))
    }

    @Test func renderDrawsAndTheRectOptionReplacesTheBodys() throws {
        let o = CommandLineTool(service: .inMemory()).render(body(grid), rect: "0,0,100,100", options: SVGRenderOptions(labels: false))
        #expect(o.exitCode == 0)
        let svg = out(o)
        #expect(svg.contains(#"<rect class="requested-rect" x="0" y="0" width="100" height="100"/>"#))
        // Items 0,0 (0, 0) and 0,1 (110, 0) intersect 0…100 × 0…100 (closed: 0,1 does not,
        // it starts at 110); 0,3 starts at y = 110.
        #expect(svg.components(separatedBy: "<g class=\"cell\"").count - 1 == 1)
        #expect(!svg.contains("<text"))
        let badRect = CommandLineTool(service: .inMemory()).render(body(grid), rect: "1,2", options: SVGRenderOptions())
        #expect(badRect.exitCode == 1)
        #expect(badRect.standardError.hasPrefix("tessera: rect: "))
    }

    @Test func validateReportsEveryPartIndependently() throws {
        // Four independent faults: an unknown top-level key, a negative item size in the
        // layout, a bad view, and two bad sections (each section on its own).
        let text = #"""
            {"layout":{"type":"flow","itemSize":[-1,5]},"extra":true,"view":{"bounds":"wide"},
             "dataSource":{"sections":[{"itemCount":-2},{"itemCount":3},{"items":[{"size":[1]}]}]}}
            """#
        let o = CommandLineTool.validate(body(text), name: "in.json")
        #expect(o.exitCode == 1)
        let lines = out(o).split(separator: "\n").map(String.init)
        let fields = lines.dropLast().map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) }
        #expect(
            fields == [
                "extra", "layout.itemSize", "view.bounds", "dataSource.sections[0].itemCount",
                "dataSource.sections[2].items[0].size"
            ])
        #expect(lines.last == "in.json: 5 errors")
    }

    @Test func validateChecksTheLayoutOnceEverythingDecodes() throws {
        // Decodes, but the waterfall needs each item's size: the engine's rejection.
        let text = #"{"layout":{"type":"waterfall"},"dataSource":{"sections":[{"itemCount":2}]},"view":{"bounds":[320,480]}}"#
        let o = CommandLineTool.validate(body(text), name: "w.json")
        #expect(o.exitCode == 1)
        let server = try errorOf(TesseraService.inMemory().oneShotLayout(body: body(text)))
        #expect(out(o) == "w.json: \(server.field ?? "(body)"): \(server.message)\nw.json: 1 error\n")
        #expect(CommandLineTool.validate(body(grid), name: "g.json").exitCode == 0)
        #expect(out(CommandLineTool.validate(body(grid), name: "g.json")) == "g.json: valid\n")
    }

    /// Sections that each decode but repeat an identifier: the server's 422, once.
    @Test func validateChecksIdentifiersAcrossSections() throws {
        let text =
            #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"id":"a","itemIds":["x"]},{"id":"b","itemIds":["x"]}]},"view":{"bounds":[320,480]}}"#
        let o = CommandLineTool.validate(body(text), name: "ids.json")
        #expect(o.exitCode == 1)
        let server = try errorOf(TesseraService.inMemory().oneShotLayout(body: body(text)))
        #expect(server.field == "dataSource.sections[1].itemIds[0]")
        #expect(out(o) == "ids.json: \(server.field!): \(server.message)\nids.json: 1 error\n")
    }

    @Test func validateStopsAtWhatCannotBeRead() {
        let notJSON = CommandLineTool.validate(body("{\"layout\":"), name: "x")
        #expect(notJSON.exitCode == 1)
        #expect(out(notJSON).hasPrefix("x: (body): "))
        #expect(out(notJSON).hasSuffix("x: 1 error\n"))
        // An unknown layout type: the sections cannot be read for it; the missing view is still reported.
        let unknown = RequestValidator.validate(body(#"{"layout":{"type":"spiral"},"dataSource":{"sections":[{"itemCount":-1}]}}"#))
        #expect(unknown.map(\.field) == ["layout.type"])
        let missing = RequestValidator.validate(body("{}"))
        #expect(missing.map(\.field) == ["layout", "dataSource"])
    }

    /// Whatever validate accepts, the server accepts, and the other way round.
    @Test(arguments: [
        #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":5}]},"view":{"bounds":[300,300]}}"#,
        #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":5}]}}"#,
        #"{"layout":{"type":"tree"},"dataSource":{"sections":[{"items":[{"children":[3]}]},{"itemCount":1}]}}"#,
        #"{"layout":{"type":"justified"},"dataSource":{"sections":[{"items":[1,2,0.5]}]},"rect":[0,0,1,1]}"#,
        #"{"layout":{"type":"stack","visibleCount":0},"dataSource":{"sections":[{"itemCount":1}]},"view":{"bounds":[1,1]}}"#
    ])
    func validateAgreesWithTheServer(_ text: String) throws {
        let errors = RequestValidator.validate(body(text))
        let response = TesseraService.inMemory().oneShotLayout(body: body(text))
        #expect(errors.isEmpty == (response.status == 200))
        if let first = errors.first { #expect(try errorOf(response).field == first.field) }
    }
}
