import TesseraSupport
import LayoutEngine
import SessionStorage
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions: 201 with id, version, contentSize, info.
    public func createSession(body: [UInt8]) -> Reply {
        .handling { () throws(APIError) -> Reply in
            let request = try layoutRequest(body, allowRect: false)
            let counts = StoredCounts(
                items: request.dataSource.totalItemCount,
                sections: request.dataSource.sections.count,
                identifierBytes: try store.configuration.checkedIdentifierBytes(request.snapshot, field: "dataSource.sections"))
            var view = request.view
            var opened: (any PreparedLayout)? = nil
            if !request.namesContentOffset && view.layoutDirection == .rightToLeft {
                // L3.4: where the view opens may depend on the prepared layout (a right-to-left
                // horizontal flow opens at its far right), and the stored view must say so:
                // prepared before the write, not beside it.
                let layout = try prepare(request.layout, request.dataSource, view)
                if let offset = layout.initialContentOffset(view: view) { view.contentOffset = offset }
                opened = layout
            }
            // The store keeps the source of truth, known once decoded: it is written while
            // the layout is prepared.
            let pending = store.beginAdd(
                SessionImage(
                    version: 1, layoutJSON: request.layoutJSON, view: view,
                    dataSource: request.dataSource, identifiers: request.snapshot),
                counts: counts)
            let prepared: any PreparedLayout
            if let opened {
                prepared = opened
            } else {
                do throws(APIError) {
                    prepared = try prepare(request.layout, request.dataSource, view)
                } catch {
                    store.abandonAdd(pending)
                    throw error
                }
            }
            let state = SessionState(
                version: 1, kind: request.kind, layout: request.layout,
                layoutJSON: request.layoutJSON, dataSource: request.dataSource,
                identifiers: request.snapshot, view: view, prepared: prepared)
            let session = try store.finishAdd(pending, state)
            return Self.sessionReply(state.version, id: session.id, status: 201, headers: [("Location", "/v1/sessions/\(session.id)")]) { w in
                w.key("contentSize")
                w.size(prepared.contentSize)
                if view.contentOffset != request.view.contentOffset {
                    // L3.4: the offset the view opened at, which the client did not name.
                    w.key("contentOffset")
                    w.point(view.contentOffset)
                }
                w.key("info")
                w.info(prepared.info)
            }
        }
    }

    /// GET /v1/sessions/{id}: version, view, layout, item counts, contentSize, info. On an
    /// event loop, a session with more sections than the loop's budget answers `needsWorker`.
    public func getSession(id: String, on context: ExecutionContext) -> HandlerOutcome {
        .handling { () throws(APIError) -> HandlerOutcome in
            let state = try session(id, on: context).current
            if context == .eventLoop, state.dataSource.sections.count > limits.maxSectionsOnEventLoop {
                return .needsWorker
            }
            return .answered(sessionDescription(id: id, state))
        }
    }

    /// The session, the whole job (on a worker).
    public func getSession(id: String) -> Reply {
        getSession(id: id, on: .worker).onWorker
    }

    private func sessionDescription(id: String, _ state: SessionState) -> Reply {
        Self.sessionReply(state.version, id: id) { w in
            w.key("layout")
            w.raw(state.layoutJSON[...])
            w.key("view")
            w.view(state.view)
            if state.layout.flipsAxis(in: state.view) {
                // docs/layout-direction.md: the screen shows every frame mirrored.
                w.key("axisFlipped")
                w.bool(true)
            }
            w.key("sections")
            w.beginArray()
            for section in state.dataSource.sections {
                w.beginObject()
                w.key("itemCount")
                w.int(section.itemCount)
                w.endObject()
            }
            w.endArray()
            w.key("itemCount")
            w.int(state.dataSource.totalItemCount)
            w.key("contentSize")
            w.size(state.prepared.contentSize)
            w.key("info")
            w.info(state.prepared.info)
        }
    }

    /// DELETE /v1/sessions/{id}: 204; honours If-Match.
    public func deleteSession(id: String, ifMatch: String? = nil) -> Reply {
        .handling { () throws(APIError) -> Reply in
            // Read-your-writes first (404 for an unknown session), then the version check and
            // the removal as one step in the store: a change racing this DELETE either lands
            // first (and If-Match then fails) or finds the session gone (404).
            _ = try session(id)
            switch try store.remove(id, ifVersion: try ifMatchVersion(ifMatch)) {
            case .removed: return Reply(status: 204)
            case .gone: throw .notFound("no session \(ClientText.quoted(id))", field: "id")
            case .stale(let current): throw .preconditionFailed(current: current)
            }
        }
    }
}
