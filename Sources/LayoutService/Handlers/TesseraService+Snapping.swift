import LayoutEngine

extension TesseraService {
    /// POST /v1/sessions/{id}/target-content-offset: where scrolling comes to rest
    /// (targetContentOffsetForProposedContentOffset:withScrollingVelocity:). Changes nothing.
    /// On an event loop, a layout whose answer would look at more elements than the loop's
    /// budget (a line layout's huge proposed rect) answers `moveToWorker`.
    public func targetContentOffset(id: String, body: [UInt8], on context: ExecutionContext = .worker) -> ServiceResponse {
        .handling { () throws(APIError) -> ServiceResponse in
            let state = try session(id).current
            let o = try ObjectReader(try JSONTape.parseBody(body).root, path: "")
            try o.rejectUnknownKeys(["proposedContentOffset", "velocity"])
            guard let proposed = try o.point("proposedContentOffset") else {
                throw .invalidRequest("proposedContentOffset", "is required")
            }
            let velocity = try o.point("velocity") ?? .zero
            let budget = context == .eventLoop ? limits.maxElementsOnEventLoop : Int.max
            guard let target = try? state.prepared.targetContentOffset(proposed: proposed, velocity: velocity, view: state.view,
                                                                       elementLimit: budget) else {
                return .moveToWorker
            }
            var w = JSONWriter()
            w.beginObject()
            w.key("version"); w.int(state.version)
            w.key("contentOffset"); w.point(target)
            w.endObject()
            return .json(200, w, headers: TesseraService.versionHeader(state.version))
        }
    }
}
