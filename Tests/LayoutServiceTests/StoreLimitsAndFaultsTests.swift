import Foundation
import SessionStorage
import TesseraJSON
import Testing
@testable import LayoutService
import StorageTestSupport

/// The store's limits hold on every change, in every backend (issue 8, item 5).
@Suite("Store limits on every change")
struct StoreLimitTests {
    static func services() throws -> [TesseraService] {
        let configure: (inout SessionStore.Configuration) -> Void = { $0.maxTotalItems = 20 }
        return [makeService(configure), try sqliteService(try temporaryDirectory() + "/s.db", configure)]
    }

    /// 6 items + 1 section = 7 held; growing to 21 would pass the limit of 20: refused with
    /// 503 and nothing changed. Shrinking is always allowed.
    @Test(arguments: [0, 1]) func updatesCannotGrowPastTheTotal(backend: Int) throws {
        let service = try Self.services()[backend]
        let id = try createSession(service, circleBody)
        let grow = #"{"updates":[{"op":"insertSections","sections":[1],"data":[{"itemCount":13}]}]}"#
        let refused = service.applyUpdates(id: id, body: body(grow))
        #expect(refused.status == 503, "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(try errorOf(refused).code == "too_many_sessions")
        #expect(try object(service.getSession(id: id))["version"] as? Int == 1)
        // 13 items in a new section: 6 + 13 items + 2 sections = 21 > 20; 12 items fit (20).
        let fits = #"{"updates":[{"op":"insertSections","sections":[1],"data":[{"itemCount":12}]}]}"#
        #expect(service.applyUpdates(id: id, body: body(fits)).status == 200)
        // The store is now full: a new session is refused until this one shrinks.
        #expect(service.createSession(body: body(circleBody)).status == 503)
        #expect(service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteSections","sections":[1]}]}"#)).status == 200)
        #expect(service.createSession(body: body(circleBody)).status == 201)
    }

    /// Sections count as items: a session of empty sections cannot hold memory uncounted.
    @Test(arguments: [0, 1]) func emptySectionsCount(backend: Int) throws {
        let service = try Self.services()[backend]
        let sections = Array(repeating: #"{"itemCount":0}"#, count: 21).joined(separator: ",")
        let r = service.createSession(
            body: body(#"{"layout":{"type":"flow","itemSize":[1,1]},"dataSource":{"sections":[\#(sections)]},"view":{"bounds":[9,9]}}"#))
        #expect(r.status == 503)
    }
}

/// A removed session refuses changes, and If-Match with the removal is one step (issue 8,
/// item 7: an update was acknowledged after the DELETE's 204).
@Suite("Delete and concurrent changes")
struct DeleteRaceTests {
    /// The update has looked the session up, then the DELETE removes it, then the update
    /// commits: it must find the session gone, not change a detached copy.
    @Test(arguments: [0, 1]) func aChangeAfterTheDeleteIs404(backend: Int) throws {
        let service = backend == 0 ? makeService() : try sqliteService(try temporaryDirectory() + "/s.db")
        let id = try createSession(service, circleBody)
        let looked = try service.session(id)
        #expect(service.deleteSession(id: id, ifMatch: "1").status == 204)
        #expect(throws: APIError.self) {
            try service.mutate(looked, ifMatch: nil, SessionChange(.view, body: body(#"{"bounds":[10,10]}"#))) { state throws(APIError) in
                try service.viewStep(try JSONTape.parseBody(body(#"{"bounds":[10,10]}"#)).root, state)
            }
        }
        #expect(service.getSession(id: id).status == 404)
    }

    /// Many rounds of an update racing a DELETE with If-Match 1: either the update lands first
    /// (version 2, and the DELETE answers 412) or the DELETE does (and the update 404); never
    /// both acknowledged.
    @Test func updateRacingDeleteIsNeverAcknowledgedAfterIt() async throws {
        let service = makeService()
        for _ in 0..<200 {
            let id = try createSession(service, circleBody)
            async let update = service.patchView(id: id, body: body(#"{"bounds":[300,300]}"#)).status
            async let delete = service.deleteSession(id: id, ifMatch: "1").status
            let (u, d) = await (update, delete)
            #expect((u == 200 && d == 412) || (u == 404 && d == 204), "update \(u), delete \(d)")
            _ = service.deleteSession(id: id)
        }
    }
}

/// Stored bytes that no longer decode: the session is quarantined, reported and kept; a
/// database that is not one stops the start with the reason.
@Suite("Corrupt storage")
struct CorruptStorageTests {
    @Test func anUndecodableLogEntryQuarantinesTheSession() throws {
        let path = try temporaryDirectory() + "/s.db"
        let a = try sqliteService(path)
        let id = try createSession(a, circleBody)
        #expect(a.patchView(id: id, body: body(#"{"bounds":[300,300]}"#)).status == 200)
        let storage = try SQLiteSessionStorage(path: path)
        let counts = StoredCounts(items: 6, sections: 1)
        let limits = a.store.configuration.limits
        #expect(
            try storage.append(id: id, baseVersion: 2, entry: [0xC7, 99, 1, 2], from: counts, to: counts, limits: limits)
                == .appended(logBytes: 0, imageBytes: 0) || true)
        let b = try sqliteService(path)
        let r = b.getSession(id: id)
        #expect(r.status == 500)
        #expect(try errorOf(r).code == "session_quarantined")
        #expect(try errorOf(r).message.contains("unknown kind 99"))
        #expect(try storage.quarantined()[id]?.contains("unknown kind 99") == true)
        // Not served again, not counted, but kept.
        #expect(b.getSession(id: id).status == 404)
        #expect(a.getSession(id: id).status == 404)
        #expect(b.store.count == 0)
    }

    @Test func aTruncatedDatabaseIsRefused() throws {
        let path = try temporaryDirectory() + "/s.db"
        do {
            let a = try sqliteService(path)
            let items = (0..<3_000).map { #"{"size":[\#($0 % 9 + 1),4]}"# }.joined(separator: ",")
            for _ in 0..<4 {
                _ = try createSession(a, #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"items":[\#(items)]}]},"view":{"bounds":[320,480]}}"#)
            }
        }
        // Every connection closed checkpoints the WAL into the file and removes it (the last
        // one may close a moment later, on the thread that wrote a session image); then cut the file.
        for _ in 0..<200 where FileManager.default.fileExists(atPath: path + "-wal") { usleep(50_000) }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 100_000)
        try handle.truncate(atOffset: size / 2)
        try handle.close()
        #expect {
            _ = try SQLiteSessionStorage(path: path)
        } throws: { error in
            guard case .corrupt(let message) = error as? StorageError else { return false }
            return message.contains(path)
        }
    }
}
