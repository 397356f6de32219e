import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions/{id}/scroll-to-item: the content offset scrollToItem(at:at:animated:)
    /// scrolls to (docs/api.md, "Scrolling to an item"). Changes nothing unless `apply` is
    /// true, which stores the offset as the view's (a new version; none when it is already
    /// there).
    public func scrollToItem(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        let request: ScrollToItemRequest
        do throws(APIError) {
            request = try ScrollToItemRequest(body)
        } catch {
            return Reply(error)
        }
        guard request.apply else {
            return .handling { () throws(APIError) -> Reply in
                let state = try session(id).current
                try checkIfMatch(ifMatch, current: state.version)
                let target = try scrollTarget(request, state)
                return scrollReply(state.version, request, target, applied: false)
            }
        }
        return changing(id, ifMatch: ifMatch, SessionChange(.scrollToItem, body: body), reading: ScrollToItemRequest.init, scrollToItemStep) {
            next, target in
            scrollReply(next.version, request, target, applied: true)
        }
    }

    /// The state scrolled to the item (also the log's replay); nil when it is already there.
    func scrollToItemStep(_ request: ScrollToItemRequest, _ state: SessionState) throws(APIError) -> (SessionState?, ScrollTarget) {
        let target = try scrollTarget(request, state)
        guard target.contentOffset != state.view.contentOffset else { return (nil, target) }
        return (try scrolling(state, to: target.contentOffset), target)
    }

    func scrollTarget(_ request: ScrollToItemRequest, _ state: SessionState) throws(APIError) -> ScrollTarget {
        guard let frame = ElementReference.frame(of: request.element, in: state.prepared, view: state.view) else {
            throw .notFound(ElementReference.describe(request.element), field: "indexPath")
        }
        let offset = state.prepared.contentOffset(showing: frame, at: request.position, view: state.view)
        let drawing = state.axisDrawing
        return ScrollTarget(frame: frame, visualFrame: drawing.flipsAxis ? drawing.drawn(frame) : nil, contentOffset: offset)
    }

    private func scrollReply(_ version: Int, _ request: ScrollToItemRequest, _ target: ScrollTarget, applied: Bool) -> Reply {
        Self.sessionReply(version) { w in
            w.key("contentOffset")
            w.point(target.contentOffset)
            w.key("frame")
            w.rect(target.frame)
            if let visualFrame = target.visualFrame {
                w.key("visualFrame")
                w.rect(visualFrame)
            }
            w.key("animated")
            w.bool(request.animated)
            w.key("applied")
            w.bool(applied)
        }
    }
}

/// Where scrolling to an element comes to rest, and the element's frame there.
struct ScrollTarget {
    var frame: Rect
    /// Where the element is drawn, when the collection view flips its axis (docs/layout-direction.md).
    var visualFrame: Rect?
    var contentOffset: Point
}

/// `{"indexPath", "kind"?, "position"?, "animated"?, "apply"?}`.
struct ScrollToItemRequest {
    var element: ElementKey
    var position: ScrollPosition
    var animated: Bool
    var apply: Bool

    init(_ body: [UInt8]) throws(APIError) {
        let root = try JSONTape.parseBody(body).root
        let o = try ObjectReader(root, path: "")
        try o.rejectUnknownKeys(["indexPath", "kind", "position", "animated", "apply"])
        guard o["indexPath"] != nil else { throw .invalidRequest("indexPath", "is required: [section, item]") }
        element = try ElementReference.read(root, path: "", allowing: ["position", "animated", "apply"])
        position = try Self.position(o["position"])
        animated = try o.bool("animated") ?? true
        apply = try o.bool("apply") ?? false
    }

    /// A name, an array of at most one vertical and one horizontal name, or absent / null /
    /// `[]` / `"none"`: the least scrolling that shows the element.
    static func position(_ value: JSONValue?) throws(APIError) -> ScrollPosition {
        guard let value, !value.isNull else { return .none }
        let names: [(String, String)]
        if let name = value.string {
            names = [(name, "position")]
        } else if let list = value.arrayElements {
            var read: [(String, String)] = []
            for (i, v) in list.enumerated() {
                guard let name = v.string else { throw .invalidRequest("position[\(i)]", "must be a string, not \(v.typeName)") }
                read.append((name, "position[\(i)]"))
            }
            names = read
        } else {
            throw .invalidRequest("position", "must be a position name or an array of names, not \(value.typeName)")
        }
        var position = ScrollPosition.none
        for (name, field) in names where name != "none" {
            guard let (vertical, placement) = ScrollPosition.placement(named: name) else {
                throw .invalidRequest(
                    field,
                    "must be one of \(ScrollPosition.names.map { "\"\($0)\"" }.joined(separator: ", ")) or \"none\", not \(ClientText.quoted(name))")
            }
            if vertical {
                guard position.vertical == nil else {
                    throw .invalidRequest(field, "gives a second vertical position; at most one of top, centeredVertically, bottom")
                }
                position.vertical = placement
            } else {
                guard position.horizontal == nil else {
                    throw .invalidRequest(field, "gives a second horizontal position; at most one of left, centeredHorizontally, right")
                }
                position.horizontal = placement
            }
        }
        return position
    }
}
