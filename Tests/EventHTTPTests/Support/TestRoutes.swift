import TesseraSupport
@testable import EventHTTP

/// Routes shared by the live-server tests.
enum TestRoutes {
    static func standard() -> Router {
        var router = Router()
        router.add(.GET, "/v1/sessions/{id}") { request in
            .json(200, jsonObject([("id", request.pathParameters["id"] ?? ""), ("query", request.query ?? "")]))
        }
        router.add(.DELETE, "/v1/sessions/{id}") { _ in Reply(status: 204) }
        router.add(.GET, "/v1/sessions/{id}/items/{section}/{item}") { request in
            let p = request.pathParameters
            return .json(200, jsonObject([("id", p["id"]!), ("section", p["section"]!), ("item", p["item"]!)]))
        }
        router.add(.POST, "/v1/sessions/{id}/transition/finish") { _ in .json(200, #"{"finished":true}"#) }
        router.add(.POST, "/echo") { request in
            Reply(status: 200, headers: [("Content-Type", "application/octet-stream")], body: request.body)
        }
        router.add(.GET, "/text") { _ in .text(200, "plain") }
        router.add(.GET, "/bare") { _ in Reply(status: 200, body: Array("{}".utf8)) }
        router.add(.GET, "/dated") { _ in
            Reply(status: 200, headers: [("date", "Sun, 06 Nov 1994 08:49:37 GMT")], body: Array("{}".utf8))
        }
        router.add(.GET, "/framing") { _ in
            Reply(
                status: 200, headers: [("Content-Length", "999"), ("Connection", "close"), ("X-Kept", "yes")],
                body: Array("{}".utf8))
        }
        return router
    }
}

extension RawResponse {
    /// A server-made error: JSON content type, the API's shape, never libevent's HTML page.
    var isJSONError: Bool {
        header("Content-Type") == "application/json; charset=utf-8"
            && errorCode != nil
            && !text.lowercased().contains("<html")
    }
}
