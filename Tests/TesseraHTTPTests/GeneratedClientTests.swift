import Foundation
import Testing
import TesseraClient

/// TesseraClient, the library generated from openapi.yaml, against a real `tessera serve`:
/// the three calls a client's first session makes (create, query a rect, apply an update),
/// and a session with identifiers changed by snapshot.
///
/// The session: a vertical flow of 5 items of 100 × 100 (default spacings 10) in a 390-wide
/// view. docs/flow.md R5.1: k = floor((10 + 390) / (10 + 100)) = 3 per line; R5.2: pitch
/// 100 + (390 − 3·100) / 2 = 145, columns at x = 0, 145, 290; R5.4: lines at y = 0 and 110,
/// content height 100 + 10 + 100 = 210.
@Suite("TesseraClient (generated) against tessera serve", .serialized)
struct GeneratedClientTests {
    private static func flowSession(items: Int) -> Components.Schemas.LayoutRequest {
        let flow = Components.Schemas.FlowLayout(_type: .flow, itemSize: .init(value1: .SizePair([100, 100])))
        let view = Components.Schemas.ViewInput(bounds: .init(value1: .SizeObject(.init(width: 390, height: 844))))
        return .init(
            layout: .flow(flow),
            dataSource: .init(sections: [.CountedSection(.init(itemCount: items))]),
            view: .init(value1: view))
    }

    private static func frame(_ element: Components.Schemas.Element) -> Components.Schemas.Rect {
        switch element {
        case .cell(let cell): cell.frame
        case .supplementary(let view): view.frame
        case .decoration(let view): view.frame
        }
    }

    @Test func createQueryAndUpdate() async throws {
        let server = try TesseraServer(arguments: [])
        defer { _ = server.stop() }
        let client = Client(serverURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))

        let created = try await client.createSession(body: .json(Self.flowSession(items: 5))).created
        let session = try created.body.json
        #expect(session.version == 1)
        #expect(session.contentSize == .init(width: 390, height: 210))
        #expect(created.headers.eTag == "\"1\"")

        // The first line only: y 0…100 does not reach the second line at y = 110.
        let page = try await client.listElements(path: .init(id: session.id), query: .init(rect: "0,0,390,100")).ok.body.json
        #expect(page.version == 1)
        #expect(page.elements.map(Self.frame) == [0, 145, 290].map { .init(x: $0, y: 0, width: 100, height: 100) })

