import Foundation
import LayoutEngine
import SessionStorage
import Testing

import LayoutService

/// Identifier bytes are held to a budget (issue 34, point 4): per session
/// (`--max-identifier-bytes-per-session`, the packed bytes: a tag byte plus the UTF-8 bytes,
/// 9 for an integer) and in total, 32 bytes a unit of `--max-total-items`.
@Suite("Identifier budget")
struct IdentifierBudgetTests {
    /// A flow session of one section "s" and items "item-0000", "item-0001", …: 2 bytes for
    /// the section, 10 for each item.
    static func session(items: Int) -> String {
        let ids = (0..<items).map { String(format: #""item-%04d""#, $0) }.joined(separator: ",")
        return #"{"layout":{"type":"flow","itemSize":[10,10]},"dataSource":{"sections":[{"id":"s","itemIds":["# + ids
            + #"]}]},"view":{"bounds":[320,480]}}"#
    }

    @Test func packedBytesAreCountedAsTheColumnsHoldThem() {
        let packed = PackedSnapshot(
            DiffableSnapshot(sections: [DiffableSnapshotSection(id: .string("s"), items: [.string("é"), .integer(7)])]))
        // "s": 1 + 1; "é": 1 + 2 (two UTF-8 bytes); 7: 1 + 8.
        #expect(packed.identifierBytes == 2 + 3 + 9)
        #expect(StoredCounts(items: 2, sections: 1, identifierBytes: 14).units == 2 + 1 + 1)
        #expect(StoredCounts(items: 2, sections: 1, identifierBytes: 64).units == 2 + 1 + 2)
        #expect(StoredCounts(items: 2, sections: 1, identifierBytes: 65).units == 2 + 1 + 3)
    }

    /// 100 bytes a session: 9 items (2 + 90 = 92 bytes) fit, 10 (102) do not, at create, by
    /// an operation and by a PUT; a refused change leaves the session as it was.
    @Test func aSessionIsHeldToItsIdentifierBytes() throws {
        let service = makeService { $0.maxIdentifierBytesPerSession = 100 }
        let over = service.createSession(body: body(Self.session(items: 10)))
        #expect(over.status == 400)
        #expect(try errorOf(over).field == "dataSource.sections")
        #expect(try errorOf(over).message.contains("102 bytes"))
        let id = try createSession(service, Self.session(items: 9))
        let append = service.applySnapshotOperations(id: id, body: body(#"{"operations":[{"op":"appendItems","items":["item-0009"]}]}"#))
        #expect(append.status == 400)
        #expect(try errorOf(append).field == "operations")
        let ids = (0..<10).map { String(format: #""item-%04d""#, $0) }.joined(separator: ",")
        let put = service.putSnapshot(id: id, body: body(#"{"sections":[{"id":"s","items":["# + ids + "]}]}"))
        #expect(put.status == 400)
        #expect(try errorOf(put).field == "sections")
        #expect(try object(service.getSession(id: id))["version"] as? Int == 1)
        #expect(try object(service.getSession(id: id))["itemCount"] as? Int == 9)
        // A short identifier instead still fits: 92 - 10 + 2 = 84.
        let swap = service.applySnapshotOperations(
            id: id, body: body(#"{"operations":[{"op":"deleteItems","items":["item-0008"]},{"op":"appendItems","items":["x"]}]}"#))
        #expect(swap.status == 200, "\(String(decoding: swap.body, as: UTF8.self))")
    }

    /// Units in total: 9 items, 1 section and ⌈92 / 32⌉ = 3 identifier units make 13. With
    /// `maxTotalItems` 12 the session is refused (it counted 10 before identifiers did); with
    /// 13 it fits, and then an operation adding an item ("x": 2 bytes, 94 in all, still 3
    /// units) grows it to 14: refused, nothing changed.
    @Test func identifierBytesCountAgainstTheTotal() throws {
        let tight = makeService { $0.maxTotalItems = 12 }
        let refused = tight.createSession(body: body(Self.session(items: 9)))
        #expect(refused.status == 503)
        #expect(try errorOf(refused).code == "too_many_sessions")
        let service = makeService { $0.maxTotalItems = 13 }
        let id = try createSession(service, Self.session(items: 9))
        let grow = service.applySnapshotOperations(id: id, body: body(#"{"operations":[{"op":"appendItems","items":["x"]}]}"#))
        #expect(grow.status == 503)
        #expect(try object(service.getSession(id: id))["itemCount"] as? Int == 9)
    }
}
