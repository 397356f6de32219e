import LayoutEngine

/// Elements before and after a batch update: cells follow the update's index-path mapping;
/// per-section views (headers, footers) follow their section; per-item views (reflections,
/// connectors) follow their item; the circle's one background stays itself.
struct UpdateCorrespondence: ElementCorrespondence {
    let update: ValidatedBatchUpdate

    static let sectionScopedKinds: Set<String> = ["header", "footer"]
    static let globalKinds: Set<String> = ["background"]

    func newKey(forOld key: ElementKey) -> ElementKey? {
        map(key) {
            update.newIndexPath(forOld: $0)
        } section: {
            update.newSection(forOld: $0)
        }
    }

    func oldKey(forNew key: ElementKey) -> ElementKey? {
        map(key) {
            update.oldIndexPath(forNew: $0)
        } section: {
            update.oldSection(forNew: $0)
        }
    }

    private func map(_ key: ElementKey, item: (IndexPath) -> IndexPath?, section: (Int) -> Int?) -> ElementKey? {
        var out = key
        if key.category == .cell
            || !(UpdateCorrespondence.sectionScopedKinds.contains(key.kind) || UpdateCorrespondence.globalKinds.contains(key.kind))
        {
            guard let p = item(key.indexPath) else { return nil }
            out.indexPath = p
        } else if UpdateCorrespondence.sectionScopedKinds.contains(key.kind) {
            guard let s = section(key.indexPath.section) else { return nil }
            out.indexPath.section = s
        }
        return out
    }

    func change(old: ElementKey, new: ElementKey) -> PlanEntry.Change {
        let change: ItemChange
        if old.category == .cell || !UpdateCorrespondence.sectionScopedKinds.contains(old.kind) {
            change =
                old.category == .cell || !UpdateCorrespondence.globalKinds.contains(old.kind)
                ? update.change(forOld: old.indexPath) : .none
        } else {
            change = update.sectionChange(forOld: old.indexPath.section)
        }
        switch change {
        case .reload: return .reload
        case .move: return .move
        default: return old.indexPath == new.indexPath ? .none : .move
        }
    }
}
