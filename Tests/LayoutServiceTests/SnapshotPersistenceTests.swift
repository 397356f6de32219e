import Foundation
import LayoutEngine
import SessionStorage
import Testing
@testable import LayoutService
import StorageTestSupport

/// A session's identifiers are part of its stored state: they survive a restart, replay from
/// the log (PUT and operations entries), and come back from a compacted session image (`TSN4`).
@Suite("Persistence: snapshot identifiers")
struct SnapshotPersistenceTests {
    static let body = #"""
        {"layout":{"type":"flow","itemSize":[60,40]},"view":{"bounds":[320,480]},
         "dataSource":{"sections":[{"id":"inbox","items":[{"id":"m1","size":[80,40]},{"id":"m2","size":[90,40]},{"id":7,"size":[70,40]}]},
                                   {"id":2,"itemIds":["a","b","c"]}]}}
        """#

    @Test func identifiersAndTheirChangesReplayOnAnotherReplica() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let id = try createSession(a, Self.body)
        let put = a.putSnapshot(
            id: id,
            body: LayoutServiceTests.body(
                #"{"sections":[{"id":2,"items":["c","a"]},{"id":"inbox","items":[7,{"id":"m2","size":[30,40]},"b",{"id":"n","size":[10,40]}]}],"reloaded":[7],"rect":[0,0,320,480]}"#
            ))
        #expect(put.status == 200, "\(String(decoding: put.body, as: UTF8.self))")
        let ops = a.applySnapshotOperations(
            id: id,
            body: LayoutServiceTests.body(
                #"{"operations":[{"op":"appendSections","sections":[{"id":"z","layout":{"minimumInteritemSpacing":3}}]},{"op":"appendItems","items":["q","r"]},{"op":"moveItem","item":"c","afterItem":"r"}]}"#
            ))
        #expect(ops.status == 200, "\(String(decoding: ops.body, as: UTF8.self))")
        #expect(a.interactiveMovement(id: id, body: LayoutServiceTests.body(#"{"phase":"begin","indexPath":[0,0]}"#)).status == 200)
        #expect(a.interactiveMovement(id: id, body: LayoutServiceTests.body(#"{"phase":"update","position":{"x":200,"y":50}}"#)).status == 200)
        #expect(a.interactiveMovement(id: id, body: LayoutServiceTests.body(#"{"phase":"end"}"#)).status == 200)

        let b = try sqliteService(path)
        #expect(observed(b, id) == observed(a, id))
        #expect(b.getSnapshot(id: id).body == a.getSnapshot(id: id).body)
        // And a change through b reaches a.
        #expect(b.putSnapshot(id: id, body: LayoutServiceTests.body(#"{"sections":[{"id":"z","items":[]}]}"#)).status == 200)
        #expect(a.getSnapshot(id: id).body == b.getSnapshot(id: id).body)
        #expect(String(decoding: a.getSnapshot(id: id).body, as: UTF8.self) == #"{"version":7,"sections":[{"id":"z","items":[]}]}"#)
    }

    /// Enough changes that the log is folded into a new session image, which then holds the
    /// identifiers itself.
    @Test func aCompactedSessionImageKeepsTheIdentifiers() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let id = try createSession(a, Self.body)
        for k in 0..<12 {
            let order = k % 2 == 0 ? #"["b","a","c"]"# : #"["a","b","c"]"#
            let r = a.putSnapshot(
                id: id, body: LayoutServiceTests.body(#"{"sections":[{"id":"inbox","items":["m1","m2",7]},{"id":2,"items":\#(order)}]}"#))
            #expect(r.status == 200)
        }
        let stored = try #require(try a.store.storage.load(id: id, after: nil))
        let image = try #require(stored.image)
        #expect(image.version > 1)
        let decoded = try SessionImage(decoding: image.bytes)
        #expect(decoded.identifiers?.unpacked.sections.map(\.id) == ["inbox", 2])
        let b = try sqliteService(path)
        #expect(b.getSnapshot(id: id).body == a.getSnapshot(id: id).body)
        #expect(observed(b, id) == observed(a, id))
    }

    @Test func damagedIdentifierColumnsAreCaught() throws {
        var image = SessionImage(
            version: 1, layoutJSON: Array("{}".utf8), view: ViewContext(bounds: Size(width: 10, height: 10)),
            dataSource: DataSource(sections: [SectionData(itemCount: 2)]),
            identifiers: PackedSnapshot(DiffableSnapshot(sections: [DiffableSnapshotSection(id: "s", items: ["a", 1])])))
        #expect(try SessionImage(decoding: image.encoded).identifiers == image.identifiers)
        // Identifiers for a data source of another shape are refused, not trusted.
        image.dataSource = DataSource(sections: [SectionData(itemCount: 3)])
        #expect(throws: SessionImageError.self) { try SessionImage(decoding: image.encoded) }
    }
}
