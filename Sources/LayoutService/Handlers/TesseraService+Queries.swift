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
            let (layout, writer) = try rectReply(state, progress: q.progressText, capacity: s.replyCapacityGuess)
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
            w.attributes(a, drawing: state.axisDrawing)
            return .answered(.json(200, w, headers: TesseraService.versionHeader(state.version)))
        }
    }

    /// When the collection view's axis is flipped for a layout in a view without a session
    /// (the one-shot picture; a session has `axisDrawing`), the width `visualFrame` mirrors
    /// across: the content's width (a choice; docs/layout-direction.md).
    static func visualWidth(_ layout: any CollectionLayout, _ view: ViewContext, _ prepared: any PreparedLayout) -> Double? {
        guard layout.flipsAxis(in: view) else { return nil }
        return prepared.contentSize.width
    }

    /// The layout that answers a rect query, and the writer of its reply: the plain one unless
    /// the collection view flips its axis for the layout (`DirectionRules`), when every
    /// element also gets its `visualFrame`, its frame mirrored across the content's width (a
    /// choice; docs/layout-direction.md). At a transition's progress the elements are drawn
    /// between the two layouts' drawings, when either flips.
    @inline(__always)
    func rectReply(_ state: SessionState, progress: String?, capacity: Int) throws(APIError) -> (any PreparedLayout, ElementReplyWriter) {
        guard let progress else {
            let layout = state.prepared
            if let width = state.axisDrawing.mirrorWidth {
                return (
                    layout,
                    FlippedAxisReplyWriter(version: state.version, contentSize: layout.contentSize, capacity: capacity, visualWidth: width)
                )
            }
            return (layout, ElementReplyWriter(version: state.version, contentSize: layout.contentSize, capacity: capacity))
        }
        let (transition, target) = try transitionLayout(state, progress: progress)
        let current = state.axisDrawing, next = target.axisDrawing(in: state.view)
        guard current.flipsAxis || next.flipsAxis else {
            return (transition, ElementReplyWriter(version: state.version, contentSize: transition.contentSize, capacity: capacity))
        }
        return (
            transition,
            TransitionReplyWriter(version: state.version, capacity: capacity, transition: transition, current: current, next: next)
        )
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