        // Insert an item at the front: 6 items, two full lines. In the rect: the new item
        // (fading in where it lands) and the old first line, each item one column on, the
        // last wrapping to the second line (x 0, y 110).
        let insert = Components.Schemas.InsertItemsOperation(op: .insertItems, indexPaths: [[0, 0]])
        let updates = Components.Schemas.UpdatesRequest(
            updates: [.insertItems(insert)],
            rect: .init(value1: .RectQuad([0, 0, 390, 100])))
        let plan = try await client.applyUpdates(path: .init(id: session.id), body: .json(updates)).ok.body.json
        #expect(plan.version == 2)
        #expect(plan.contentSize == .init(width: 390, height: 210))
        let cells: [(change: Components.Schemas.Change, from: Components.Schemas.PlanEnd, to: Components.Schemas.PlanEnd)] =
            plan.plan.compactMap { if case .cell(let entry) = $0 { (entry.change, entry.from, entry.to) } else { nil } }
        #expect(cells.map(\.change) == [.insert, .move, .move, .move])
        #expect(cells.map(\.from.indexPath) == [[0, 0], [0, 0], [0, 1], [0, 2]])
        #expect(cells.map(\.to.indexPath) == [[0, 0], [0, 1], [0, 2], [0, 3]])
        #expect(
            cells.map { Self.frame($0.to.attributes) }
                == [(0, 0), (145, 0), (290, 0), (0, 110)].map { .init(x: $0.0, y: $0.1, width: 100, height: 100) })
        if case .cell(let appearing) = cells.first?.from.attributes { #expect(appearing.alpha == 0) } else { Issue.record("no cell") }
    }

    /// A diffable data source (docs/snapshots.md): section 1 holds "a" … "e" by identifier,
    /// five items on the grid above (lines at y = 0 and 110). The new snapshot moves "e" to
    /// the front, drops "c", appends the new item 7 and reloads "a": the longest run of items
    /// that kept their order is a, b, d, so "e" is the one move. Then one identifier operation
    /// (7 before "e", without animation), and the snapshot as it ends.
    @Test func snapshotsByIdentifier() async throws {
        let server = try TesseraServer(arguments: [])
        defer { _ = server.stop() }
        let client = Client(serverURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))
        typealias S = Components.Schemas
        func id(_ s: String) -> S.Identifier { .StringIdentifier(s) }

        let flow = S.FlowLayout(_type: .flow, itemSize: .init(value1: .SizePair([100, 100])))
        let view = S.ViewInput(bounds: .init(value1: .SizeObject(.init(width: 390, height: 844))))
        let section = S.IdentifiedSection(id: .IntegerIdentifier(1), itemIds: ["a", "b", "c", "d", "e"].map(id))
        let request = S.LayoutRequest(
            layout: .flow(flow), dataSource: .init(sections: [.IdentifiedSection(section)]),
            view: .init(value1: view))
        let session = try await client.createSession(body: .json(request)).created.body.json
        #expect(session.contentSize == .init(width: 390, height: 210))

        let snapshot = S.SnapshotRequest(
            sections: [
                .init(id: .IntegerIdentifier(1), items: ["e", "a", "b", "d"].map { .Identifier(id($0)) } + [.Identifier(.IntegerIdentifier(7))])
            ],
            reloaded: [id("a")], rect: .init(value1: .RectQuad([0, 0, 390, 100])))
        let applied = try await client.applySnapshot(path: .init(id: session.id), body: .json(snapshot)).ok
        #expect(applied.headers.eTag == "\"2\"")
        let answer = try applied.body.json
        #expect(answer.version == 2)
        #expect(answer.contentSize == .init(width: 390, height: 210))
        #expect(answer.reconfigured.isEmpty)
        // UIKit's batch: deletes at old index paths, inserts at new ones, the move, and the
        // reload of "a" at its old index path (it is not moved by an operation of its own).
        #expect(
            answer.updates == [
                .deleteItems(.init(op: .deleteItems, indexPaths: [[0, 2]])),
                .insertItems(.init(op: .insertItems, indexPaths: [[0, 4]])),
                .moveItem(.init(op: .moveItem, from: [0, 4], to: [0, 0])),
                .reloadItems(.init(op: .reloadItems, indexPaths: [[0, 0]]))
            ])
        // The first line before or after: "e" comes up from (145, 110), "a" (reloaded) and
        // "b" shift one column on, "c" fades out where it was.
        let cells: [(change: S.Change, from: S.PlanEnd, to: S.PlanEnd)] = try #require(answer.plan).compactMap {
            if case .cell(let entry) = $0 { (entry.change, entry.from, entry.to) } else { nil }
        }
        #expect(cells.map(\.change) == [.move, .reload, .move, .delete])
        #expect(cells.map(\.from.indexPath) == [[0, 4], [0, 0], [0, 1], [0, 2]])
        #expect(cells.map(\.to.indexPath) == [[0, 0], [0, 1], [0, 2], [0, 2]])
        #expect(
            cells.map { Self.frame($0.from.attributes) }
                == [(145, 110), (0, 0), (145, 0), (290, 0)].map { .init(x: $0.0, y: $0.1, width: 100, height: 100) })
        #expect(
            cells.map { Self.frame($0.to.attributes) }
                == [(0, 0), (145, 0), (290, 0), (290, 0)].map { .init(x: $0.0, y: $0.1, width: 100, height: 100) })
        if case .cell(let gone) = cells.last?.to.attributes { #expect(gone.alpha == 0) } else { Issue.record("no cell") }

        // One operation by identifier, without a plan: 7 moves from the end to the front.
        let move = S.MoveItemSnapshotOperation(op: .moveItem, item: .IntegerIdentifier(7), beforeItem: id("e"))
        let moved = try await client.applySnapshotOperations(
            path: .init(id: session.id), body: .json(.init(operations: [.moveItem(move)], animatingDifferences: false))
        ).ok.body.json
        #expect(moved.version == 3)
        #expect(moved.updates == [.moveItem(.init(op: .moveItem, from: [0, 4], to: [0, 0]))])
        #expect(moved.plan == nil)

        let current = try await client.getSnapshot(path: .init(id: session.id)).ok
        #expect(current.headers.eTag == "\"3\"")
        let sections = try current.body.json.sections
        #expect(sections.map(\.id) == [.IntegerIdentifier(1)])
        #expect(sections.first?.items == [.IntegerIdentifier(7)] + ["e", "a", "b", "d"].map(id))

        // The index-path batch is refused on a session with identifiers.
        let refused = try await client.applyUpdates(path: .init(id: session.id), body: .json(.init(updates: [])))
        guard case .unprocessableContent(let unprocessable) = refused else {
            Issue.record("expected a 422, got \(refused)")
            return
        }
        #expect(try unprocessable.body.json.value1.error.code == "has_identifiers")
    }

    @Test func errorsDecodeAsTheContractSays() async throws {
        let server = try TesseraServer(arguments: [])
        defer { _ = server.stop() }
        let client = Client(serverURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))
        let missing = try await client.getSession(path: .init(id: "0123456789abcdef0123456789abcdef"))
        guard case .notFound(let notFound) = missing else {
            Issue.record("expected a 404, got \(missing)")
            return
        }
        let error = try notFound.body.json.value1.error
        #expect(error.code == "not_found")
        #expect(error.field == "id")
    }

    /// The committed client was generated from this very openapi.yaml (`make client` rewrites
    /// both the code and this fingerprint; `make client-check` regenerates and compares).
    @Test func generatedFromTheCurrentContract() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("openapi.yaml")
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in try Data(contentsOf: file) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        #expect(hash == tesseraOpenAPIFingerprint, "openapi.yaml changed since the client was generated: run `make client`")
    }
}
