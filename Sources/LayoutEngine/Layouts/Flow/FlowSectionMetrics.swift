/// One section's effective inputs: its own `layout` overrides where given, the layout-wide
/// parameters otherwise (R2: every per-section value falls back to the layout default).
struct FlowSectionMetrics: Sendable, Equatable {
    var itemSize: Size
    /// Layout-wide only: when set, items that give no size are laid out at it (self-sizing).
    var estimatedItemSize: Size?
    var lineSpacing: Double
    var interitemSpacing: Double
    var inset: EdgeInsets
    var headerSize: Size
    var footerSize: Size

    init(_ p: FlowLayout.Parameters) {
        itemSize = p.itemSize
        estimatedItemSize = p.estimatedItemSize
        lineSpacing = p.minimumLineSpacing
        interitemSpacing = p.minimumInteritemSpacing
        inset = p.sectionInset
        headerSize = p.headerReferenceSize
        footerSize = p.footerReferenceSize
    }

    /// Applies section `index`'s overrides on top of `defaults`. Keys other layouts use are
    /// ignored (a section keeps its `layout` object across layout switches); a known key of
    /// the wrong type, or a value R11 rejects, throws with its path. Keys are checked in a
    /// fixed order so that the same bad input always names the same field.
    /// The size of an item that gives none: the estimate while self-sizing, else itemSize.
    var defaultItemSize: Size { estimatedItemSize ?? itemSize }

    init(_ defaults: FlowSectionMetrics, overrides: SectionOverrides, index: Int) throws(LayoutError) {
        self = defaults
        if overrides.isEmpty { return }
        typealias Key = FlowLayout.SectionKey
        let values = overrides.values
        func path(_ key: String) -> String { "dataSource.sections[\(index)].layout.\(key)" }
        func size(_ key: String, _ current: Size) throws(LayoutError) -> Size {
            switch values[key] {
            case nil: return current
            case .size(let s)?:
                try FlowValidation.size(s, path(key))
                return s
            default: throw LayoutError(field: path(key), message: "expected a size")
            }
        }
        func number(_ key: String, _ current: Double) throws(LayoutError) -> Double {
            switch values[key] {
            case nil: return current
            case .number(let v)?:
                try FlowValidation.number(v, path(key))
                return v
            default: throw LayoutError(field: path(key), message: "expected a number")
            }
        }
        itemSize = try size(Key.itemSize, itemSize)
        lineSpacing = try number(Key.minimumLineSpacing, lineSpacing)
        interitemSpacing = try number(Key.minimumInteritemSpacing, interitemSpacing)
        switch values[Key.sectionInset] {
        case nil: break
        case .insets(let i)?:
            try FlowValidation.insets(i, path(Key.sectionInset))
            inset = i
        default: throw LayoutError(field: path(Key.sectionInset), message: "expected insets")
        }
        headerSize = try size(Key.headerReferenceSize, headerSize)
        footerSize = try size(Key.footerReferenceSize, footerSize)
    }
}
