import LayoutEngine
import TesseraJSON

/// Where a change leaves the view's content offset (docs/api.md, "Anchored updates"), answered
/// beside the change: the new offset, how far it moved, and the anchor element it followed.
struct OffsetSettlement {
    var contentOffset: Point
    var adjustment: Point
    /// Whether the request asked for an anchor, and the element that held it (at its index
    /// path after the change); nil when none of the candidates survived the change.
    var anchorRequested = false
    var anchor: ElementKey? = nil

    /// A change that leaves the offset alone (the end of an interactive movement).
    static func unchanged(_ view: ViewContext) -> OffsetSettlement {
        OffsetSettlement(contentOffset: view.contentOffset, adjustment: .zero)
    }

    /// The offset kept, as UIScrollView keeps it: clamped to the new content.
    static func kept(_ old: ViewContext, in prepared: any PreparedLayout) -> OffsetSettlement {
        let offset = prepared.clampedContentOffset(old.contentOffset, view: old)
        return OffsetSettlement(contentOffset: offset, adjustment: offset.minus(old.contentOffset))
    }

    /// The offset that leaves the anchor element where it was on screen: moved by as much as
    /// the element moved in the content, then clamped to the new content. Candidates are read
    /// before the change and followed to after it through `correspondence`.
    static func anchored(
        _ anchor: ContentOffsetAnchor, old: any PreparedLayout, new: any PreparedLayout, view: ViewContext,
        correspondence: any ElementCorrespondence, visibleLimit: Int
    ) throws(APIError) -> OffsetSettlement {
        var settled = kept(view, in: new)
        settled.anchorRequested = true
        for candidate in try candidates(anchor, in: old, view: view, limit: visibleLimit) {
            guard let key = correspondence.newKey(forOld: candidate),
                let before = ElementReference.frame(of: candidate, in: old, view: view),
                let after = ElementReference.frame(of: key, in: new, view: view)
            else { continue }
            let target = Point(
                x: view.contentOffset.x + after.minX - before.minX,
                y: view.contentOffset.y + after.minY - before.minY)
            let offset = new.clampedContentOffset(target, view: view)
            settled.contentOffset = offset
            settled.adjustment = offset.minus(view.contentOffset)
            settled.anchor = key
            return settled
        }
        return settled
    }

    /// `firstVisible`: the cells the old visible area shows, in index-path order; a named
    /// element: itself, which must exist before the change.
    private static func candidates(
        _ anchor: ContentOffsetAnchor, in old: any PreparedLayout, view: ViewContext, limit: Int
    ) throws(APIError) -> [ElementKey] {
        switch anchor {
        case .element(let key):
            guard ElementReference.frame(of: key, in: old, view: view) != nil else {
                throw .invalidRequest("\(ContentOffsetAnchor.key).indexPath", ElementReference.describe(key) + " before the change")
            }
            return [key]
        case .firstVisible:
            let visible: [LayoutAttributes]
            do throws(ElementLimitExceeded) {
                visible = try old.elements(in: view.visibleRect, view: view, limit: limit)
            } catch {
                throw .tooManyElements(rect: view.visibleRect, limit: error.limit, listing: "the visible cells for the anchor")
            }
            return visible.filter { $0.category == .cell }.map(\.key).sorted { $0.indexPath < $1.indexPath }
        }
    }
}

extension Point {
    fileprivate func minus(_ other: Point) -> Point { Point(x: x - other.x, y: y - other.y) }
}

extension JSONWriter {
    /// `"contentOffset", "contentOffsetAdjustment"` and, when the request named an anchor,
    /// `"anchor"` (the element, or null when none survived the change).
    mutating func settlement(_ s: OffsetSettlement) {
        key("contentOffset")
        point(s.contentOffset)
        key("contentOffsetAdjustment")
        point(s.adjustment)
        if s.anchorRequested {
            key("anchor")
            if let a = s.anchor { elementKey(a) } else { null() }
        }
    }
}
