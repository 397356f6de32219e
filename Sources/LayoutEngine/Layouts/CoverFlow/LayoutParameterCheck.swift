/// The parameter checks the cover-flow, circle and stack layouts share.
enum LayoutParameterCheck {
    /// A size parameter must be finite and not negative; the error names `layout.<name>`.
    static func size(_ size: Size, name: String) throws(LayoutError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw LayoutError(field: "layout." + name, message: name + " must be finite and not negative")
        }
    }
}
