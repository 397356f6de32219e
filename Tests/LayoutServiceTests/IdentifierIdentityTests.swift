import TesseraSupport
import Foundation
import LayoutEngine
import Testing
import LayoutService

/// An identifier is its UTF-8 bytes everywhere (docs/snapshots.md): `"é"` (U+00E9) and
/// `"e\u0301"` (e and a combining acute) are two identifiers to a create, a PUT and the
/// identifier operations alike, though Swift's `String` holds them equal.
@Suite("Identifier identity")
struct IdentifierIdentityTests {
    let service = makeService()

    /// The JSON escapes keep the test's source free of look-alike characters.
    static let composed = #""\u00e9""#
    static let decomposed = #""e\u0301""#

    func session(_ items: String) throws -> String {
        try createSession(
            service,
            #"{"layout":{"type":"flow","itemSize":[10,10]},"view":{"bounds":[100,100]},"dataSource":{"sections":[{"id":"s","itemIds":[\#(items)]}]}}"#
        )
    }

    func items(_ id: String) throws -> [String] {
        let sections = try object(service.getSnapshot(id: id))["sections"] as? [[String: Any]] ?? []
        // Foundation's strings compare canonically too: compare their scalars.
        return (sections.first?["items"] as? [String] ?? []).map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
    }

    @Test func theEngineComparesBytes() {
        let a = SnapshotIdentifier.string("\u{E9}"), b = SnapshotIdentifier.string("e\u{301}")
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
        #expect(a == .string("\u{E9}"))
    }

    @Test func deletingOneLeavesTheOther() throws {
        let id = try session("\(Self.composed),\(Self.decomposed),\"x\"")
        let r = service.applySnapshotOperations(id: id, body: body(#"{"operations":[{"op":"deleteItems","items":[\#(Self.decomposed)]}]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        #expect(try items(id) == ["e9", "78"])
    }

    @Test func theOtherFormIsUnknown() throws {
        let id = try session("\(Self.composed),\"x\"")
        let before = service.getSession(id: id).body
        let r = service.applySnapshotOperations(id: id, body: body(#"{"operations":[{"op":"deleteItems","items":[\#(Self.decomposed)]}]}"#))
        #expect(r.status == 422)
        #expect(try errorOf(r).code == "unknown_item_identifier")
        #expect(service.getSession(id: id).body == before)
    }

    @Test func movingOneAroundTheOtherIsAMove() throws {
        let id = try session("\(Self.composed),\"x\",\(Self.decomposed)")
        let r = service.applySnapshotOperations(
            id: id, body: body(#"{"operations":[{"op":"moveItem","item":\#(Self.decomposed),"beforeItem":\#(Self.composed)}]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        #expect(try items(id) == ["65 301", "e9", "78"])
        // Appending the composed form again is a duplicate; the decomposed one is not.
        let dup = service.applySnapshotOperations(id: id, body: body(#"{"operations":[{"op":"appendItems","items":[\#(Self.composed)]}]}"#))
        #expect(dup.status == 422)
    }
}

/// Integers that a double cannot keep apart are refused (issue 34, point 2).
@Suite("Integer identifiers")
struct IntegerIdentifierTests {
    let service = makeService()

    func create(_ items: String) -> Reply {
        service.createSession(
            body: body(
                #"{"layout":{"type":"flow","itemSize":[10,10]},"view":{"bounds":[100,100]},"dataSource":{"sections":[{"id":"s","itemIds":[\#(items)]}]}}"#
            ))
    }

    @Test func theLargestSafeIntegersAreKeptExactly() throws {
        let r = create("9007199254740991,-9007199254740991,9007199254740990")
        #expect(r.status == 201, "\(String(decoding: r.body, as: UTF8.self))")
        let id = try #require(try object(r)["id"] as? String)
        let snapshot = String(decoding: service.getSnapshot(id: id).body, as: UTF8.self)
        #expect(snapshot.contains("[9007199254740991,-9007199254740991,9007199254740990]"))
    }

    @Test(arguments: ["9007199254740992", "9007199254740993", "-9007199254740993", "1e16"])
    func integersPastTheSafeRangeAreRefusedNamingTheField(_ literal: String) throws {
        // 2^53 + 1 reads as the double 2^53: kept, it would be the same identifier as 2^53.
        let r = create("1,\(literal)")
        #expect(r.status == 400)
        #expect(try errorOf(r).field == "dataSource.sections[0].itemIds[1]")
        // The same through the identifier operations and a PUT.
        let id = try #require(try object(create("1"))["id"] as? String)
        let ops = service.applySnapshotOperations(id: id, body: body(#"{"operations":[{"op":"appendItems","items":[\#(literal)]}]}"#))
        #expect(ops.status == 400)
        let put = service.putSnapshot(id: id, body: body(#"{"sections":[{"id":"s","items":[1,\#(literal)]}]}"#))
        #expect(put.status == 400)
        #expect(try errorOf(put).field == "sections[0].items[1]")
    }
}
