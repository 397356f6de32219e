import EventHTTP
import LayoutService
import Playground

/// The HTTP routes of docs/api.md, each a thin adapter from an HTTP request to a service handler.
/// Handlers that may prepare a big layout are offloaded to the worker pool so they never
/// stall an event loop. The queries that are usually cheap (elements, the session, snapping)
/// run on the loop within its budgets and move to a worker when the answer is bigger.
enum Routes {
    static func make(_ service: TesseraService) -> Router {
        var r = Router()
        r.add(.GET, "/healthz") { _ in reply(service.health()) }
        r.add(.GET, "/readyz") { _ in reply(service.readiness()) }
        r.add(.GET, "/openapi.yaml") { _ in reply(service.openAPIDocument()) }
        r.add(.POST, "/v1/layout", offload: true) { reply(service.oneShotLayout(body: $0.body)) }
        r.add(.POST, "/v1/sessions", offload: true) { reply(service.createSession(body: $0.body)) }
        r.add(.GET, "/v1/sessions/{id}") { reply(service.getSession(id: $0.id, on: $0.executionContext)) }
        r.add(.DELETE, "/v1/sessions/{id}") { reply(service.deleteSession(id: $0.id, ifMatch: $0.header("If-Match"))) }
        r.add(.GET, "/v1/sessions/{id}/elements") {
            reply(service.elements(id: $0.id, query: $0.query, on: $0.executionContext))
        }
        r.add(.GET, "/v1/sessions/{id}/items/{section}/{item}") {
            reply(service.item(id: $0.id, section: $0["section"], item: $0["item"]))
        }
        r.add(.GET, "/v1/sessions/{id}/supplementary/{kind}/{section}/{item}") {
            reply(service.supplementary(id: $0.id, kind: $0["kind"], section: $0["section"], item: $0["item"]))
        }
        r.add(.GET, "/v1/sessions/{id}/decorations/{kind}/{section}/{item}") {
            reply(service.decoration(id: $0.id, kind: $0["kind"], section: $0["section"], item: $0["item"]))
        }
        r.add(.PATCH, "/v1/sessions/{id}/view", offload: true) {
            reply(service.patchView(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/updates", offload: true) {
            reply(service.applyUpdates(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match")))
        }
        r.add(.PUT, "/v1/sessions/{id}/layout", offload: true) {
            reply(service.switchLayout(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/transition", offload: true) {
            reply(service.beginTransition(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/transition/finish") {
            reply(service.endTransition(id: $0.id, finish: true, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/transition/cancel") {
            reply(service.endTransition(id: $0.id, finish: false, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/interactive-movement", offload: true) {
            reply(service.interactiveMovement(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/preferred-sizes", offload: true) {
            reply(service.preferredSizes(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match")))
        }
        r.add(.POST, "/v1/sessions/{id}/target-content-offset") {
            reply(service.targetContentOffset(id: $0.id, body: $0.body, on: $0.executionContext))
        }
        // A picture of many elements takes longer to draw than to query: off the loop.
        r.add(.GET, "/v1/sessions/{id}/render.svg", offload: true) { reply(service.renderSession(id: $0.id, query: $0.query)) }
        r.add(.POST, "/v1/render", offload: true) { reply(service.renderOneShot(body: $0.body, query: $0.query)) }
        r.add(.GET, "/") { _ in playground(PlaygroundAssets.pageName) }
        r.add(.GET, "/playground/{file}") { playground($0["file"]) }
        return r
    }

    /// A file of the playground page, or a JSON 404 naming it.
    static func playground(_ name: String) -> HTTPResponse {
        guard let asset = PlaygroundAssets.asset(named: name) else {
            let error = APIError.notFound("no playground file \(ClientText.quoted(name))", field: "file")
            return reply(ServiceResponse(status: error.status, body: error.body))
        }
        return HTTPResponse(status: 200, headers: [
            (name: HTTPResponse.contentTypeHeader, value: asset.contentType),
            (name: "Cache-Control", value: "no-cache"),
            (name: "Content-Security-Policy", value: "default-src 'self'; style-src 'self' 'unsafe-inline'"),
        ], body: asset.body)
    }

    /// The service's answer as it is: its header array is shared, not copied. A reply
    /// without a Content-Type gets the JSON one from the server (`EventLoop.reply`), as every
    /// service body is JSON; copying the headers to add it here cost ~400 instructions of a
    /// cached rect query (callgrind, BENCHMARKS.md "Fifth pass").
    static func reply(_ r: ServiceResponse) -> HTTPResponse {
        if r.asksForWorker { return .moveToWorker }
        return HTTPResponse(status: r.status, headers: r.headers, body: r.body)
    }
}

extension HTTPRequest {
    var id: String { pathParameter("id") ?? "" }

    subscript(name: String) -> String { pathParameter(name) ?? "" }

    var executionContext: ExecutionContext { isOnEventLoop ? .eventLoop : .worker }
}

extension HTTPResponse {
    static let contentTypeHeader = "Content-Type"
}

