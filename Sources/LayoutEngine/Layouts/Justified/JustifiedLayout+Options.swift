/// One section's options after its own `layout` object is applied and every value checked,
/// with the row constants the original derives from them (its `createNewRow` and `Row`).
struct JustifiedBlockOptions: Sendable {
    var paddingTop, paddingBottom, paddingLeft: Double
    /// `containerWidth − left − right`, subtracted in that order: the original's row width.
    var rowWidth: Double
    var horizontalSpacing, verticalSpacing: Double
    var targetRowHeight: Double
    var maxNumRows: Double
    /// nil when not forced (the original's `false`, or 0).
    var forcedAspectRatio: Double?
    var showWidows: Bool
    var breakoutCadence: Double?
    var widowStyle: JustifiedLayout.WidowLayoutStyle
    /// Row.minAspectRatio / maxAspectRatio: `width / targetRowHeight * (1 ∓ tolerance)`.
    var minAspectRatio, maxAspectRatio: Double
    /// The edge-case clamp of every row height: 0.5 and 2 times the target.
    var minRowHeight, maxRowHeight: Double
}

extension JustifiedLayout.Parameters {
    /// These parameters with a section's own `layout` object applied (the original's option
    /// names as keys). Returns the keys it replaced, so that a rejection names the right
    /// field. `containerWidth` is the whole layout's (one content width) and is not read here.
    func applying(_ overrides: SectionOverrides, field: (String) -> String)
        throws(LayoutError) -> (parameters: Self, overridden: Set<String>)
    {
        var p = self
        var keys = Set<String>()
        // A fixed order, so that of two bad values the same one is always named.
        for key in Self.sectionKeys {
            guard let value = overrides.values[key] else { continue }
            func wrongType(_ expected: String) -> LayoutError {
                LayoutError(field: field(key), message: "\(key) must be \(expected)")
            }
            switch (key, value) {
            case ("containerPadding", .number(let v)):
                p.containerPadding = .all(v)
            case ("containerPadding", .insets(let e)):
                p.containerPadding = .sides(top: e.top, right: e.right, bottom: e.bottom, left: e.left)
            case ("containerPadding", _):
                throw wrongType("a number or {top, right, bottom, left}")
            // {horizontal, vertical} arrives as a size (width = horizontal, height = vertical):
            // ParameterValue has no case of its own for it.
            case ("boxSpacing", .number(let v)):
                p.boxSpacing = .all(v)
            case ("boxSpacing", .size(let s)):
                p.boxSpacing = .axes(horizontal: s.width, vertical: s.height)
            case ("boxSpacing", _):
                throw wrongType("a number or {horizontal, vertical}")
            case ("targetRowHeight", .number(let v)):
                p.targetRowHeight = v
            case ("targetRowHeightTolerance", .number(let v)):
                p.targetRowHeightTolerance = v
            case ("maxNumRows", .number(let v)):
                p.maxNumRows = v
            case ("targetRowHeight", _), ("targetRowHeightTolerance", _), ("maxNumRows", _):
                throw wrongType("a number")
            case ("forceAspectRatio", .number(let v)):
                p.forceAspectRatio = v
            case ("forceAspectRatio", .bool(false)):
                p.forceAspectRatio = nil
            case ("fullWidthBreakoutRowCadence", .number(let v)):
                p.fullWidthBreakoutRowCadence = v
            case ("fullWidthBreakoutRowCadence", .bool(false)):
                p.fullWidthBreakoutRowCadence = nil
            case ("forceAspectRatio", _), ("fullWidthBreakoutRowCadence", _):
                throw wrongType("a number or false")
            case ("showWidows", .bool(let v)):
                p.showWidows = v
            case ("showWidows", _):
                throw wrongType("true or false")
            case ("widowLayoutStyle", .string(let s)):
                // The original lays out widows left for any style it does not know.
                p.widowLayoutStyle = JustifiedLayout.WidowLayoutStyle(rawValue: s) ?? .left
            case ("widowLayoutStyle", _):
                throw wrongType("\"left\", \"justify\" or \"center\"")
            default:
                continue
            }
            keys.insert(key)
        }
        return (p, keys)
    }

    /// The options a section's own `layout` object may give, in the original's order.
    static let sectionKeys = [
        "containerPadding", "boxSpacing", "targetRowHeight", "targetRowHeightTolerance",
        "maxNumRows", "forceAspectRatio", "showWidows", "fullWidthBreakoutRowCadence",
        "widowLayoutStyle"
    ]

    /// Checks every value and derives the row constants. `field(key)` is the JSON path a
    /// rejection names. The original checks none of its options; this rejects only values
    /// that would make boxes that are not rectangles (negative, infinite or NaN sizes).
    func blockOptions(containerWidth: Double, field: (String) -> String)
        throws(LayoutError) -> JustifiedBlockOptions
    {
        func reject(_ key: String, _ message: String) -> LayoutError {
            LayoutError(field: field(key), message: message)
        }
        let padding = containerPadding
        guard padding.top.isFinite, padding.right.isFinite, padding.bottom.isFinite, padding.left.isFinite else {
            throw reject("containerPadding", "containerPadding must be finite")
        }
        let rowWidth = containerWidth - padding.left - padding.right
        guard rowWidth > 0 else {
            throw reject("containerPadding", "containerPadding leaves no room: containerWidth − left − right must be positive")
        }
        guard boxSpacing.horizontal.isFinite, boxSpacing.vertical.isFinite else {
            throw reject("boxSpacing", "boxSpacing must be finite")
        }
        guard targetRowHeight > 0, targetRowHeight.isFinite else {
            throw reject("targetRowHeight", "targetRowHeight must be a positive number")
        }
        guard targetRowHeightTolerance.isFinite else {
            throw reject("targetRowHeightTolerance", "targetRowHeightTolerance must be finite")
        }
        guard !maxNumRows.isNaN else {
            throw reject("maxNumRows", "maxNumRows must be a number")
        }
        if let ratio = forceAspectRatio, !(ratio >= 0 && ratio.isFinite) {
            throw reject("forceAspectRatio", "forceAspectRatio must be a positive number or false")
        }
        if let cadence = fullWidthBreakoutRowCadence, !cadence.isFinite {
            throw reject("fullWidthBreakoutRowCadence", "fullWidthBreakoutRowCadence must be a number or false")
        }
        let target = targetRowHeight
        return JustifiedBlockOptions(
            paddingTop: padding.top,
            paddingBottom: padding.bottom,
            paddingLeft: padding.left,
            rowWidth: rowWidth,
            horizontalSpacing: boxSpacing.horizontal,
            verticalSpacing: boxSpacing.vertical,
            targetRowHeight: target,
            maxNumRows: maxNumRows,
            // `if (forceAspectRatio)`: 0 is false in JavaScript.
            forcedAspectRatio: forceAspectRatio == 0 ? nil : forceAspectRatio,
            showWidows: showWidows,
            breakoutCadence: fullWidthBreakoutRowCadence,
            widowStyle: widowLayoutStyle,
            minAspectRatio: rowWidth / target * (1 - targetRowHeightTolerance),
            maxAspectRatio: rowWidth / target * (1 + targetRowHeightTolerance),
            minRowHeight: 0.5 * target,
            maxRowHeight: 2 * target)
    }
}
