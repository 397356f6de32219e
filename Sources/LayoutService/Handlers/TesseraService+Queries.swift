import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// GET /v1/sessions/{id}/elements?rect=x,y,w,h: `{version, contentSize, elements}`.
    /// Replies are cached per session version and query, so a client polling its visible
    /// rect costs a lookup, not a layout query and an encode. On an event loop a query that
    /// would list more than the loop's budget answers `moveToWorker`.
    public func elements(id: String, query: String?, on context: ExecutionContext = .worker) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let s = try session(id)
            // A cached reply needs only the version: copying the whole state out of its lock
            // costs a retain and release per field (docs/performance.md#version-only-cache-hit).
            let version = s.version
            if let cached = s.cachedReply(version: version, query: query ?? "") {
                return ServiceResponse(status: 200, headers: cached.headers, body: cached.body)
            }
            let state = s.current
            let q = try QueryParameters(query)
            try q.rejectUnknown(["rect", "progress"])
            let rect = try q.rect()
            let layout = try queryLayout(state, progress: q["progress"])
            guard let elements = try self.elements(of: layout, in: rect, view: state.view, on: context) else {
                return .moveToWorker
            }
            let reply = Self.sessionReply(state.version, capacity: 64 + elements.count * 110) { w in
                w.key("contentSize")
                w.size(layout.contentSize)
                w.key("elements")
                w.elements(elements)
            }
            // A reply with a number that is not finite is a 500 (`ServiceResponse.json`): not kept.
            if reply.status == 200 { s.cacheReply(version: state.version, query: query ?? "", reply.body, headers: reply.headers) }
            return reply
        }
    }

    /// GET /v1/sessions/{id}/items/{section}/{item}.
    public func item(id: String, section: String, item: String) -> ServiceResponse {
        single(id: id, section: section, item: item, category: .cell, kind: "", describe: "item")
    }

    /// GET /v1/sessions/{id}/supplementary/{kind}/{section}/{item}.
    public func supplementary(id: String, kind: String, section: String, item: String) -> ServiceResponse {
        single(
            id: id, section: section, item: item, category: .supplementary, kind: kind,
            describe: "supplementary view of kind \(ClientText.quoted(kind))")
    }

    /// GET /v1/sessions/{id}/decorations/{kind}/{section}/{item}.
    public func decoration(id: String, kind: String, section: String, item: String) -> ServiceResponse {
        single(
            id: id, section: section, item: item, category: .decoration, kind: kind,
            describe: "decoration view of kind \(ClientText.quoted(kind))")
    }

    /// One element by category, kind and index path; 404 naming it when absent.
    private func single(
        id: String, section: String, item: String, category: ElementCategory, kind: String,
        describe: String
    ) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let indexPath = IndexPath(try pathIndex(section, name: "section"), try pathIndex(item, name: "item"))
            let state = try session(id).current
            let key = ElementKey(category: category, kind: kind, indexPath: indexPath)
            guard let a = lookup(state.prepared, key, state.view) else {
                throw .notFound("no \(describe) at [\(indexPath.section), \(indexPath.item)]", field: "indexPath")
            }
            var w = JSONWriter()
            w.attributes(a)
            return .json(200, w, headers: TesseraService.versionHeader(state.version))
        }
    }
}
