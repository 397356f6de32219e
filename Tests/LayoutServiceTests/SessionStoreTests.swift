import SessionStorage
import Testing
import LayoutService

@Suite("Session store")
struct SessionStoreTests {
    @Test func idsAreUnguessableHex() throws {
        let service = makeService()
        var ids = Set<String>()
        for _ in 0..<50 { ids.insert(try createSession(service, circleBody)) }
        #expect(ids.count == 50)
        #expect(ids.allSatisfy { TesseraService._isWellFormedSessionID($0) })
    }

    @Test func fullStoreRefusesWith503ThenReclaimsExpired() throws {
        let clock = ManualClock()
        let service = makeService(
            {
                $0.maxSessions = 2
                $0.idleExpirySeconds = 60
            }, clock: clock)
        let a = try createSession(service, circleBody)
        _ = try createSession(service, circleBody)
        let refused = service.createSession(body: body(circleBody))
        #expect(refused.status == 503)
        #expect(try errorOf(refused).code == "too_many_sessions")
        #expect(refused.headers.contains { $0.0 == "Retry-After" })
        // Keep `a` alive, let the other expire: the store reclaims it for a new session.
        clock.advance(seconds: 40)
        #expect(service.getSession(id: a).status == 200)
        clock.advance(seconds: 30)
        _ = try createSession(service, circleBody)
        #expect(service.getSession(id: a).status == 200)
        #expect(service.store.count == 2)
    }

    @Test func idleSessionsExpire() throws {
        let clock = ManualClock()
        let service = makeService({ $0.idleExpirySeconds = 10 }, clock: clock)
        let id = try createSession(service, circleBody)
        clock.advance(seconds: 11)
        #expect(service.getSession(id: id).status == 404)
    }

    @Test func totalItemLimit() throws {
        let service = makeService { $0.maxTotalItems = 10 }
        _ = try createSession(service, circleBody) // 6 items
        #expect(service.createSession(body: body(circleBody)).status == 503)
    }

    @Test func deleteHonoursIfMatch() throws {
        let service = makeService()
        let id = try createSession(service, circleBody)
        #expect(service.deleteSession(id: id, ifMatch: "\"2\"").status == 412)
        #expect(service.deleteSession(id: id, ifMatch: "\"1\"").status == 204)
        #expect(service.deleteSession(id: id).status == 404)
    }

    @Test func patchIncrementsVersionAndInvalidatesRepliesCache() throws {
        let service = makeService()
        let id = try createSession(service, circleBody)
        let first = service.elements(id: id, query: "rect=0,0,400,400")
        #expect(try object(first)["version"] as? Int == 1)
        let patched = service.patchView(id: id, body: body(#"{"bounds":[200,200]}"#), ifMatch: "1")
        #expect(patched.status == 200)
        let p = try object(patched)
        #expect(p["version"] as? Int == 2)
        #expect(p["invalidated"] as? Bool == true)
        let second = service.elements(id: id, query: "rect=0,0,400,400")
        #expect(try object(second)["version"] as? Int == 2)
        #expect(second.body != first.body)
    }
}

@Suite("Session store races")
struct SessionStoreRaceTests {
    /// Another loop can touch a session after this request read the clock: the session's
    /// last use is then newer than "now", and it must count as fresh (a wrapping subtraction
    /// once made such sessions look ancient and deleted them under load).
    @Test func aTouchNewerThanNowIsNotExpiry() throws {
        let clock = ManualClock()
        let service = makeService({ $0.idleExpirySeconds = 60 }, clock: clock)
        let id = try createSession(service, circleBody)
        let memory = try #require(service.store.storage as? MemorySessionStorage)
        memory.touch(id, at: clock.nowNanoseconds() + 5_000_000_000)
        #expect(service.getSession(id: id).status == 200)
        service.store.sweep()
        #expect(service.store.count == 1)
    }
}
