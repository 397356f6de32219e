import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// GET /v1/sessions/{id}/elements?rect=x,y,w,h: `{version, contentSize, elements}`.
    /// A rect asked for again is answered from the reply cache (`ReplyCache`: kept on its
    /// second request, so one-off rects cost a probe and nothing more); otherwise the reply
    /// is written as the layout finds its elements (`ElementReplyWriter`). On an event loop a
    /// query that would list more than the loop's budget answers `needsWorker`.
    public func elements(id: String, query: String?, on context: ExecutionContext) -> HandlerOutcome {
        .handling { () throws(APIError) -> HandlerOutcome in
            let s = try session(id, on: context)
            let q = try RectQuery(query)
            // A cached reply needs only the version: copying the whole state out of its lock
            // costs a retain and release per field (docs/performance.md#version-only-cache-hit).
            let key = q.replyQuery.map { s.replyKey($0, version: s.version) }
            var admitted = false
            if let key {
                switch s.cachedReply(key) {
                case .hit(let cached): return .answered(Reply(status: 200, headers: cached.headers, body: cached.body))
                case .miss(let admits): admitted = admits
                }
            }
            let state = s.current
            let layout = try queryLayout(state, progress: q.progressText)
            let writer =
                Self.visualWidth(state, layout).map {
                    FlippedAxisReplyWriter(
                        version: state.version, contentSize: layout.contentSize, capacity: s.replyCapacityGuess, visualWidth: $0)
                }
                ?? ElementReplyWriter(version: state.version, contentSize: layout.contentSize, capacity: s.replyCapacityGuess)
            guard try stream(layout, in: q.rect, view: state.view, to: writer, on: context) else {
                // The worker asks the cache again: this first sighting must not count twice.
                if let key, !admitted { s.forgetSighting(key) }
                return .needsWorker
            }
            let reply = Reply.json(200, writer.finish(), headers: Self.versionHeader(state.version))
            s.noteReplySize(reply.body.count)
            // A reply with a number that is not finite is a 500 (`Reply.json`): not
            // kept; nor one of a newer version than the key's (the session changed meanwhile).
            if admitted, reply.status == 200, let key, key.version == state.version {
                s.cacheReply(key, reply.body, headers: reply.headers)
            }
            return .answered(reply)
        }
    }

    /// The elements of a rect, the whole job (on a worker).
    public func elements(id: String, query: String?) -> Reply {
        elements(id: id, query: query, on: .worker).onWorker
    }

    /// GET /v1/sessions/{id}/items/{section}/{item}. On an event loop, `needsWorker` when the
    /// session's copy must be built or brought up to date first.
    public func item(id: String, section: String, item: String, on context: ExecutionContext) -> HandlerOutcome {
        single(id: id, section: section, item: item, category: .cell, kind: "", describe: "item", on: context)
    }

    /// GET /v1/sessions/{id}/supplementary/{kind}/{section}/{item}.
    public func supplementary(
        id: String, kind: String, section: String, item: String, on context: ExecutionContext
    ) -> HandlerOutcome {
        single(
            id: id, section: section, item: item, category: .supplementary, kind: kind,
            describe: "supplementary view of kind \(ClientText.quoted(kind))", on: context)
    }

    /// GET /v1/sessions/{id}/decorations/{kind}/{section}/{item}.
    public func decoration(
        id: String, kind: String, section: String, item: String, on context: ExecutionContext
    ) -> HandlerOutcome {
        single(
            id: id, section: section, item: item, category: .decoration, kind: kind,
            describe: "decoration view of kind \(ClientText.quoted(kind))", on: context)
    }

    /// One element by category, kind and index path; 404 naming it when absent.
    private func single(
        id: String, section: String, item: String, category: ElementCategory, kind: String,
        describe: String, on context: ExecutionContext
    ) -> HandlerOutcome {
        .handling { () throws(APIError) -> HandlerOutcome in
            let indexPath = IndexPath(try pathIndex(section, name: "section"), try pathIndex(item, name: "item"))
            let state = try session(id, on: context).current
            let key = ElementKey(category: category, kind: kind, indexPath: indexPath)
            guard let a = lookup(state.prepared, key, state.view) else {
                throw .notFound("no \(describe) at [\(indexPath.section), \(indexPath.item)]", field: "indexPath")
            }
            var w = JSONWriter()
            if let width = Self.visualWidth(state, state.prepared) { w.attributes(a, visualWidth: width) } else { w.attributes(a) }
            return .answered(.json(200, w, headers: TesseraService.versionHeader(state.version)))
        }
    }

    /// When the collection view's axis is flipped for this session's layout and view
    /// (`DirectionRules`), the width `visualFrame` mirrors across: the content's width
    /// (a choice; docs/layout-direction.md).
    static func visualWidth(_ state: SessionState, _ prepared: any PreparedLayout) -> Double? {
        visualWidth(state.layout, state.view, prepared)
    }

    /// The same for a layout and view without a session (the one-shot picture).
    static func visualWidth(_ layout: any CollectionLayout, _ view: ViewContext, _ prepared: any PreparedLayout) -> Double? {
        guard layout.flipsAxis(in: view) else { return nil }
        return prepared.contentSize.width
    }

    // The same three, the whole job (on a worker).

    public func item(id: String, section: String, item: String) -> Reply {
        self.item(id: id, section: section, item: item, on: .worker).onWorker
    }

    public func supplementary(id: String, kind: String, section: String, item: String) -> Reply {
        supplementary(id: id, kind: kind, section: section, item: item, on: .worker).onWorker
    }

    public func decoration(id: String, kind: String, section: String, item: String) -> Reply {
        decoration(id: id, kind: kind, section: section, item: item, on: .worker).onWorker
    }
}
