import LayoutEngine

/// One CSS class per supplementary or decoration kind in the picture, numbered in sorted
/// order (`supplementary s0`, `decoration d1`): kind names are client input and need not be
/// valid CSS identifiers, and numbering in sorted order keeps the bytes stable.
struct StyleTable {
    private(set) var entries: [(category: ElementCategory, kind: String, name: String)] = []
    private var names: [ElementKey: String] = [:]

    init(_ elements: [LayoutAttributes]) {
        var seen = Set<ElementKey>()
        for a in elements where a.category != .cell {
            seen.insert(ElementKey(category: a.category, kind: a.kind, indexPath: IndexPath(0, 0)))
        }
        for (i, key) in seen.sorted().enumerated() {
            let name = (key.category == .supplementary ? "s" : "d") + String(i)
            entries.append((key.category, key.kind, name))
            names[key] = name
        }
    }

    func className(_ a: LayoutAttributes) -> String {
        guard a.category != .cell else { return "cell" }
        let name = names[ElementKey(category: a.category, kind: a.kind, indexPath: IndexPath(0, 0))] ?? ""
        return "\(a.category.rawValue) \(name)"
    }
}
