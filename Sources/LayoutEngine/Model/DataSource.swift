/// The data source snapshot: sections of items, each item with the data its layout reads.
///
/// Item data is stored column by column so that a million items cost a few bytes each:
/// a column exists only when some item gives that field, and an item that does not give
/// it holds `nil`-equivalent (NaN for numbers, nil for children).
public struct SectionData: Hashable, Sendable {
    public private(set) var itemCount: Int
    /// Explicit item sizes; NaN width means "this item gave no size" (use the layout default).
    public private(set) var sizes: [Size]?
    /// Item heights (column layout); NaN = not given.
    public private(set) var heights: [Double]?
    /// Aspect ratios (width / height), NaN = not given.
    public private(set) var aspectRatios: [Double]?
    /// Children: item indexes in the next section (tree layout).
    public private(set) var children: [[Int]]?
    /// This section's own `layout` object.
    public var overrides: SectionOverrides

    /// A section of `itemCount` items that use the layout's defaults.
    public init(itemCount: Int, overrides: SectionOverrides = SectionOverrides()) {
        precondition(itemCount >= 0)
        self.itemCount = itemCount
        self.overrides = overrides
    }

    /// A section with explicit per-item data; every non-nil column has `itemCount` entries.
    public init(
        itemCount: Int, sizes: [Size]? = nil, heights: [Double]? = nil,
        aspectRatios: [Double]? = nil, children: [[Int]]? = nil,
        overrides: SectionOverrides = SectionOverrides()
    ) {
        self.itemCount = itemCount
        self.sizes = Self.column(sizes, count: itemCount)
        self.heights = Self.column(heights, count: itemCount)
        self.aspectRatios = Self.column(aspectRatios, count: itemCount)
        self.children = Self.column(children, count: itemCount)
        self.overrides = overrides
    }

    /// `column` as given, after checking that it has an entry per item when present.
    private static func column<Entry>(_ column: [Entry]?, count: Int) -> [Entry]? {
        precondition(column.map { $0.count == count } ?? true)
        return column
    }

    /// Whether items carry explicit data (the delegate path) rather than only a count.
    public var hasItemData: Bool {
        sizes != nil || heights != nil || aspectRatios != nil || children != nil
    }

    /// The explicit size of item `i`, or nil when it gave none.
    @inline(__always)
    public func size(at i: Int) -> Size? {
        guard let sizes else { return nil }
        let s = sizes[i]
        return s.width.isNaN ? nil : s
    }

    @inline(__always)
    public func height(at i: Int) -> Double? {
        guard let heights, !heights[i].isNaN else { return nil }
        return heights[i]
    }

    @inline(__always)
    public func aspectRatio(at i: Int) -> Double? {
        guard let aspectRatios, !aspectRatios[i].isNaN else { return nil }
        return aspectRatios[i]
    }

    @inline(__always)
    public func children(at i: Int) -> [Int] {
        children?[i] ?? []
    }

    /// One item's data, for moving items between sections in batch updates.
    public struct Item: Hashable, Sendable {
        public var size: Size?
        public var height: Double?
        public var aspectRatio: Double?
        public var children: [Int]?

        public init(
            size: Size? = nil, height: Double? = nil, aspectRatio: Double? = nil,
            children: [Int]? = nil
        ) {
            self.size = size
            self.height = height
            self.aspectRatio = aspectRatio
            self.children = children
        }
    }

    public func item(at i: Int) -> Item {
        Item(
            size: size(at: i), height: height(at: i), aspectRatio: aspectRatio(at: i),
            children: children?[i])
    }

    /// Builds a section from whole items (used by updates and tests; the JSON reader fills
    /// the columns directly).
    public init(items: [Item], overrides: SectionOverrides = SectionOverrides()) {
        self.itemCount = items.count
        self.overrides = overrides
        if items.contains(where: { $0.size != nil }) {
            sizes = items.map { $0.size ?? Size(width: .nan, height: .nan) }
        }
        if items.contains(where: { $0.height != nil }) { heights = items.map { $0.height ?? .nan } }
        if items.contains(where: { $0.aspectRatio != nil }) {
            aspectRatios = items.map { $0.aspectRatio ?? .nan }
        }
        if items.contains(where: { $0.children != nil }) { children = items.map { $0.children ?? [] } }
    }

    public static func == (a: SectionData, b: SectionData) -> Bool {
        guard a.itemCount == b.itemCount, a.overrides == b.overrides else { return false }
        // NaN marks "absent": compare through the accessors so that absent == absent.
        for i in 0..<a.itemCount where a.item(at: i) != b.item(at: i) { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(itemCount)
        hasher.combine(overrides)
    }
}

/// All sections, in order.
public struct DataSource: Hashable, Sendable {
    public var sections: [SectionData]

    public init(sections: [SectionData]) {
        self.sections = sections
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection s: Int) -> Int { sections[s].itemCount }

    public var totalItemCount: Int { sections.reduce(0) { $0 + $1.itemCount } }

    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < sections.count
            && indexPath.item >= 0 && indexPath.item < sections[indexPath.section].itemCount
    }
}
