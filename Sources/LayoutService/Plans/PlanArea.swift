import LayoutEngine
import TesseraJSON

/// Where an animation plan looks (docs/api.md, "Batch updates"): what UIKit animates is what is
/// on screen, so a change without `rect` plans the session's visible area (its view's bounds at
/// its content offset); `"rect": null` asks for every element, as a plan without a view does;
/// a rect plans the elements in it.
enum PlanArea: Equatable {
    case visible
    case everything
    case rect(Rect)

    /// The body's `rect`: absent, null or a rect.
    static func read(_ o: ObjectReader, key: String = "rect") throws(APIError) -> PlanArea {
        guard let value = o[key] else { return .visible }
        if value.isNull { return .everything }
        return .rect(try ValueReader.rect(value, path: o.fieldPath(key)))
    }

    /// The rects to plan before and after a change that moved the content offset by
    /// `adjustment` (anchored): the old view's area, and the same area where the view shows it
    /// after the change; nil plans every element.
    func rects(old: ViewContext, new: ViewContext, adjustment: Point) -> (old: Rect?, new: Rect?) {
        switch self {
        case .everything:
            return (nil, nil)
        case .rect(let r):
            return (r, r.offsetBy(dx: adjustment.x, dy: adjustment.y))
        case .visible:
            // A session without bounds has no screen: every element, as before there was a view.
            guard old.bounds.width > 0, old.bounds.height > 0 else { return (nil, nil) }
            return (old.boundsRect, new.boundsRect)
        }
    }
}
