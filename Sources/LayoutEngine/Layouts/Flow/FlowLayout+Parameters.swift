extension FlowLayout {
    /// The layout-wide inputs of docs/flow.md R2, defaulting to UIKit's values. The view (bounds,
    /// insets, offset, scale) is not here: it arrives as a `ViewContext`.
    public struct Parameters: Sendable, Hashable {
        public var scrollDirection: ScrollDirection
        /// Used by items that give no size of their own (R2, R3).
        public var itemSize: Size
        public var minimumLineSpacing: Double
        public var minimumInteritemSpacing: Double
        public var sectionInset: EdgeInsets
        /// Only the along component counts; 0 there means no header (R8).
        public var headerReferenceSize: Size
        public var footerReferenceSize: Size
        public var sectionHeadersPinToVisibleBounds: Bool
        public var sectionFootersPinToVisibleBounds: Bool
        /// Which of UIKit's undocumented behaviours (Q1–Q3 of R16) to reproduce; each one
        /// left out follows the documented intent instead.
        public var errata: UIKitErrata
        /// The JSON's switch for all of `errata` at once: true when every one is on; setting
        /// it turns them all on or all off.
        public var uikitQuirks: Bool {
            get { errata == .all }
            set { errata = newValue ? .all : [] }
        }
        /// Self-sizing (UICollectionViewFlowLayout.automaticSize, simplified): when set,
        /// every item that gives no size of its own is laid out at this size instead of
        /// `itemSize`, and sections given by a count are uniform sections of it. Items that
        /// give sizes (the preferred sizes clients report) use them, so once every size is
        /// reported the layout is exactly the explicit-size layout. nil: no self-sizing.
        public var estimatedItemSize: Size?

        public init(
            scrollDirection: ScrollDirection = .vertical,
            itemSize: Size = Size(width: 50, height: 50),
            minimumLineSpacing: Double = 10,
            minimumInteritemSpacing: Double = 10,
            sectionInset: EdgeInsets = .zero,
            headerReferenceSize: Size = .zero,
            footerReferenceSize: Size = .zero,
            sectionHeadersPinToVisibleBounds: Bool = false,
            sectionFootersPinToVisibleBounds: Bool = false,
            uikitQuirks: Bool = true,
            estimatedItemSize: Size? = nil
        ) {
            self.scrollDirection = scrollDirection
            self.itemSize = itemSize
            self.minimumLineSpacing = minimumLineSpacing
            self.minimumInteritemSpacing = minimumInteritemSpacing
            self.sectionInset = sectionInset
            self.headerReferenceSize = headerReferenceSize
            self.footerReferenceSize = footerReferenceSize
            self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
            self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
            self.errata = uikitQuirks ? .all : []
            self.estimatedItemSize = estimatedItemSize
        }
    }

    /// The keys a section's own `layout` object may override (the "per-section?" column of
    /// R2, UIKit's per-section delegate methods), with the type each must have.
    public enum SectionKey {
        /// `.size`
        public static let itemSize = "itemSize"
        /// `.number`
        public static let minimumLineSpacing = "minimumLineSpacing"
        /// `.number`
        public static let minimumInteritemSpacing = "minimumInteritemSpacing"
        /// `.insets`
        public static let sectionInset = "sectionInset"
        /// `.size`
        public static let headerReferenceSize = "headerReferenceSize"
        /// `.size`
        public static let footerReferenceSize = "footerReferenceSize"
    }

    /// The supplementary kinds this layout produces (R8).
    public static let headerKind = "header"
    public static let footerKind = "footer"
}
