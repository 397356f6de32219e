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
struct AnimationPlanBuilder {
    let old: any PreparedLayout
    let oldView: ViewContext
    let new: any PreparedLayout
    let newView: ViewContext
    let correspondence: any ElementCorrespondence

    /// Stops with `ElementLimitExceeded` as soon as either layout's query or the plan itself
    /// would pass `limit`: a plan is bounded while it is built, not after.
    func build(in rect: Rect?, limit: Int) throws(ElementLimitExceeded) -> [PlanEntry] {
        try build(old: rect, new: rect, limit: limit)
    }

    func build(old oldRect: Rect?, new newRect: Rect?, limit: Int) throws(ElementLimitExceeded) -> [PlanEntry] {
        var entries: [PlanEntry] = []
        func add(_ entry: PlanEntry) throws(ElementLimitExceeded) {
            guard entries.count < limit else { throw ElementLimitExceeded(limit: limit) }
            entries.append(entry)
        }
        var coveredOld = Set<ElementKey>()
        for after in try new.elements(in: newRect, view: newView, limit: limit) {
            if let oldKey = correspondence.oldKey(forNew: after.key),
                let before = lookup(old, oldKey, oldView)
            {
                coveredOld.insert(oldKey)
                try add(PlanEntry(change: correspondence.change(old: oldKey, new: after.key), from: before, to: after))
            } else {
                try add(PlanEntry(change: .insert, from: new.initialAttributes(forAppearing: after, view: newView), to: after))
            }
        }
        for before in try old.elements(in: oldRect, view: oldView, limit: limit) where !coveredOld.contains(before.key) {
            if let newKey = correspondence.newKey(forOld: before.key), let after = lookup(new, newKey, newView) {
                try add(PlanEntry(change: correspondence.change(old: before.key, new: newKey), from: before, to: after))
            } else {
                try add(PlanEntry(change: .delete, from: before, to: old.finalAttributes(forDisappearing: before, view: oldView)))
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
        planEnd(e.from)
        key("to")
        planEnd(e.to)
        endObject()
    }

    private mutating func planEnd(_ a: LayoutAttributes) {
        beginObject()
        key("indexPath")
        indexPath(a.indexPath)
        key("attributes")
        attributes(a)
        endObject()
    }

    mutating func plan(_ entries: [PlanEntry]) {
        beginArray()
        for e in entries { planEntry(e) }
        endArray()
    }
}
