import TesseraSupport
import TesseraJSON
import EventHTTP
import LayoutService
import Playground

/// The HTTP routes of docs/api.md, each a thin adapter from an HTTP request to a service handler.
/// Handlers that may prepare a big layout are offloaded to the worker pool so they never
/// stall an event loop. The queries that are usually cheap (elements, the session, snapping)
/// run on the loop within its budgets and move to a worker when the answer is bigger.
/// A service answer is the server's reply as it is (one type, `Reply`, or `HandlerOutcome`
/// where the loop may hand the work to a worker): its header
/// array is handed over, not copied, and one without a Content-Type gets the JSON one from the
/// server (`EventLoop.reply`), as every service body is JSON
/// (docs/performance.md#shared-reply-headers).
enum Routes {
    static func make(_ service: TesseraService) -> Router {
        var r = Router()
        r.add(.GET, "/healthz") { _ in service.health() }
        r.add(.GET, "/readyz") { _ in service.readiness() }
        r.add(.GET, "/openapi.yaml") { _ in service.openAPIDocument() }
        r.add(.POST, "/v1/layout", offload: true) { service.oneShotLayout(body: $0.body) }
        r.add(.POST, "/v1/sessions", offload: true) { service.createSession(body: $0.body) }
        // Requests a loop answers for a session go to a worker when the store would have to be
        // asked over the network (`SessionStore.answersWithoutWaiting`); changes always do then.
        let store = service.store
        let remote = store.callsMayWait
        r.add(.GET, "/v1/sessions/{id}") { request in
            onLoop(request, store) { service.getSession(id: request.id, on: $0) }
        }
        r.add(.DELETE, "/v1/sessions/{id}", offload: remote) { service.deleteSession(id: $0.id, ifMatch: $0.header("If-Match")) }
        r.add(.GET, "/v1/sessions/{id}/elements") { request in
            onLoop(request, store) { service.elements(id: request.id, query: request.query, on: $0) }
        }
        r.add(.GET, "/v1/sessions/{id}/items/{section}/{item}") { request in
            onLoop(request, store) { service.item(id: request.id, section: request["section"], item: request["item"], on: $0) }
        }
        r.add(.GET, "/v1/sessions/{id}/supplementary/{kind}/{section}/{item}") { request in
            onLoop(request, store) {
                service.supplementary(id: request.id, kind: request["kind"], section: request["section"], item: request["item"], on: $0)
            }
        }
        r.add(.GET, "/v1/sessions/{id}/decorations/{kind}/{section}/{item}") { request in
            onLoop(request, store) {
                service.decoration(id: request.id, kind: request["kind"], section: request["section"], item: request["item"], on: $0)
            }
        }
        r.add(.PATCH, "/v1/sessions/{id}/view", offload: true) {
            service.patchView(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/updates", offload: true) {
            service.applyUpdates(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        // A snapshot lists every identifier: written off the loop.
        r.add(.GET, "/v1/sessions/{id}/snapshot", offload: true) { service.getSnapshot(id: $0.id) }
        r.add(.PUT, "/v1/sessions/{id}/snapshot", offload: true) {
            service.putSnapshot(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/snapshot/operations", offload: true) {
            service.applySnapshotOperations(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.PUT, "/v1/sessions/{id}/layout", offload: true) {
            service.switchLayout(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/transition", offload: true) {
            service.beginTransition(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/transition/finish", offload: remote) {
            service.endTransition(id: $0.id, finish: true, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/transition/cancel", offload: remote) {
            service.endTransition(id: $0.id, finish: false, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/interactive-movement", offload: true) {
            service.interactiveMovement(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/preferred-sizes", offload: true) {
            service.preferredSizes(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        // Offloaded: with `apply` it changes the session (a store write).
        r.add(.POST, "/v1/sessions/{id}/scroll-to-item", offload: true) {
            service.scrollToItem(id: $0.id, body: $0.body, ifMatch: $0.header("If-Match"))
        }
        r.add(.POST, "/v1/sessions/{id}/target-content-offset") { request in
            onLoop(request, store) { service.targetContentOffset(id: request.id, body: request.body, on: $0) }
        }
        // A picture of many elements takes longer to draw than to query: off the loop.
        r.add(.GET, "/v1/sessions/{id}/render.svg", offload: true) { service.renderSession(id: $0.id, query: $0.query) }
        r.add(.POST, "/v1/render", offload: true) { service.renderOneShot(body: $0.body, query: $0.query) }
        r.add(.GET, "/") { _ in playground(PlaygroundAssets.pageName) }
        r.add(.GET, "/playground/{file}") { playground($0["file"]) }
        // The <tessera-view> element (clients/typescript/bundle) and its demo page.
        r.add(.GET, "/tessera-view.js") { _ in served(PlaygroundAssets.viewBundle) }
        r.add(.GET, "/demo") { _ in playground(PlaygroundAssets.demoPageName) }
        return r
    }

    /// `answer` where the request runs, or on an event loop `.needsWorker` at once when the
    /// session cannot be answered without a store call that may wait. (A copy that must be
    /// built or brought up to date is found by the service itself: `needsWorker` too.)
    @inline(__always)
    static func onLoop(
        _ request: HTTPRequest, _ store: SessionStore, _ answer: (ExecutionContext) -> HandlerOutcome
    ) -> HandlerOutcome {
        let context = request.executionContext
        if context == .eventLoop, store.keepsSessionData, !store.answersWithoutWaiting(request.id) { return .needsWorker }
        return answer(context)
    }

    /// A file of the playground page, or a JSON 404 naming it.
    static func playground(_ name: String) -> Reply {
        guard let asset = PlaygroundAssets.asset(named: name) else {
            let error = APIError.notFound("no playground file \(ClientText.quoted(name))", field: "file")
            return Reply(status: error.status, body: error.body)
        }
        return served(asset)
    }

    /// An embedded file, as the playground's files are served.
    static func served(_ asset: PlaygroundAsset) -> Reply {
        Reply(
            status: 200,
            headers: [
                (name: Reply.contentTypeHeader, value: asset.contentType),
                (name: "Cache-Control", value: "no-cache"),
                (name: "Content-Security-Policy", value: "default-src 'self'; style-src 'self' 'unsafe-inline'")
            ], body: asset.body)
    }

}

extension HTTPRequest {
    var id: String { pathParameter("id") ?? "" }

    subscript(name: String) -> String { pathParameter(name) ?? "" }

}

extension Reply {
    static let contentTypeHeader = "Content-Type"
}
