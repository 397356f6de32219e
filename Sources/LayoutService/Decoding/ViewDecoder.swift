import LayoutEngine
import TesseraJSON

/// `view`: bounds, contentOffset, contentInset, scale. Also applies PATCH bodies on top of a
/// current view, so both paths validate identically.
enum ViewDecoder {
    static let keys: Set<String> = ["bounds", "contentOffset", "contentInset", "scale", "orthogonalOffsets", "layoutDirection"]

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
        if let offsets = o["orthogonalOffsets"], !offsets.isNull {
            // docs/compositional.md C13: `{"3": 120}` sets section 3's own scroll offset; the
            // sections not named keep theirs.
            let named = try SectionIndexMap.numbers(offsets, path: o.fieldPath("orthogonalOffsets"), maxSections: maxSections)
            view.orthogonalOffsets.merge(named) { _, new in new }
        }
        return view
    }
}
