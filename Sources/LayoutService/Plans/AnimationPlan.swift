import LayoutEngine
import TesseraJSON

/// One element's animation between two layouts: where it starts and where it ends. Both ends
/// are always present (docs/api.md): an appearing element starts at the new layout's initial
/// attributes, a disappearing one ends at the old layout's final attributes.
struct PlanEntry {
    enum Change: String { case insert, delete, move, reload, none }

    var change: Change
    var from: LayoutAttributes
    var to: LayoutAttributes
    /// Where the two ends are drawn, when the collection view flips its axis for either
    /// layout (`AnimationPlanBuilder`); nil otherwise, and the entry is written as before.
    var drawn: (from: Rect, to: Rect)? = nil
}

/// How elements of the old layout correspond to elements of the new one.
protocol ElementCorrespondence {
    func newKey(forOld key: ElementKey) -> ElementKey?
    func oldKey(forNew key: ElementKey) -> ElementKey?
    /// The change for an element present on both sides.
    func change(old: ElementKey, new: ElementKey) -> PlanEntry.Change
}

/// Both layouts lay out the same data: every element is itself (a layout switch).
struct IdentityCorrespondence: ElementCorrespondence {
    func newKey(forOld key: ElementKey) -> ElementKey? { key }
    func oldKey(forNew key: ElementKey) -> ElementKey? { key }
    func change(old: ElementKey, new: ElementKey) -> PlanEntry.Change { .none }
}

/// Builds the plan for every element visible in `oldRect` before the change or in `newRect`
/// after it (all elements where a rect is nil), in the new layout's order, then the
/// disappearing ones.
///
/// When the collection view flips its axis for either layout, both ends of every entry also
/// get their drawn frames (a choice; docs/layout-direction.md): each end as the layout that
/// answered it is drawn, the old one for an end before the change and a deleted element's
/// final attributes, the new one for an end after it and an inserted element's initial
/// attributes; an end whose layout does not flip is drawn at its frame. Both are drawn in the
/// content after the change: a flipped end mirrors across the new content width, since a
/// flipped view keeps the layout's origin at the content's right edge and the content grows
/// or shrinks at its left. A client then animates, in the content it now shows, from where
/// the element was drawn to where it will be, whichever layout flips.
struct AnimationPlanBuilder {
    let old: any PreparedLayout
    let oldView: ViewContext
    let new: any PreparedLayout
    let newView: ViewContext
    let correspondence: any ElementCorrespondence
    let oldDrawing: AxisDrawing
    let newDrawing: AxisDrawing

    /// The plan of a change from `state` to `next`.
    init(from state: SessionState, to next: SessionState, correspondence: any ElementCorrespondence) {
        old = state.prepared
        oldView = state.view
        new = next.prepared
        newView = next.view
        self.correspondence = correspondence
        newDrawing = next.axisDrawing
        oldDrawing = state.axisDrawing.flipsAxis ? AxisDrawing(mirrorWidth: next.prepared.contentSize.width) : .unflipped
    }

    /// Stops with `ElementLimitExceeded` as soon as either layout's query or the plan itself
    /// would pass `limit`: a plan is bounded while it is built, not after.
    func build(in rect: Rect?, limit: Int) throws(ElementLimitExceeded) -> [PlanEntry] {
        try build(old: rect, new: rect, limit: limit)
    }

    func build(old oldRect: Rect?, new newRect: Rect?, limit: Int) throws(ElementLimitExceeded) -> [PlanEntry] {
        var entries: [PlanEntry] = []
        let draws = oldDrawing.flipsAxis || newDrawing.flipsAxis
        // `fromNew`/`toNew`: whether that end is the new layout's answer (else the old one's).
        func add(
            _ change: PlanEntry.Change, from: LayoutAttributes, fromNew: Bool, to: LayoutAttributes, toNew: Bool
        ) throws(ElementLimitExceeded) {
            guard entries.count < limit else { throw ElementLimitExceeded(limit: limit) }
            var entry = PlanEntry(change: change, from: from, to: to)
            if draws {
                entry.drawn = (
                    (fromNew ? newDrawing : oldDrawing).drawn(from.frame), (toNew ? newDrawing : oldDrawing).drawn(to.frame)
                )
            }
            entries.append(entry)
        }
        var coveredOld = Set<ElementKey>()
        for after in try new.elements(in: newRect, view: newView, limit: limit) {
            if let oldKey = correspondence.oldKey(forNew: after.key),
                let before = lookup(old, oldKey, oldView)
            {
                coveredOld.insert(oldKey)
                try add(correspondence.change(old: oldKey, new: after.key), from: before, fromNew: false, to: after, toNew: true)
            } else {
                let start = new.initialAttributes(forAppearing: after, view: newView)
                try add(.insert, from: start, fromNew: true, to: after, toNew: true)
            }
        }
        for before in try old.elements(in: oldRect, view: oldView, limit: limit) where !coveredOld.contains(before.key) {
            if let newKey = correspondence.newKey(forOld: before.key), let after = lookup(new, newKey, newView) {
                try add(correspondence.change(old: before.key, new: newKey), from: before, fromNew: false, to: after, toNew: true)
            } else {
                let end = old.finalAttributes(forDisappearing: before, view: oldView)
                try add(.delete, from: before, fromNew: false, to: end, toNew: false)
            }
        }
        return entries
    }
}

extension JSONWriter {
    /// `{category, kind?, change, from: {indexPath, attributes}, to: {indexPath, attributes}}`.
    mutating func planEntry(_ e: PlanEntry) {
        beginObject()
        key("category")
        string(e.to.category.rawValue)
        if e.to.category != .cell {
            key("kind")
            string(e.to.kind)
        }
        key("change")
        string(e.change.rawValue)
        key("from")
        planEnd(e.from, drawn: e.drawn?.from)
        key("to")
        planEnd(e.to, drawn: e.drawn?.to)
        endObject()
    }

    private mutating func planEnd(_ a: LayoutAttributes, drawn: Rect?) {
        beginObject()
        key("indexPath")
        indexPath(a.indexPath)
        key("attributes")
        attributes(a, visualFrame: drawn)
        endObject()
    }

    mutating func plan(_ entries: [PlanEntry]) {
        beginArray()
        for e in entries { planEntry(e) }
        endArray()
    }
}
