import TesseraJSON
import LayoutEngine

extension CompositionalDecoder {
    static let groupKeys: Set<String> = [
        "axis", "size", "subitems", "count", "interItemSpacing", "contentInsets", "edgeSpacing",
        "supplementaryItems", "frames"
    ]

    /// GROUP: `axis` is horizontal, vertical or custom (with `frames`).
    static func group(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.Group {
        try o.rejectUnknownKeys(groupKeys)
        let axisName = try required(try o.string("axis"), o, "axis")
        let size = try required(try self.size(o, "size"), o, "size")
        let axis: CompositionalLayout.GroupAxis
        var subitems: [CompositionalLayout.Element] = []
        var count: Int? = nil
        switch axisName {
        case "horizontal", "vertical":
            axis = axisName == "horizontal" ? .horizontal : .vertical
            if o["frames"] != nil { throw .invalidRequest(o.fieldPath("frames"), "only a custom group takes frames") }
            subitems = try list(o, "subitems", element)
            guard !subitems.isEmpty else {
                throw .invalidRequest(o.fieldPath("subitems"), "a group needs at least one subitem")
            }
            count = try o.integer("count", min: 1, max: 100_000)
            if count != nil, subitems.count != 1 {
                throw .invalidRequest(o.fieldPath("subitems"), "a group with count takes exactly one subitem (got \(subitems.count))")
            }
        case "custom":
            for key in ["subitems", "count", "interItemSpacing"] where o[key] != nil {
                throw .invalidRequest(o.fieldPath(key), "a custom group places its items by frames; it takes no \(key)")
            }
            axis = .custom(frames: try frames(o))
        default:
            throw .invalidRequest(o.fieldPath("axis"), "must be 'horizontal', 'vertical' or 'custom' (got \(ClientText.quoted(axisName)))")
        }
        var group = CompositionalLayout.Group(axis: axis, size: size, subitems: subitems, count: count, path: o.path)
        group.interItemSpacing = try spacing(o, "interItemSpacing")
        group.contentInsets = try insets(o, "contentInsets") ?? .zero
        group.edgeSpacing = try edgeSpacing(o, "edgeSpacing") ?? .none
        group.supplementaryItems = try list(o, "supplementaryItems", anchoredItem)
        return group
    }

    /// `frames`: `[[x, y, w, h], …]`, at least one; sizes not negative.
    static func frames(_ o: ObjectReader) throws(APIError) -> [Rect] {
        guard let v = o["frames"], let elements = v.arrayElements else {
            throw .invalidRequest(o.fieldPath("frames"), "a custom group needs frames: [[x, y, width, height], …]")
        }
        var out: [Rect] = []
        for (i, f) in elements.enumerated() { out.append(try ValueReader.rect(f, path: "\(o.fieldPath("frames"))[\(i)]")) }
        guard !out.isEmpty else { throw .invalidRequest(o.fieldPath("frames"), "a custom group needs at least one frame") }
        return out
    }

    /// A subitem: a group when it has an `axis`, else an item.
    static func element(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.Element {
        o["axis"] != nil ? .group(try group(o)) : .item(try item(o))
    }

    /// ITEM.
    static func item(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.Item {
        try o.rejectUnknownKeys(["size", "contentInsets", "edgeSpacing", "supplementaryItems"])
        var item = CompositionalLayout.Item(size: try required(try size(o, "size"), o, "size"))
        item.contentInsets = try insets(o, "contentInsets") ?? .zero
        item.edgeSpacing = try edgeSpacing(o, "edgeSpacing") ?? .none
        item.supplementaryItems = try list(o, "supplementaryItems", anchoredItem)
        return item
    }

    /// ANCHORED: a badge or group accessory.
    static func anchoredItem(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.AnchoredItem {
        try o.rejectUnknownKeys(["kind", "size", "anchor", "zIndex"])
        let a = try required(try o.object("anchor"), o, "anchor")
        try a.rejectUnknownKeys(["edges", "fractionalOffset", "absoluteOffset"])
        var edges = Set<CompositionalLayout.Anchor.Edge>()
        if let list = a["edges"], !list.isNull {
            guard let elements = list.arrayElements else {
                throw .invalidRequest(a.fieldPath("edges"), "must be an array of edges (top, leading, bottom, trailing)")
            }
            for (i, e) in elements.enumerated() {
                guard let name = e.string, let edge = CompositionalLayout.Anchor.Edge(rawValue: name) else {
                    throw .invalidRequest("\(a.fieldPath("edges"))[\(i)]", "must be top, leading, bottom or trailing")
                }
                edges.insert(edge)
            }
            if edges.isSuperset(of: [.leading, .trailing]) || edges.isSuperset(of: [.top, .bottom]) {
                throw .invalidRequest(a.fieldPath("edges"), "an anchor takes at most one edge per axis")
            }
        }
        if a["fractionalOffset"] != nil, a["absoluteOffset"] != nil {
            throw .invalidRequest(a.fieldPath("absoluteOffset"), "give fractionalOffset or absoluteOffset, not both")
        }
        let absolute = try point(a, "absoluteOffset")
        let fractional = try point(a, "fractionalOffset")
        var item = CompositionalLayout.AnchoredItem(
            kind: try kind(o), size: try required(try size(o, "size"), o, "size"),
            anchor: CompositionalLayout.Anchor(
                edges: edges, offset: absolute ?? fractional ?? .zero,
                offsetIsFractional: absolute == nil))
        item.zIndex = try o.integer("zIndex", min: -1_000_000, max: 1_000_000) ?? 1
        return item
    }

    /// SIZE: `{"width": DIM, "height": DIM}`.
    static func size(_ o: ObjectReader, _ key: String) throws(APIError) -> CompositionalLayout.LayoutSize? {
        guard let s = try o.object(key) else { return nil }
        try s.rejectUnknownKeys(["width", "height"])
        return CompositionalLayout.LayoutSize(width: try dimension(s, "width"), height: try dimension(s, "height"))
    }

    /// DIM: exactly one of absolute, estimated (> 0), fractionalWidth, fractionalHeight; none negative.
    static func dimension(_ o: ObjectReader, _ key: String) throws(APIError) -> CompositionalLayout.Dimension {
        let d = try required(try o.object(key), o, key)
        try d.rejectUnknownKeys(["absolute", "estimated", "fractionalWidth", "fractionalHeight"])
        guard d.keys.count == 1, let name = d.keys.first else {
            throw .invalidRequest(d.path, "give exactly one of absolute, estimated, fractionalWidth, fractionalHeight")
        }
        let v = try required(try d.nonNegativeNumber(name), d, name)
        switch name {
        case "absolute": return .absolute(v)
        case "estimated":
            guard v > 0 else { throw .invalidRequest(d.fieldPath(name), "an estimate must be positive (got \(number: v))") }
            return .estimated(v)
        case "fractionalWidth": return .fractionalWidth(v)
        default: return .fractionalHeight(v)
        }
    }

    /// SPACING: `{"fixed": v}` or `{"flexible": v}`, v not negative.
    static func spacing(_ o: ObjectReader, _ key: String) throws(APIError) -> CompositionalLayout.Spacing? {
        guard let s = try o.object(key) else { return nil }
        try s.rejectUnknownKeys(["fixed", "flexible"])
        guard s.keys.count == 1, let name = s.keys.first else {
            throw .invalidRequest(s.path, "give exactly one of fixed, flexible")
        }
        let v = try required(try s.nonNegativeNumber(name), s, name)
        return name == "fixed" ? .fixed(v) : .flexible(v)
    }

    /// EDGES: `{"leading": SPACING, "top": …, "trailing": …, "bottom": …}`.
    static func edgeSpacing(_ o: ObjectReader, _ key: String) throws(APIError) -> CompositionalLayout.EdgeSpacing? {
        guard let e = try o.object(key) else { return nil }
        try e.rejectUnknownKeys(["leading", "top", "trailing", "bottom"])
        return CompositionalLayout.EdgeSpacing(
            leading: try spacing(e, "leading"), top: try spacing(e, "top"),
            trailing: try spacing(e, "trailing"), bottom: try spacing(e, "bottom"))
    }
}
