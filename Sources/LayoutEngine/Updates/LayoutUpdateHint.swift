/// What a batch update left untouched, so a prepared layout can update itself at the cost of
/// what changed instead of preparing everything again (issue: updates cost what they touch).
public struct LayoutUpdateHint: Sendable, Hashable {
    /// For every section of the new data source: the index of the old section it is, when its
    /// items and overrides are unchanged (it may have moved); nil when it is new or touched.
    public var unchangedSourceSection: [Int?]
    /// For every touched new section that existed before (nil entry above): how many leading
    /// items are unchanged, in place, with unchanged data; 0 when unknown.
    public var unchangedPrefix: [Int]

    public init(unchangedSourceSection: [Int?], unchangedPrefix: [Int]) {
        precondition(unchangedSourceSection.count == unchangedPrefix.count)
        self.unchangedSourceSection = unchangedSourceSection
        self.unchangedPrefix = unchangedPrefix
    }

    /// Nothing is known to be unchanged: every section is prepared afresh.
    public static func everything(sections: Int) -> LayoutUpdateHint {
        LayoutUpdateHint(
            unchangedSourceSection: Array(repeating: nil, count: sections),
            unchangedPrefix: Array(repeating: 0, count: sections))
    }
}

extension LayoutUpdateHint {
    /// The old section that new section `s` is, when the hint reports it unchanged and it is
    /// one of `old` (the prepared layout's sections).
    func unchangedSource(of s: Int, among old: Range<Int>) -> Int? {
        guard let j = unchangedSourceSection[s], old.contains(j) else { return nil }
        return j
    }
}

/// A prepared layout that can update itself after a batch update.
public protocol IncrementallyUpdatable: PreparedLayout {
    /// The layout of `newDataSource` in `view`, reusing what `hint` says is unchanged. Must
    /// equal `layout.prepare(newDataSource, view:)` exactly (the update invariant).
    func updated(to newDataSource: DataSource, hint: LayoutUpdateHint, view: ViewContext) throws(LayoutError) -> any PreparedLayout
}
