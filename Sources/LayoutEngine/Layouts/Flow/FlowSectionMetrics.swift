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
        /// Key `key`'s override when the section gives one (R11 checks it), else `current`.
        func value<T>(
            _ key: String, _ current: T, _ typed: (String) -> T?, _ expected: String,
            _ check: (T, @autoclosure () -> String) throws(LayoutError) -> Void
        ) throws(LayoutError) -> T {
            try LayoutCheck.override(key, in: overrides, section: index, typed, wrongType: "expected \(expected)", check: check)
                ?? current
        }
        itemSize = try value(Key.itemSize, itemSize, overrides.size, "a size", FlowValidation.size)
        lineSpacing = try value(Key.minimumLineSpacing, lineSpacing, overrides.number, "a number", FlowValidation.number)
        interitemSpacing = try value(Key.minimumInteritemSpacing, interitemSpacing, overrides.number, "a number", FlowValidation.number)
        inset = try value(Key.sectionInset, inset, overrides.insets, "insets", FlowValidation.insets)
        headerSize = try value(Key.headerReferenceSize, headerSize, overrides.size, "a size", FlowValidation.size)
        footerSize = try value(Key.footerReferenceSize, footerSize, overrides.size, "a size", FlowValidation.size)
    }
}
