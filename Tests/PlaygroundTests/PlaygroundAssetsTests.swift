import Foundation
import Testing
@testable import LayoutService
@testable import Playground
import InMemoryStore

@Suite("Playground assets")
struct PlaygroundAssetsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Playground/Assets")

    /// The binary serves the files in Assets/, byte for byte, and nothing else.
    @Test func embeddedCopyIsCurrent() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(PlaygroundAssets.names == onDisk, "run `make playground` after adding or removing an asset")
        for name in onDisk {
            let file = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let current = PlaygroundAssets.asset(named: name)?.body == Array(file)
            #expect(current, "\(name) differs from its embedded copy: run `make playground`")
        }
        #expect(PlaygroundAssets.asset(named: "index.html")?.contentType == "text/html; charset=utf-8")
        #expect(PlaygroundAssets.asset(named: "app.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(PlaygroundAssets.asset(named: "../Package.swift") == nil)
    }

    /// `GET /tessera-view.js` serves the committed <tessera-view> bundle, byte for byte, and
    /// `/demo`'s page is one of the assets.
    @Test func embeddedViewBundleIsCurrent() throws {
        let bundle = Self.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("clients/typescript/bundle/tessera-view.js")
        let file = try Data(contentsOf: bundle)
        let current = PlaygroundAssets.viewBundle.body == Array(file)
        #expect(current, "tessera-view.js differs from its embedded copy: run `make tessera-view`")
        #expect(PlaygroundAssets.viewBundle.contentType == "text/javascript; charset=utf-8")
        let demo = try #require(PlaygroundAssets.asset(named: PlaygroundAssets.demoPageName))
        #expect(String(decoding: demo.body, as: UTF8.self).contains("<tessera-view"))
    }

    struct Example: Decodable {
        var id: String
        var body: AnyJSON
        /// The batch updates, for a session without identifiers.
        var updates: AnyJSON?
        /// The snapshot to apply, for a session with identifiers (docs/snapshots.md).
        var snapshot: AnyJSON?
        var layout: AnyJSON
    }

    /// Any JSON value, re-encoded as it came.
    struct AnyJSON: Decodable {
        var data: Data
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            data = try JSONSerialization.data(withJSONObject: try Self.object(value), options: [.fragmentsAllowed])
        }
        static func object(_ c: any SingleValueDecodingContainer) throws -> Any {
            if let v = try? c.decode([String: AnyJSON].self) {
                return try v.mapValues { try JSONSerialization.jsonObject(with: $0.data, options: .fragmentsAllowed) }
            }
            if let v = try? c.decode([AnyJSON].self) {
                return try v.map { try JSONSerialization.jsonObject(with: $0.data, options: .fragmentsAllowed) }
            }
            if let v = try? c.decode(Bool.self) { return v }
            if let v = try? c.decode(Double.self) { return v }
            if let v = try? c.decode(String.self) { return v }
            return NSNull()
        }
    }

    static let examples: [Example] = {
        let data = PlaygroundAssets.asset(named: "examples.json").map { Data($0.body) } ?? Data()
        return (try? JSONDecoder().decode([Example].self, from: data)) ?? []
    }()

    /// One example per layout the service knows, at least.
    @Test func everyLayoutHasAnExample() throws {
        let types = Set(
            Self.examples.compactMap { example -> String? in
                let body = try? JSONSerialization.jsonObject(with: example.body.data) as? [String: Any]
                return (body?["layout"] as? [String: Any])?["type"] as? String
            })
        #expect(types == Set(LayoutRegistry.typeNames))
    }

    /// Every example works as the page uses it: the session is created, its batch updates (or,
    /// with identifiers, its snapshot) apply, its other layout switches in and can be the
    /// target of a transition.
    @Test(arguments: examples.map(\.id))
    func exampleWorks(_ id: String) throws {
        let example = try #require(Self.examples.first { $0.id == id })
        let service = TesseraService.inMemory()
        let created = service.createSession(body: Array(example.body.data))
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
        let sessionID = try #require((try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["id"] as? String)
        #expect((example.updates == nil) != (example.snapshot == nil), "an example gives either updates or a snapshot")
        if let updates = example.updates {
            let applied = service.applyUpdates(id: sessionID, body: Array(updates.data))
            #expect(applied.status == 200, "\(String(decoding: applied.body, as: UTF8.self))")
        }
        if let snapshot = example.snapshot {
            let applied = service.putSnapshot(id: sessionID, body: Array(snapshot.data))
            #expect(applied.status == 200, "\(String(decoding: applied.body, as: UTF8.self))")
            let version = (try JSONSerialization.jsonObject(with: Data(applied.body)) as? [String: Any])?["version"] as? Int
            #expect(version == 2, "the example's snapshot changes the session")
        }
        let switched = service.switchLayout(id: sessionID, body: Array(example.layout.data))
        #expect(switched.status == 200, "\(String(decoding: switched.body, as: UTF8.self))")
        // And back, through an interactive transition.
        let back = try JSONSerialization.data(withJSONObject: [
            "layout": (try JSONSerialization.jsonObject(with: example.body.data) as? [String: Any])?["layout"] ?? [:]
        ])
        let began = service.beginTransition(id: sessionID, body: Array(back))
        #expect(began.status == 201, "\(String(decoding: began.body, as: UTF8.self))")
    }
}
