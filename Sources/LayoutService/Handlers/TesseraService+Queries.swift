import LayoutEngine

extension TesseraService {
    /// GET /v1/sessions/{id}/elements?rect=x,y,w,h: `{version, contentSize, elements}`.
    /// Replies are cached per session version and query, so a client polling its visible
    /// rect costs a lookup, not a layout query and an encode.
    public func elements(id: String, query: String?) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let s = try session(id)
            let state = s.current
            let cacheKey = "\(state.version)?\(query ?? "")"
            let headers = [("ETag", "\"\(state.version)\"")]
            if let cached = s.replies.lookup(cacheKey) {
                return ServiceResponse(status: 200, headers: headers, body: cached)
            }
            let q = try QueryString(query)
            try q.rejectUnknown(["rect", "progress"])
            let rect = try q.rect()
            let layout = try queryLayout(state, progress: q["progress"])
            let elements = try self.elements(of: layout, in: rect, view: state.view)
            var w = JSONWriter(capacity: 64 + elements.count * 110)
            w.beginObject()
            w.key("version"); w.int(state.version)
            w.key("contentSize"); w.size(layout.contentSize)
            w.key("elements")
            w.beginArray()
            for e in elements { w.attributes(e) }
            w.endArray()
            w.endObject()
            s.replies.store(cacheKey, w.bytes)
            return .json(200, w, headers: headers)
        }
    }

    /// GET /v1/sessions/{id}/items/{section}/{item}.
    public func item(id: String, section: String, item: String) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let indexPath = IndexPath(try pathIndex(section, name: "section"), try pathIndex(item, name: "item"))
            let state = try session(id).current
            guard let a = state.prepared.attributesForItem(at: indexPath, view: state.view) else {
                throw .notFound("no item at [\(indexPath.section), \(indexPath.item)]", field: "indexPath")
            }
            return single(a, version: state.version)
        }
    }

    /// GET /v1/sessions/{id}/supplementary/{kind}/{section}/{item}.
    public func supplementary(id: String, kind: String, section: String, item: String) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let indexPath = IndexPath(try pathIndex(section, name: "section"), try pathIndex(item, name: "item"))
            let state = try session(id).current
            guard let a = state.prepared.attributesForSupplementaryView(kind: kind, at: indexPath, view: state.view) else {
                throw .notFound("no supplementary view of kind '\(kind)' at [\(indexPath.section), \(indexPath.item)]", field: "indexPath")
            }
            return single(a, version: state.version)
        }
    }

    /// GET /v1/sessions/{id}/decorations/{kind}/{section}/{item}.
    public func decoration(id: String, kind: String, section: String, item: String) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let indexPath = IndexPath(try pathIndex(section, name: "section"), try pathIndex(item, name: "item"))
            let state = try session(id).current
            guard let a = state.prepared.attributesForDecorationView(kind: kind, at: indexPath, view: state.view) else {
                throw .notFound("no decoration view of kind '\(kind)' at [\(indexPath.section), \(indexPath.item)]", field: "indexPath")
            }
            return single(a, version: state.version)
        }
    }

    private func single(_ a: LayoutAttributes, version: Int) -> ServiceResponse {
        var w = JSONWriter()
        w.attributes(a)
        return .json(200, w, headers: [("ETag", "\"\(version)\"")])
    }
}
