import LayoutEngine

/// Colours per theme. Cells are one colour; each supplementary and decoration kind gets its
/// own, fixed for the kinds the built-in layouts use and picked from a palette by a stable
/// hash of the name for any other, so a kind is the same colour in every picture.
struct SVGPalette: Sendable {
    struct Paint: Sendable, Equatable {
        var fill: String
        var stroke: String
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
        switch theme {
        case .light:
            SVGPalette(
                background: "#ffffff", content: Paint(fill: "#f4f5f7", stroke: "#8a93a0"),
                text: "#0f2340", halo: "#ffffff", requestedRect: "#d6245c", visibleBounds: "#5b6472",
                cell: Paint(fill: "#cfe2ff", stroke: "#2f6fd6"),
                known: [
                    "supplementary/header": Paint(fill: "#ffd8a6", stroke: "#c06400"),
                    "supplementary/footer": Paint(fill: "#c8efcf", stroke: "#2c8a3d"),
                    "supplementary/connector": Paint(fill: "#e4d6ff", stroke: "#6b3fc4"),
                    "decoration/reflection": Paint(fill: "#e3ecf9", stroke: "#9db7e0"),
                    "decoration/background": Paint(fill: "#ececec", stroke: "#9a9a9a")
                ],
                others: [
                    Paint(fill: "#ffd1dc", stroke: "#c2185b"), Paint(fill: "#d2f4f4", stroke: "#00838f"),
                    Paint(fill: "#fff3b0", stroke: "#9e7c00"), Paint(fill: "#e0e7c8", stroke: "#5b7a1e"),
                    Paint(fill: "#f1d9c9", stroke: "#8d4e24"), Paint(fill: "#dcdcf5", stroke: "#3f3fa8")
                ])
        case .dark:
            SVGPalette(
                background: "#121417", content: Paint(fill: "#1b1e24", stroke: "#5c6470"),
                text: "#e8f0ff", halo: "#121417", requestedRect: "#ff5c8a", visibleBounds: "#a0a8b4",
                cell: Paint(fill: "#1d3a66", stroke: "#6ea8ff"),
                known: [
                    "supplementary/header": Paint(fill: "#5a3a12", stroke: "#ffa94d"),
                    "supplementary/footer": Paint(fill: "#1d4a28", stroke: "#6fd583"),
                    "supplementary/connector": Paint(fill: "#3a2a66", stroke: "#b794ff"),
                    "decoration/reflection": Paint(fill: "#182840", stroke: "#3d5a88"),
                    "decoration/background": Paint(fill: "#25282e", stroke: "#6b7078")
                ],
                others: [
                    Paint(fill: "#5c1f33", stroke: "#ff7aa2"), Paint(fill: "#123f42", stroke: "#4dd0e1"),
                    Paint(fill: "#4a4010", stroke: "#ffe066"), Paint(fill: "#33401a", stroke: "#a5d64c"),
                    Paint(fill: "#4a2e1c", stroke: "#e89a66"), Paint(fill: "#2a2a5c", stroke: "#9a9aff")
                ])
        }
    }

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
