import LayoutEngine
import TesseraJSON

/// `view`: bounds, contentOffset, contentInset, scale. Also applies PATCH bodies on top of a
/// current view, so both paths validate identically.
enum ViewDecoder {
    static let keys: Set<String> = [
        "bounds", "contentOffset", "contentInset", "scale", "orthogonalOffsets", "layoutDirection", "layoutMargins",
        "safeAreaInsets", "wideMargins"
    ]

    /// - Parameter maxSections: the sections a session may hold, which bounds `orthogonalOffsets`.
    static func decode(
        _ v: JSONValue?, path: String = "view", over base: ViewContext = ViewContext(),
        maxSections: Int
    ) throws(APIError) -> ViewContext {
        guard let v, !v.isNull else { return base }
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(keys)
        var view = base
        if let bounds = try o.size("bounds") { view.bounds = bounds }
        if let offset = try o.point("contentOffset") { view.contentOffset = offset }
        if let inset = try o.insets("contentInset") { view.contentInset = inset }
        if let scale = try o.number("scale") {
            guard ViewContext.isValidScale(scale) else {
                throw .invalidRequest(o.fieldPath("scale"), "\(ViewContext.scaleRule) (got \(number: scale))")
            }
            view.scale = scale
        }
        if let direction = try o.string("layoutDirection") {
            guard let known = LayoutDirection(rawValue: direction) else {
                throw .invalidRequest(
                    o.fieldPath("layoutDirection"),
                    "must be leftToRight or rightToLeft (got \(ClientText.quoted(direction)))")
            }
            view.layoutDirection = known
        }
        // docs/compositional.md §6: what list sections read. `"system"` returns the margins to
        // the system's (the list margin beyond the safe area).
        if let margins = o["layoutMargins"], !margins.isNull {
            if let name = margins.string {
                guard name == "system" else {
                    throw .invalidRequest(
                        o.fieldPath("layoutMargins"), "must be insets or \"system\" (got \(ClientText.quoted(name)))")
                }
                view.layoutMargins = nil
            } else {
                view.layoutMargins = try nonNegativeInsets(o, "layoutMargins")
            }
        }
        if o["safeAreaInsets"] != nil { view.safeAreaInsets = try nonNegativeInsets(o, "safeAreaInsets") ?? view.safeAreaInsets }
        if let wide = try o.bool("wideMargins") { view.wantsWideMargins = wide }
        if let offsets = o["orthogonalOffsets"], !offsets.isNull {
            // docs/compositional.md C13: `{"3": 120}` sets section 3's own scroll offset; the
            // sections not named keep theirs.
            let named = try SectionIndexMap.numbers(offsets, path: o.fieldPath("orthogonalOffsets"), maxSections: maxSections)
            view.orthogonalOffsets.merge(named) { _, new in new }
        }
        return view
    }

    /// Insets none of whose edges is negative (margins and safe areas are distances inward).
    static func nonNegativeInsets(_ o: ObjectReader, _ key: String) throws(APIError) -> EdgeInsets? {
        guard let insets = try o.insets(key) else { return nil }
        for (edge, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
        where value < 0 {
            throw .invalidRequest("\(o.fieldPath(key)).\(edge)", "must not be negative (got \(number: value))")
        }
        return insets
    }
}
