/// Input checks shared by the layouts, each throwing a `LayoutError` whose `field` is the
/// JSON path of the offending value (docs/api.md "Errors"): `layout.columnCount` for a layout
/// parameter, `dataSource.sections[2].layout.columnCount` for a section's own override,
/// `dataSource.sections[1].items[4].size` for an item's data, `view.bounds.width` for the view.
enum LayoutCheck {
    /// The largest column count a layout accepts. The spec sets no upper bound, but a layout
    /// allocates one running height per column, so a request must not be able to ask for a
    /// billion; no screen shows more than a few dozen columns.
    static let maximumColumnCount = 10_000

    // MARK: Field paths

    /// `layout.key` for the layout-wide value, `dataSource.sections[s].layout.key` for a
    /// section's override.
    static func parameterField(_ key: String, section: Int? = nil) -> String {
        guard let section else { return "layout.\(key)" }
        return "dataSource.sections[\(section)].layout.\(key)"
    }

    /// `dataSource.sections[s].items[i]`, with `.key` appended when given.
    static func itemField(section: Int, item: Int, _ key: String? = nil) -> String {
        let path = "dataSource.sections[\(section)].items[\(item)]"
        guard let key else { return path }
        return "\(path).\(key)"
    }

    /// The longest length a layout may derive from its inputs (a cell height the waterfall
    /// scales from an aspect ratio, say): the bound the API puts on the numbers it reads.
    /// Lengths within it, summed over the most items a session holds, stay finite.
    static let maximumLength = 1e15

    /// A length the layout computed: finite and within `maximumLength`, or an error naming
    /// the input it came from.
    static func derivedLength(_ value: Double, _ field: @autoclosure () -> String, what: @autoclosure () -> String) throws(LayoutError) {
        guard value.isFinite, value.magnitude <= maximumLength else {
            throw LayoutError(field: field(), message: "\(what()), beyond the ±1e15 a layout can answer")
        }
    }

    // MARK: Values
    // The field is an autoclosure: item checks run a million times, and building the path
    // string is the dear part, wanted only when the check fails.

    static func finite(_ value: Double, _ field: @autoclosure () -> String) throws(LayoutError) {
        guard value.isFinite else { throw LayoutError(field: field(), message: "must be a finite number") }
    }

    static func nonNegative(_ value: Double, _ field: @autoclosure () -> String) throws(LayoutError) {
        try finite(value, field())
        guard value >= 0 else { throw LayoutError(field: field(), message: "must not be negative") }
    }

    static func finite(_ insets: EdgeInsets, _ field: @autoclosure () -> String) throws(LayoutError) {
        try finite(insets.top, field() + ".top")
        try finite(insets.left, field() + ".left")
        try finite(insets.bottom, field() + ".bottom")
        try finite(insets.right, field() + ".right")
    }

    static func nonNegative(_ insets: EdgeInsets, _ field: @autoclosure () -> String) throws(LayoutError) {
        try nonNegative(insets.top, field() + ".top")
        try nonNegative(insets.left, field() + ".left")
        try nonNegative(insets.bottom, field() + ".bottom")
        try nonNegative(insets.right, field() + ".right")
    }

    static func nonNegative(_ size: Size, _ field: @autoclosure () -> String) throws(LayoutError) {
        try nonNegative(size.width, field() + ".width")
        try nonNegative(size.height, field() + ".height")
    }

    /// A layout parameter of cover flow, circle or stack, checked as one value: finite and
    /// not negative, else an error for `layout.<name>` (not for a size's width or height).
    static func finiteNonNegative(_ value: Double, name: String) throws(LayoutError) {
        guard value.isFinite, value >= 0 else { throw notFiniteNonNegative(name) }
    }

    static func size(_ size: Size, name: String) throws(LayoutError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw notFiniteNonNegative(name)
        }
    }

    private static func notFiniteNonNegative(_ name: String) -> LayoutError {
        LayoutError(field: parameterField(name), message: name + " must be finite and not negative")
    }

    /// A column count: a whole number from 1 to `maximumColumnCount`.
    static func columnCount(_ value: Int, _ field: @autoclosure () -> String) throws(LayoutError) {
        guard value >= 1 else { throw LayoutError(field: field(), message: "must be at least 1") }
        guard value <= maximumColumnCount else {
            throw LayoutError(field: field(), message: "must be at most \(maximumColumnCount)")
        }
    }

    /// A column count given as a JSON number (section overrides carry numbers): it must be a
    /// whole number before it may become an `Int` (converting 1e300 would trap).
    static func columnCount(_ value: Double, _ field: @autoclosure () -> String) throws(LayoutError) -> Int {
        try finite(value, field())
        guard value >= 1 else { throw LayoutError(field: field(), message: "must be at least 1") }
        guard value <= Double(maximumColumnCount) else {
            throw LayoutError(field: field(), message: "must be at most \(maximumColumnCount)")
        }
        guard value.rounded(.towardZero) == value else {
            throw LayoutError(field: field(), message: "must be a whole number")
        }
        return Int(value)
    }

    // MARK: The view

    /// The view's width and scale, for layouts that read them. Negative bounds are rejected
    /// (docs/flow.md R11); a scale must be 0 or within `ViewContext.scales` (a negative one
    /// makes pixel flooring meaningless, a tiny one floors every origin to 0).
    static func view(_ view: ViewContext) throws(LayoutError) {
        try nonNegative(view.bounds.width, "view.bounds.width")
        try nonNegative(view.bounds.height, "view.bounds.height")
        guard ViewContext.isValidScale(view.scale) else {
            throw LayoutError(field: "view.scale", message: ViewContext.scaleRule)
        }
    }

    // MARK: Section overrides

    /// A section's numeric override, or nil when the section does not give one. A value of
    /// another type is rejected rather than silently ignored.
    static func number(_ key: String, in overrides: SectionOverrides, section: Int) throws(LayoutError) -> Double? {
        try override(key, in: overrides, section: section, overrides.number, wrongType: "must be a number", check: finite)
    }

    /// A section's insets override, or nil when the section does not give one.
    static func insets(_ key: String, in overrides: SectionOverrides, section: Int) throws(LayoutError) -> EdgeInsets? {
        try override(key, in: overrides, section: section, overrides.insets, wrongType: "must be insets", check: finite)
    }

    /// A section's override of `key` as `typed` reads it, passed through `check`; nil when the
    /// section does not give one. A value of another type (`typed` answers nil) is rejected
    /// with the message `wrongType`.
    static func override<Value>(
        _ key: String, in overrides: SectionOverrides, section: Int, _ typed: (String) -> Value?,
        wrongType: String, check: (Value, @autoclosure () -> String) throws(LayoutError) -> Void
    ) throws(LayoutError) -> Value? {
        guard overrides.values[key] != nil else { return nil }
        guard let value = typed(key) else {
            throw LayoutError(field: parameterField(key, section: section), message: wrongType)
        }
        try check(value, parameterField(key, section: section))
        return value
    }
}
