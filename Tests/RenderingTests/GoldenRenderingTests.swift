import Foundation
import Testing
import LayoutService
import InMemoryStore

/// Every layout's picture, byte for byte. The files were looked at (as PNGs) when they were
/// made; a change to the renderer or a layout shows up here. To accept a deliberate change:
/// `TESSERA_UPDATE_GOLDEN=1 swift test --skip-build --filter GoldenRenderingTests`, then
/// look at the new files before committing them.
@Suite("Golden SVG pictures")
struct GoldenRenderingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let updating = ProcessInfo.processInfo.environment["TESSERA_UPDATE_GOLDEN"] == "1"

    @Test(arguments: GoldenExamples.all.map(\.name))
    func pictureMatchesGolden(_ name: String) throws {
        let example = try #require(GoldenExamples.all.first { $0.name == name })
        let response = TesseraService.inMemory().renderOneShot(body: Array(example.body.utf8), query: example.query)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers.contains { $0 == ("Content-Type", "image/svg+xml") })
        let file = Self.folder.appendingPathComponent("\(name).svg")
        if Self.updating {
            try Data(response.body).write(to: file)
            return
        }
        let golden = try Data(contentsOf: file)
        #expect(Array(golden) == response.body, "\(name).svg differs from the golden file")
    }

    @Test func sameRequestSameBytes() throws {
        for example in GoldenExamples.all {
            let service = TesseraService.inMemory()
            let a = service.renderOneShot(body: Array(example.body.utf8), query: example.query)
            let b = TesseraService.inMemory().renderOneShot(body: Array(example.body.utf8), query: example.query)
            #expect(a.body == b.body, "\(example.name)")
        }
    }
}
