import LayoutEngine

/// Colours per theme. Cells are one colour; each supplementary and decoration kind gets its
/// own, fixed for the kinds the built-in layouts use and picked from a palette by a stable
/// hash of the name for any other, so a kind is the same colour in every picture.
struct SVGPalette: Sendable {
    struct Paint: Sendable, Equatable {
        var fill: String
        var stroke: String
    }

    /// A colour or paint in each theme.
    struct Themed<Value: Sendable>: Sendable {
        var light: Value
        var dark: Value

        func of(_ theme: SVGRenderOptions.Theme) -> Value {
            switch theme {
            case .light: light
            case .dark: dark
            }
        }
    }

    var background: String
    var content: Paint
    var text: String
    var halo: String
    var requestedRect: String
    var visibleBounds: String
    var cell: Paint
    var known: [String: Paint]
    var others: [Paint]

    static func of(_ theme: SVGRenderOptions.Theme) -> SVGPalette {
        func color(_ light: String, _ dark: String) -> String { Themed(light: light, dark: dark).of(theme) }
        func paint(_ themed: Themed<Paint>) -> Paint { themed.of(theme) }
        return SVGPalette(
            background: color("#ffffff", "#121417"),
            content: paint(both(("#f4f5f7", "#8a93a0"), ("#1b1e24", "#5c6470"))),
            text: color("#0f2340", "#e8f0ff"), halo: color("#ffffff", "#121417"),
            requestedRect: color("#d6245c", "#ff5c8a"), visibleBounds: color("#5b6472", "#a0a8b4"),
            cell: paint(both(("#cfe2ff", "#2f6fd6"), ("#1d3a66", "#6ea8ff"))),
            known: knownPaints.mapValues(paint),
            others: otherPaints.map(paint))
    }

    /// A paint from its light and its dark (fill, stroke).
    private static func both(_ light: (String, String), _ dark: (String, String)) -> Themed<Paint> {
        Themed(light: Paint(fill: light.0, stroke: light.1), dark: Paint(fill: dark.0, stroke: dark.1))
    }

    /// The kinds the built-in layouts use.
    private static let knownPaints: [String: Themed<Paint>] = [
        "supplementary/header": both(("#ffd8a6", "#c06400"), ("#5a3a12", "#ffa94d")),
        "supplementary/footer": both(("#c8efcf", "#2c8a3d"), ("#1d4a28", "#6fd583")),
        "supplementary/connector": both(("#e4d6ff", "#6b3fc4"), ("#3a2a66", "#b794ff")),
        "decoration/reflection": both(("#e3ecf9", "#9db7e0"), ("#182840", "#3d5a88")),
        "decoration/background": both(("#ececec", "#9a9a9a"), ("#25282e", "#6b7078")),
        // List sections (`ListDecoration`): separators in a neutral grey (UIKit's opaque
        // separator colours), inset groups a shade off the content, neither outlined.
        "decoration/\(ListDecoration.separatorBottomKind)": both(("#c6c6c8", "none"), ("#4a4d55", "none")),
        "decoration/\(ListDecoration.separatorTopKind)": both(("#c6c6c8", "none"), ("#4a4d55", "none")),
        "decoration/\(ListDecoration.backgroundKind)": both(("#ffffff", "none"), ("#2a2e36", "none"))
    ]

    /// Any other kind takes one of these, by the hash of its name.
    private static let otherPaints: [Themed<Paint>] = [
        both(("#ffd1dc", "#c2185b"), ("#5c1f33", "#ff7aa2")),
        both(("#d2f4f4", "#00838f"), ("#123f42", "#4dd0e1")),
        both(("#fff3b0", "#9e7c00"), ("#4a4010", "#ffe066")),
        both(("#e0e7c8", "#5b7a1e"), ("#33401a", "#a5d64c")),
        both(("#f1d9c9", "#8d4e24"), ("#4a2e1c", "#e89a66")),
        both(("#dcdcf5", "#3f3fa8"), ("#2a2a5c", "#9a9aff"))
    ]

    func paint(_ category: ElementCategory, kind: String) -> Paint {
        if category == .cell { return cell }
        if let p = known["\(category.rawValue)/\(kind)"] { return p }
        return others[Int(Self.stableHash("\(category.rawValue)/\(kind)") % UInt64(others.count))]
    }

    /// FNV-1a: Swift's Hasher is seeded per process, and the picture must not change.
    static func stableHash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }
}
