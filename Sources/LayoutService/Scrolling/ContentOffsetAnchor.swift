import LayoutEngine
import TesseraJSON

/// What a change keeps in place on screen (docs/api.md, "Anchored updates"): the first visible
/// item, or a named element. A feed that prepends, a chat that loads older messages, or cells
/// whose measured sizes replace their estimates above the visible area keep what the reader
/// was looking at where it was.
enum ContentOffsetAnchor: Equatable {
    /// The first of the cells visible before the change, in index-path order, that the change
    /// keeps (a deleted one passes the anchor to the next).
    case firstVisible
    /// This element, named by its index path before the change.
    case element(ElementKey)

    static let key = "anchor"

    /// `"firstVisible"`, `{"indexPath": [s, i]}` or `{"kind", "indexPath"}` (a supplementary
    /// view); null or absent: no anchor.
    static func read(_ value: JSONValue?, path: String = key) throws(APIError) -> ContentOffsetAnchor? {
        guard let value, !value.isNull else { return nil }
        if let name = value.string {
            guard name == "firstVisible" else {
                throw .invalidRequest(path, "must be \"firstVisible\" or {\"indexPath\": [section, item]}, not \(ClientText.quoted(name))")
            }
            return .firstVisible
        }
        guard value.objectMembers != nil else {
            throw .invalidRequest(path, "must be \"firstVisible\" or {\"indexPath\": [section, item]}, not \(value.typeName)")
        }
        return .element(try ElementReference.read(value, path: path))
    }
}

/// An element a request names: `{"indexPath": [s, i]}` for a cell, with `"kind"` for a
/// supplementary view.
enum ElementReference {
    /// `allowing`: the other keys of an object the reference shares (scroll-to-item's body).
    static func read(_ value: JSONValue, path: String, allowing others: Set<String> = []) throws(APIError) -> ElementKey {
        let o = try ObjectReader(value, path: path)
        try o.rejectUnknownKeys(others.union(["indexPath", "kind"]))
        guard let p = o["indexPath"] else { throw .invalidRequest(o.fieldPath("indexPath"), "is required") }
        let indexPath = try ValueReader.indexPath(p, path: o.fieldPath("indexPath"))
        guard let kind = try o.string("kind") else { return ElementKey(category: .cell, indexPath: indexPath) }
        guard !kind.isEmpty else { throw .invalidRequest(o.fieldPath("kind"), "must not be empty") }
        return ElementKey(category: .supplementary, kind: kind, indexPath: indexPath)
    }

    /// The element's frame where the content puts it. A supplementary view is read at the
    /// view's resting offset (−inset), where a pinned header is at its own place in the
    /// content rather than pinned to the offset being computed.
    static func frame(of key: ElementKey, in prepared: any PreparedLayout, view: ViewContext) -> Rect? {
        switch key.category {
        case .cell:
            return prepared.attributesForItem(at: key.indexPath, view: view)?.frame
        case .supplementary:
            var resting = view
            resting.contentOffset = Point(x: -view.contentInset.left, y: -view.contentInset.top)
            return prepared.attributesForSupplementaryView(kind: key.kind, at: key.indexPath, view: resting)?.frame
        case .decoration:
            return prepared.attributesForDecorationView(kind: key.kind, at: key.indexPath, view: view)?.frame
        }
    }

    static func describe(_ key: ElementKey) -> String {
        let at = "[\(key.indexPath.section), \(key.indexPath.item)]"
        return key.category == .cell ? "no item at \(at)" : "no supplementary view of kind \(ClientText.quoted(key.kind)) at \(at)"
    }
}
