import LayoutEngine

extension LayoutRegistry {
    /// docs/layouts.md §8, flickr/justified-layout 4.1's options under their own names. A section's
    /// own `layout` object may override every option but `containerWidth`.
    static let justifiedSectionKeys: [String: OverrideType] = [
        "containerPadding": .custom { o, key throws(APIError) in
            try readPadding(o, key).map { p in
                if case .all(let v) = p { return .number(v) }
                return .insets(EdgeInsets(top: p.top, left: p.left, bottom: p.bottom, right: p.right))
            }
        },
        "boxSpacing": .custom { o, key throws(APIError) in
            try readSpacing(o, key).map { s in
                if case .all(let v) = s { return .number(v) }
                return .size(Size(width: s.horizontal, height: s.vertical))
            }
        },
        "targetRowHeight": .number,
        "targetRowHeightTolerance": .number,
        "maxNumRows": .nonNegativeNumber,
        "forceAspectRatio": .custom { o, key throws(APIError) in
            try readNumberOrFalse(o, key).map { $0.map { .number($0) } ?? .bool(false) }
        },
        "showWidows": .bool,
        "fullWidthBreakoutRowCadence": .custom { o, key throws(APIError) in
            try readNumberOrFalse(o, key).map { $0.map { .number($0) } ?? .bool(false) }
        },
        "widowLayoutStyle": .custom { o, key throws(APIError) in
            try ParameterReader<JustifiedLayout.WidowLayoutStyle>.widowLayoutStyle.read(o, key).map { .string($0.rawValue) }
        }
    ]

    static let justifiedParameters: [LayoutParameter<JustifiedLayout.Parameters>] = [
        .read("containerWidth", .nonNegativeNumber, into: \.containerWidth),
        .read("containerPadding", .custom(readPadding), into: \.containerPadding),
        .read("boxSpacing", .custom(readSpacing), into: \.boxSpacing),
        .read("targetRowHeight", .number, into: \.targetRowHeight),
        .read("targetRowHeightTolerance", .number, into: \.targetRowHeightTolerance),
        .read("maxNumRows", .nonNegativeNumber, into: \.maxNumRows),
        .read("forceAspectRatio", .custom(readNumberOrFalse), into: \.forceAspectRatio),
        .read("showWidows", .bool, into: \.showWidows),
        .read("fullWidthBreakoutRowCadence", .custom(readNumberOrFalse), into: \.fullWidthBreakoutRowCadence),
        .read("widowLayoutStyle", .widowLayoutStyle, into: \.widowLayoutStyle)
    ]

    static let justified = LayoutKind(
        type: "justified", needsBounds: false, defaults: JustifiedLayout(), parameters: justifiedParameters, sectionKeys: justifiedSectionKeys)

    /// A number, or `{top, right, bottom, left}` (missing sides 0).
    static func readPadding(_ o: ObjectReader, _ key: String) throws(APIError) -> JustifiedLayout.ContainerPadding? {
        guard let v = o[key], !v.isNull else { return nil }
        if v.double != nil { return .all(try ValueReader.number(v, path: o.fieldPath(key))) }
        let e = try ValueReader.insets(v, path: o.fieldPath(key))
        return .sides(top: e.top, right: e.right, bottom: e.bottom, left: e.left)
    }

    /// A number, or `{horizontal, vertical}` (both required).
    static func readSpacing(_ o: ObjectReader, _ key: String) throws(APIError) -> JustifiedLayout.BoxSpacing? {
        guard let v = o[key], !v.isNull else { return nil }
        if v.double != nil { return .all(try ValueReader.number(v, path: o.fieldPath(key))) }
        let s = try ObjectReader(v, path: o.fieldPath(key))
        try s.rejectUnknownKeys(["horizontal", "vertical"])
        guard let h = try s.number("horizontal"), let vertical = try s.number("vertical") else {
            throw .invalidRequest(o.fieldPath(key), "must be a number or {\"horizontal\", \"vertical\"}")
        }
        return .axes(horizontal: h, vertical: vertical)
    }

    /// `false` (→ nil inside) or a number; the outer nil means the key is absent.
    static func readNumberOrFalse(_ o: ObjectReader, _ key: String) throws(APIError) -> Double?? {
        guard let v = o[key], !v.isNull else { return nil }
        if v.bool == false { return .some(nil) }
        guard v.double != nil else { throw .invalidRequest(o.fieldPath(key), "must be a number or false, not \(v.typeName)") }
        return .some(try ValueReader.number(v, path: o.fieldPath(key)))
    }
}

extension ParameterReader where Value == JustifiedLayout.WidowLayoutStyle {
    static var widowLayoutStyle: Self { .oneOf("left, justify or center") }
}
