/// R11: input UIKit would assert on, or that cannot be laid out, is rejected with the JSON
/// path of the offending value. Negative spacing and insets are allowed (UIKit does not
/// validate them); non-finite numbers are not, since no frame could be built from them.
enum FlowValidation {
    /// Sizes of items, headers, footers and bounds: finite and non-negative.
    static func size(_ s: Size, _ field: @autoclosure () -> String) throws(LayoutError) {
        if let message = problem(with: s) { throw LayoutError(field: field(), message: message) }
    }

    @inline(__always)
    static func problem(with s: Size) -> String? {
        if !s.width.isFinite { return "width is not a finite number" }
        if !s.height.isFinite { return "height is not a finite number" }
        if s.width < 0 { return "negative width" }
        if s.height < 0 { return "negative height" }
        return nil
    }

    static func number(_ v: Double, _ field: @autoclosure () -> String) throws(LayoutError) {
        if !v.isFinite { throw LayoutError(field: field(), message: "not a finite number") }
    }

    static func insets(_ i: EdgeInsets, _ field: @autoclosure () -> String) throws(LayoutError) {
        for v in [i.top, i.left, i.bottom, i.right] where !v.isFinite {
            throw LayoutError(field: field(), message: "not a finite number")
        }
    }

    static func validate(_ p: FlowLayout.Parameters) throws(LayoutError) {
        try size(p.itemSize, "layout.itemSize")
        try number(p.minimumLineSpacing, "layout.minimumLineSpacing")
        try number(p.minimumInteritemSpacing, "layout.minimumInteritemSpacing")
        try insets(p.sectionInset, "layout.sectionInset")
        try size(p.headerReferenceSize, "layout.headerReferenceSize")
        try size(p.footerReferenceSize, "layout.footerReferenceSize")
        if let estimate = p.estimatedItemSize { try size(estimate, "layout.estimatedItemSize") }
    }

    static func validate(view: ViewContext) throws(LayoutError) {
        try size(view.bounds, "view.bounds")
        try insets(view.contentInset, "view.contentInset")
        if !view.contentOffset.x.isFinite || !view.contentOffset.y.isFinite {
            throw LayoutError(field: "view.contentOffset", message: "not a finite number")
        }
        if !view.scale.isFinite || view.scale < 0 {
            throw LayoutError(field: "view.scale", message: "must be a finite number ≥ 0")
        }
    }

    /// Whether `validate(view:)` would pass; invalidation cannot throw, so it asks this.
    static func isValid(_ view: ViewContext) -> Bool {
        do {
            try validate(view: view)
            return true
        } catch { return false }
    }
}
