import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions/{id}/target-content-offset: where scrolling comes to rest
    /// (targetContentOffsetForProposedContentOffset:withScrollingVelocity:). Changes nothing.
    /// On an event loop, a layout whose answer would look at more elements than the loop's
    /// budget (a line layout's huge proposed rect) answers `needsWorker`.
    public func targetContentOffset(id: String, body: [UInt8], on context: ExecutionContext) -> HandlerOutcome {
        .handling { () throws(APIError) -> HandlerOutcome in
            let state = try session(id, on: context).current
            let o = try ObjectReader(try JSONTape.parseBody(body).root, path: "")
            try o.rejectUnknownKeys(["proposedContentOffset", "velocity", "section"])
            guard let proposed = try o.point("proposedContentOffset") else {
                throw .invalidRequest("proposedContentOffset", "is required")
            }
            let velocity = try o.point("velocity") ?? .zero
            let target: Point
            if let section = try o.integer("section", min: 0) {
                target = try orthogonalTarget(state, section: section, proposed: proposed, velocity: velocity)
            } else {
                let budget = context == .eventLoop ? limits.maxElementsOnEventLoop : Int.max
                guard
                    let snapped = try? state.prepared.targetContentOffset(
                        proposed: proposed, velocity: velocity,
                        view: state.view, elementLimit: budget)
                else {
                    return .needsWorker
                }
                target = snapped
            }
            return .answered(
                Self.sessionReply(state.version) { w in
                    w.key("contentOffset")
                    w.point(target)
                })
        }
    }

    /// Where scrolling comes to rest, the whole job (on a worker).
    public func targetContentOffset(id: String, body: [UInt8]) -> Reply {
        targetContentOffset(id: id, body: body, on: .worker).onWorker
    }

    /// docs/compositional.md C13: an orthogonal section's own scrolling comes to rest. The offset
    /// and velocity across the scroll axis are read from the points (x for a vertical layout).
    func orthogonalTarget(_ state: SessionState, section: Int, proposed: Point, velocity: Point) throws(APIError) -> Point {
        guard let prepared = state.prepared as? PreparedCompositionalLayout else {
            throw .invalidRequest("section", "only a compositional layout has orthogonal sections")
        }
        let vertical = prepared.isVertical
        guard
            let offset = prepared.targetOrthogonalOffset(
                section: section, proposed: vertical ? proposed.x : proposed.y,
                velocity: vertical ? velocity.x : velocity.y, view: state.view)
        else {
            throw .invalidRequest("section", "section \(section) does not scroll orthogonally")
        }
        return vertical ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
    }
}
