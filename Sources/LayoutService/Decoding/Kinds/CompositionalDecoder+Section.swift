import TesseraJSON
import LayoutEngine

extension CompositionalDecoder {
    static let sectionKeys: Set<String> = [
        "group", "interGroupSpacing", "contentInsets", "supplementariesFollowContentInsets",
        "orthogonalScrollingBehavior", "boundarySupplementaryItems", "decorationItems"
    ]

    /// SECTION.
    static func section(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.Section {
        if o["list"] != nil { return try listSection(o) }
        try o.rejectUnknownKeys(sectionKeys.union(["list"]))
        let groupObject = try required(try o.object("group"), o, "group")
        var behavior = CompositionalLayout.OrthogonalScrolling.none
        if let v = try o.string("orthogonalScrollingBehavior") {
            guard let b = CompositionalLayout.OrthogonalScrolling(rawValue: v) else {
                let names = CompositionalLayout.OrthogonalScrolling.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidRequest(o.fieldPath("orthogonalScrollingBehavior"), "must be one of \(names) (got \(ClientText.quoted(v)))")
            }
            behavior = b
        }
        // Read in this order, so that the same bad body always names the same field first.
        var section = CompositionalLayout.Section(group: try group(groupObject), path: o.path)
        section.interGroupSpacing = try nonNegative(o, "interGroupSpacing") ?? 0
        section.contentInsets = try insets(o, "contentInsets") ?? .zero
        section.supplementariesFollowContentInsets = try o.bool("supplementariesFollowContentInsets") ?? true
        section.orthogonalScrollingBehavior = behavior
        section.boundarySupplementaryItems = try list(o, "boundarySupplementaryItems", boundaryItem)
        section.decorationItems = try list(o, "decorationItems", decorationItem)
        return section
    }

    /// BOUNDARY.
    static func boundaryItem(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.BoundaryItem {
        try o.rejectUnknownKeys([
            "kind", "size", "alignment", "absoluteOffset", "extendsBoundary",
            "pinToVisibleBounds", "zIndex", "contentInsets"
        ])
        let alignmentName = try required(try o.string("alignment"), o, "alignment")
        guard let alignment = CompositionalLayout.BoundaryAlignment(rawValue: alignmentName) else {
            let names = CompositionalLayout.BoundaryAlignment.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidRequest(o.fieldPath("alignment"), "must be one of \(names) (got \(ClientText.quoted(alignmentName)))")
        }
        var item = CompositionalLayout.BoundaryItem(
            kind: try kind(o),
            size: try required(try size(o, "size"), o, "size"),
            alignment: alignment,
            absoluteOffset: try point(o, "absoluteOffset") ?? .zero)
        item.extendsBoundary = try o.bool("extendsBoundary") ?? true
        item.pinToVisibleBounds = try o.bool("pinToVisibleBounds") ?? false
        item.zIndex = try o.integer("zIndex", min: -1_000_000, max: 1_000_000) ?? 1
        item.contentInsets = try insets(o, "contentInsets") ?? .zero
        return item
    }

    /// A section decoration (`{"kind", "contentInsets", "zIndex"}`).
    static func decorationItem(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.DecorationItem {
        try o.rejectUnknownKeys(["kind", "contentInsets", "zIndex"])
        var item = CompositionalLayout.DecorationItem(kind: try kind(o))
        item.contentInsets = try insets(o, "contentInsets") ?? .zero
        item.zIndex = try o.integer("zIndex", min: -1_000_000, max: 1_000_000) ?? 0
        return item
    }

    static func kind(_ o: ObjectReader) throws(APIError) -> String {
        let kind = try required(try o.string("kind"), o, "kind")
        guard !kind.isEmpty else { throw .invalidRequest(o.fieldPath("kind"), "must not be empty") }
        return kind
    }

    /// `{"x", "y"}` (any finite values).
    static func point(_ o: ObjectReader, _ key: String) throws(APIError) -> Point? {
        guard let p = try o.object(key) else { return nil }
        try p.rejectUnknownKeys(["x", "y"])
        return Point(x: try p.number("x") ?? 0, y: try p.number("y") ?? 0)
    }

    /// INSETS: `{"top", "leading", "bottom", "trailing"}` (missing = 0) or one number; none negative.
    static func insets(_ o: ObjectReader, _ key: String) throws(APIError) -> CompositionalLayout.Insets? {
        guard let v = o[key], !v.isNull else { return nil }
        if v.double != nil {
            let all = try required(try o.nonNegativeNumber(key), o, key)
            return CompositionalLayout.Insets(all: all)
        }
        let i = try ObjectReader(v, path: o.fieldPath(key))
        try i.rejectUnknownKeys(["top", "leading", "bottom", "trailing"])
        return CompositionalLayout.Insets(
            top: try i.nonNegativeNumber("top") ?? 0, leading: try i.nonNegativeNumber("leading") ?? 0,
            bottom: try i.nonNegativeNumber("bottom") ?? 0, trailing: try i.nonNegativeNumber("trailing") ?? 0)
    }
}
