import LayoutService
import Testing

/// `view.layoutDirection` (issue 37): accepted with UIKit's names, echoed in the session when
/// it is not the default, refused by name otherwise, and changed by a view PATCH.
@Suite struct LayoutDirectionInputTests {
    static let session =
        #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844],"layoutDirection":"rightToLeft"}}"#

    @Test func theSessionSaysItsDirection() throws {
        let service = makeService()
        let id = try createSession(service, Self.session)
        let view = try #require(try object(service.getSession(id: id))["view"] as? [String: Any])
        #expect(view["layoutDirection"] as? String == "rightToLeft")
        let ltr = try createSession(service, #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844]}}"#)
        let plain = try #require(try object(service.getSession(id: ltr))["view"] as? [String: Any])
        #expect(plain["layoutDirection"] == nil)
    }

    @Test func anUnknownDirectionIsRefusedByName() throws {
        let r = makeService().createSession(
            body: body(#"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"layoutDirection":"up"}}"#))
        #expect(r.status == 400)
        let e = try errorOf(r)
        #expect(e.field == "view.layoutDirection")
        #expect(e.message == "must be leftToRight or rightToLeft (got 'up')")
    }

    @Test func aViewPatchChangesIt() throws {
        let service = makeService()
        let id = try createSession(service, Self.session)
        #expect(service.patchView(id: id, body: body(#"{"layoutDirection":"leftToRight"}"#)).status == 200)
        let view = try #require(try object(service.getSession(id: id))["view"] as? [String: Any])
        #expect(view["layoutDirection"] == nil)
    }
}
