/* tslint:disable */
/* eslint-disable */
/**
 * appendItems(_:toSection:): to `toSection`, or to the last section when it is left
 * out (a 422 `no_sections` when there is none).
 * 
 * @export
 * @interface AppendItemsSnapshotOperation
 */
export interface AppendItemsSnapshotOperation {
    /**
     * 
     */
    op: AppendItemsSnapshotOperationOpEnum;
    /**
     * 
     */
    items: Array<SnapshotItem>;
    /**
     * 
     */
    toSection?: Identifier | null;
}


/**
 * @export
 */
export const AppendItemsSnapshotOperationOpEnum = {
    AppendItems: 'appendItems',
} as const;
export type AppendItemsSnapshotOperationOpEnum = typeof AppendItemsSnapshotOperationOpEnum[keyof typeof AppendItemsSnapshotOperationOpEnum];

/**
 * appendSections(_:)
 * @export
 * @interface AppendSectionsSnapshotOperation
 */
export interface AppendSectionsSnapshotOperation {
    /**
     * 
     */
    op: AppendSectionsSnapshotOperationOpEnum;
    /**
     * 
     */
    sections: Array<SnapshotSectionEntry>;
}


/**
 * @export
 */
export const AppendSectionsSnapshotOperationOpEnum = {
    AppendSections: 'appendSections',
} as const;
export type AppendSectionsSnapshotOperationOpEnum = typeof AppendSectionsSnapshotOperationOpEnum[keyof typeof AppendSectionsSnapshotOperationOpEnum];

/**
 * 
 * @export
 * @interface ApplyUpdates422Response
 */
export interface ApplyUpdates422Response {
    /**
     * 
     */
    error: ApplyUpdates422ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ApplyUpdates422ResponseAllOfError
 */
export interface ApplyUpdates422ResponseAllOfError {
    /**
     * 
     */
    code?: ApplyUpdates422ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ApplyUpdates422ResponseAllOfErrorCodeEnum = {
    InvalidUpdate: 'invalid_update',
    HasIdentifiers: 'has_identifiers',
} as const;
export type ApplyUpdates422ResponseAllOfErrorCodeEnum = typeof ApplyUpdates422ResponseAllOfErrorCodeEnum[keyof typeof ApplyUpdates422ResponseAllOfErrorCodeEnum];

/**
 * A cell's attributes (no `kind`).
 * @export
 * @interface CellElement
 */
export interface CellElement {
    /**
     * 
     */
    category: CellElementCategoryEnum;
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * 
     */
    frame: Rect;
    /**
     * 
     */
    visualFrame?: VisualFrame;
    /**
     * 
     */
    zIndex: number;
    /**
     * 
     */
    alpha: number;
    /**
     * 16 numbers m11...m44 (Core Animation's CATransform3D, row-vector convention),
     * acting about the frame's centre. Present only when not the identity.
     * 
     */
    transform3D?: Array<number>;
    /**
     * Present only when true.
     */
    hidden?: boolean;
    /**
     * Layout-specific values by name (`children` in the tree layout, `aspectRatio` in the justified layout).
     */
    extras?: { [key: string]: ExtraValue; };
}


/**
 * @export
 */
export const CellElementCategoryEnum = {
    Cell: 'cell',
} as const;
export type CellElementCategoryEnum = typeof CellElementCategoryEnum[keyof typeof CellElementCategoryEnum];

/**
 * 
 * @export
 * @interface CellKey
 */
export interface CellKey {
    /**
     * 
     */
    category: CellKeyCategoryEnum;
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
}


/**
 * @export
 */
export const CellKeyCategoryEnum = {
    Cell: 'cell',
} as const;
export type CellKeyCategoryEnum = typeof CellKeyCategoryEnum[keyof typeof CellKeyCategoryEnum];

/**
 * 
 * @export
 * @interface CellPlanEntry
 */
export interface CellPlanEntry {
    /**
     * 
     */
    category: CellPlanEntryCategoryEnum;
    /**
     * 
     */
    change: Change;
    /**
     * 
     */
    from: PlanEnd;
    /**
     * 
     */
    to: PlanEnd;
}


/**
 * @export
 */
export const CellPlanEntryCategoryEnum = {
    Cell: 'cell',
} as const;
export type CellPlanEntryCategoryEnum = typeof CellPlanEntryCategoryEnum[keyof typeof CellPlanEntryCategoryEnum];


/**
 * `insert`, `delete`, `move` (the index path changed), `reload` (a reloaded item or section) or `none`.
 * @export
 */
export const Change = {
    Insert: 'insert',
    Delete: 'delete',
    Move: 'move',
    Reload: 'reload',
    None: 'none',
} as const;
export type Change = typeof Change[keyof typeof Change];

/**
 * Apple's CircleLayout sample: the items of section s on a circle of radius
 * min(W, H)·radiusFactor·(1 − 0.1·s) around the centre of the bounds, clockwise
 * from 3 o'clock. Content size = bounds size. Reads `view.bounds`. No item data, no
 * per-section parameters.
 * 
 * @export
 * @interface CircleLayout
 */
export interface CircleLayout {
    /**
     * 
     */
    type: CircleLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    itemSize?: SizeInput | null;
    /**
     * 
     */
    radiusFactor?: number | null;
    /**
     * Add one `background` decoration view covering the content (zIndex −1).
     */
    background?: boolean | null;
}


/**
 * @export
 */
export const CircleLayoutTypeEnum = {
    Circle: 'circle',
} as const;
export type CircleLayoutTypeEnum = typeof CircleLayoutTypeEnum[keyof typeof CircleLayoutTypeEnum];

/**
 * Items of given heights stacked like building blocks in `numColumns` columns,
 * round-robin (item i, counted across all sections, goes to column i mod
 * numColumns). Column width = bounds width / numColumns; each cell is inset by
 * `padding` on all four sides. Reads `view.bounds`. Item data: `height`. No
 * per-section parameters.
 * 
 * @export
 * @interface ColumnLayout
 */
export interface ColumnLayout {
    /**
     * 
     */
    type: ColumnLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    numColumns?: number | null;
    /**
     * 
     */
    padding?: number | null;
}


/**
 * @export
 */
export const ColumnLayoutTypeEnum = {
    Column: 'column',
} as const;
export type ColumnLayoutTypeEnum = typeof ColumnLayoutTypeEnum[keyof typeof ColumnLayoutTypeEnum];

/**
 * A section whose items' data is given column by column, as flat arrays of numbers:
 * `sizes` (`[w0, h0, w1, h1, …]`), `heights`, `aspectRatios` (whichever the layout
 * reads; several may be given if they agree on the number of items).
 * `{"sizes": [50, 60, 70, 80]}` is the same section as
 * `{"items": [{"size": [50, 60]}, {"size": [70, 80]}]}`, checked as strictly; an
 * error names the index, e.g. `dataSource.sections[0].sizes[7]`. A million sizes
 * weigh ~6 MB instead of ~17 MB (two-digit sizes).
 * 
 * @export
 * @interface CompactSection
 */
export interface CompactSection {
    /**
     * Item sizes as one flat array, width then height for each item (an even count).
     * Each number is at least 0 and at most 1e15.
     * 
     */
    sizes?: Array<number>;
    /**
     * The column layout's item heights (each at least 0, at most 1e15).
     */
    heights?: Array<number>;
    /**
     * The justified layout's item aspect ratios (width / height; the layout refuses
     * ratios that are not positive).
     * 
     */
    aspectRatios?: Array<number>;
    /**
     * When given, the number of items the arrays give.
     */
    itemCount?: number | null;
    /**
     * 
     */
    id?: Identifier;
    /**
     * The items' identifiers, one per item the arrays give.
     */
    itemIds?: Array<Identifier> | null;
    /**
     * 
     */
    layout?: SectionLayoutOverride | null;
}
/**
 * 
 * @export
 * @interface CompactSectionAnyOf
 */
export interface CompactSectionAnyOf {
    /**
     * 
     */
    sizes: Array<number>;
}
/**
 * 
 * @export
 * @interface CompactSectionAnyOf1
 */
export interface CompactSectionAnyOf1 {
    /**
     * 
     */
    heights: Array<number>;
}
/**
 * 
 * @export
 * @interface CompactSectionAnyOf2
 */
export interface CompactSectionAnyOf2 {
    /**
     * 
     */
    aspectRatios: Array<number>;
}
/**
 * NSCollectionLayoutAnchor; at most one edge per axis; `fractionalOffset` (of the supplementary's size) or `absoluteOffset`.
 * @export
 * @interface CompositionalAnchor
 */
export interface CompositionalAnchor {
    /**
     * 
     */
    edges?: Array<CompositionalAnchorEdgesEnum> | null;
    /**
     * 
     */
    fractionalOffset?: CompositionalOffset | null;
    /**
     * 
     */
    absoluteOffset?: CompositionalOffset | null;
}


/**
 * @export
 */
export const CompositionalAnchorEdgesEnum = {
    Top: 'top',
    Leading: 'leading',
    Bottom: 'bottom',
    Trailing: 'trailing',
} as const;
export type CompositionalAnchorEdgesEnum = typeof CompositionalAnchorEdgesEnum[keyof typeof CompositionalAnchorEdgesEnum];

/**
 * An NSCollectionLayoutSupplementaryItem anchored to an item (index path of the item)
 * or a group (index path [section, instance]); takes no space (C11).
 * 
 * @export
 * @interface CompositionalAnchoredItem
 */
export interface CompositionalAnchoredItem {
    /**
     * 
     */
    kind: string;
    /**
     * 
     */
    size: CompositionalSize;
    /**
     * 
     */
    anchor: CompositionalAnchor;
    /**
     * 
     */
    zIndex?: number | null;
}
/**
 * NSCollectionLayoutBoundarySupplementaryItem (headers, footers; C10, D4, D5).
 * Index path [section, 0]; pinned ones stay inside the visible rect and their section.
 * 
 * @export
 * @interface CompositionalBoundaryItem
 */
export interface CompositionalBoundaryItem {
    /**
     * 
     */
    kind: string;
    /**
     * 
     */
    size: CompositionalSize;
    /**
     * 
     */
    alignment: CompositionalBoundaryItemAlignmentEnum;
    /**
     * 
     */
    absoluteOffset?: CompositionalOffset | null;
    /**
     * 
     */
    extendsBoundary?: boolean | null;
    /**
     * 
     */
    pinToVisibleBounds?: boolean | null;
    /**
     * 
     */
    zIndex?: number | null;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
}


/**
 * @export
 */
export const CompositionalBoundaryItemAlignmentEnum = {
    Top: 'top',
    Bottom: 'bottom',
    Leading: 'leading',
    Trailing: 'trailing',
    TopLeading: 'topLeading',
    TopTrailing: 'topTrailing',
    BottomLeading: 'bottomLeading',
    BottomTrailing: 'bottomTrailing',
} as const;
export type CompositionalBoundaryItemAlignmentEnum = typeof CompositionalBoundaryItemAlignmentEnum[keyof typeof CompositionalBoundaryItemAlignmentEnum];

/**
 * A section decoration covering the whole section (C12, D6), index path [section, 0].
 * @export
 * @interface CompositionalDecorationItem
 */
export interface CompositionalDecorationItem {
    /**
     * 
     */
    kind: string;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
    /**
     * 
     */
    zIndex?: number | null;
}
/**
 * NSCollectionLayoutDimension: exactly one of `absolute`, `estimated` (> 0),
 * `fractionalWidth`, `fractionalHeight` (of the container, C1); none negative.
 * 
 * @export
 * @interface CompositionalDimension
 */
export interface CompositionalDimension {
    /**
     * 
     */
    absolute?: number;
    /**
     * 
     */
    estimated?: number;
    /**
     * 
     */
    fractionalWidth?: number;
    /**
     * 
     */
    fractionalHeight?: number;
}
/**
 * NSCollectionLayoutEdgeSpacing, outside the item's slot (C2).
 * @export
 * @interface CompositionalEdgeSpacing
 */
export interface CompositionalEdgeSpacing {
    /**
     * 
     */
    leading?: CompositionalSpacing | null;
    /**
     * 
     */
    top?: CompositionalSpacing | null;
    /**
     * 
     */
    trailing?: CompositionalSpacing | null;
    /**
     * 
     */
    bottom?: CompositionalSpacing | null;
}
/**
 * NSCollectionLayoutGroup. `horizontal` and `vertical` groups lay out `subitems`
 * (items, or groups when they have an `axis`): repeating them while they fit (C3), or
 * exactly `count` slots of one subitem (C4). A `custom` group gives its items'
 * `frames` relative to its origin instead.
 * 
 * @export
 * @interface CompositionalGroup
 */
export interface CompositionalGroup {
    /**
     * 
     */
    axis: CompositionalGroupAxisEnum;
    /**
     * 
     */
    size: CompositionalSize;
    /**
     * 
     */
    subitems?: Array<CompositionalSubitem> | null;
    /**
     * Only with exactly one subitem (`subitem:count:`).
     */
    count?: number | null;
    /**
     * 
     */
    interItemSpacing?: CompositionalSpacing | null;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
    /**
     * 
     */
    edgeSpacing?: CompositionalEdgeSpacing | null;
    /**
     * 
     */
    supplementaryItems?: Array<CompositionalAnchoredItem> | null;
    /**
     * A custom group's item frames, [x, y, width, height] relative to the group's origin.
     */
    frames?: Array<Array<number>> | null;
}


/**
 * @export
 */
export const CompositionalGroupAxisEnum = {
    Horizontal: 'horizontal',
    Vertical: 'vertical',
    Custom: 'custom',
} as const;
export type CompositionalGroupAxisEnum = typeof CompositionalGroupAxisEnum[keyof typeof CompositionalGroupAxisEnum];

/**
 * NSDirectionalEdgeInsets; one number for all four edges, or the edges (missing = 0). Not negative.
 * @export
 * @interface CompositionalInsets
 */
export interface CompositionalInsets {
    /**
     * 
     */
    top?: number;
    /**
     * 
     */
    leading?: number;
    /**
     * 
     */
    bottom?: number;
    /**
     * 
     */
    trailing?: number;
}
/**
 * 
 * @export
 * @interface CompositionalInsetsAnyOf
 */
export interface CompositionalInsetsAnyOf {
    /**
     * 
     */
    top?: number;
    /**
     * 
     */
    leading?: number;
    /**
     * 
     */
    bottom?: number;
    /**
     * 
     */
    trailing?: number;
}
/**
 * NSCollectionLayoutItem.
 * @export
 * @interface CompositionalItem
 */
export interface CompositionalItem {
    /**
     * 
     */
    size: CompositionalSize;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
    /**
     * 
     */
    edgeSpacing?: CompositionalEdgeSpacing | null;
    /**
     * 
     */
    supplementaryItems?: Array<CompositionalAnchoredItem> | null;
}
/**
 * UICollectionViewCompositionalLayout, iOS 17 behaviour (docs/compositional.md
 * C1–C15): items in groups, groups in sections. `section` is used by every
 * data-source section without its own `layout` (a whole `CompositionalSection`).
 * Reads `view.bounds`, `scale` (C14 pixel snapping), `contentOffset` and
 * `contentInset` (pinned boundary items) and `orthogonalOffsets` (C13). Item data:
 * `size` is a measured size (self-sizing), used on estimated axes only (C15).
 * Supplementary kinds are the client's own; decorations are `decoration` elements.
 * Errors name the JSON path (`layout.section.group.subitems[1].size.width`).
 * 
 * @export
 * @interface CompositionalLayout
 */
export interface CompositionalLayout {
    /**
     * 
     */
    type: CompositionalLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    scrollDirection?: CompositionalLayoutScrollDirectionEnum | null;
    /**
     * Between consecutive sections, also after an empty one (C6).
     */
    interSectionSpacing?: number | null;
    /**
     * 
     */
    section: CompositionalSection;
    /**
     * Layout-level headers and footers around all sections, at index path [0, 0] (D7).
     */
    boundarySupplementaryItems?: Array<CompositionalBoundaryItem> | null;
}


/**
 * @export
 */
export const CompositionalLayoutTypeEnum = {
    Compositional: 'compositional',
} as const;
export type CompositionalLayoutTypeEnum = typeof CompositionalLayoutTypeEnum[keyof typeof CompositionalLayoutTypeEnum];

/**
 * @export
 */
export const CompositionalLayoutScrollDirectionEnum = {
    Vertical: 'vertical',
    Horizontal: 'horizontal',
} as const;
export type CompositionalLayoutScrollDirectionEnum = typeof CompositionalLayoutScrollDirectionEnum[keyof typeof CompositionalLayoutScrollDirectionEnum];

/**
 * 
 * @export
 * @interface CompositionalOffset
 */
export interface CompositionalOffset {
    /**
     * 
     */
    x?: number;
    /**
     * 
     */
    y?: number;
}
/**
 * NSCollectionLayoutSection: a `group` and the members beside it, or a list section,
 * `list` alone (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`,
 * [docs/compositional.md](docs/compositional.md) §6) whose insets, header, footer,
 * separators and background come from the list configuration and the view
 * (`layoutMargins`, `safeAreaInsets`, `wideMargins`, `scale`, `layoutDirection`). A
 * section with neither, or `list` with any other member, is a 400 naming the field.
 * 
 * @export
 * @interface CompositionalSection
 */
export interface CompositionalSection {
    /**
     * 
     */
    list?: ListConfiguration;
    /**
     * 
     */
    group?: CompositionalGroup;
    /**
     * 
     */
    interGroupSpacing?: number | null;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
    /**
     * 
     */
    supplementariesFollowContentInsets?: boolean | null;
    /**
     * Other than `none`, groups run across the scroll axis and the section scrolls by its own offset (C13).
     */
    orthogonalScrollingBehavior?: CompositionalSectionOrthogonalScrollingBehaviorEnum | null;
    /**
     * 
     */
    boundarySupplementaryItems?: Array<CompositionalBoundaryItem> | null;
    /**
     * 
     */
    decorationItems?: Array<CompositionalDecorationItem> | null;
}


/**
 * @export
 */
export const CompositionalSectionOrthogonalScrollingBehaviorEnum = {
    None: 'none',
    Continuous: 'continuous',
    ContinuousGroupLeadingBoundary: 'continuousGroupLeadingBoundary',
    Paging: 'paging',
    GroupPaging: 'groupPaging',
    GroupPagingCentered: 'groupPagingCentered',
} as const;
export type CompositionalSectionOrthogonalScrollingBehaviorEnum = typeof CompositionalSectionOrthogonalScrollingBehaviorEnum[keyof typeof CompositionalSectionOrthogonalScrollingBehaviorEnum];

/**
 * NSCollectionLayoutSize.
 * @export
 * @interface CompositionalSize
 */
export interface CompositionalSize {
    /**
     * 
     */
    width: CompositionalDimension;
    /**
     * 
     */
    height: CompositionalDimension;
}
/**
 * NSCollectionLayoutSpacing, exactly one of `fixed` or `flexible` (at least v, sharing the leftover, C6).
 * @export
 * @interface CompositionalSpacing
 */
export interface CompositionalSpacing {
    /**
     * 
     */
    fixed?: number;
    /**
     * 
     */
    flexible?: number;
}
/**
 * A group's subitem: an item, or a nested group (an object with `axis`).
 * @export
 * @interface CompositionalSubitem
 */
export interface CompositionalSubitem {
    /**
     * 
     */
    size: CompositionalSize;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
    /**
     * 
     */
    edgeSpacing?: CompositionalEdgeSpacing | null;
    /**
     * 
     */
    supplementaryItems?: Array<CompositionalAnchoredItem> | null;
    /**
     * 
     */
    axis: CompositionalSubitemAxisEnum;
    /**
     * 
     */
    subitems?: Array<CompositionalSubitem> | null;
    /**
     * Only with exactly one subitem (`subitem:count:`).
     */
    count?: number | null;
    /**
     * 
     */
    interItemSpacing?: CompositionalSpacing | null;
    /**
     * A custom group's item frames, [x, y, width, height] relative to the group's origin.
     */
    frames?: Array<Array<number>> | null;
}


/**
 * @export
 */
export const CompositionalSubitemAxisEnum = {
    Horizontal: 'horizontal',
    Vertical: 'vertical',
    Custom: 'custom',
} as const;
export type CompositionalSubitemAxisEnum = typeof CompositionalSubitemAxisEnum[keyof typeof CompositionalSubitemAxisEnum];

/**
 * 
 * @export
 * @interface ComputeLayout400Response
 */
export interface ComputeLayout400Response {
    /**
     * 
     */
    error: ComputeLayout400ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout400ResponseAllOfError
 */
export interface ComputeLayout400ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout400ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout400ResponseAllOfErrorCodeEnum = {
    InvalidJson: 'invalid_json',
    InvalidRequest: 'invalid_request',
} as const;
export type ComputeLayout400ResponseAllOfErrorCodeEnum = typeof ComputeLayout400ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout400ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout408Response
 */
export interface ComputeLayout408Response {
    /**
     * 
     */
    error: ComputeLayout408ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout408ResponseAllOfError
 */
export interface ComputeLayout408ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout408ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout408ResponseAllOfErrorCodeEnum = {
    RequestTimeout: 'request_timeout',
} as const;
export type ComputeLayout408ResponseAllOfErrorCodeEnum = typeof ComputeLayout408ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout408ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout413Response
 */
export interface ComputeLayout413Response {
    /**
     * 
     */
    error: ComputeLayout413ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout413ResponseAllOfError
 */
export interface ComputeLayout413ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout413ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout413ResponseAllOfErrorCodeEnum = {
    PayloadTooLarge: 'payload_too_large',
} as const;
export type ComputeLayout413ResponseAllOfErrorCodeEnum = typeof ComputeLayout413ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout413ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout414Response
 */
export interface ComputeLayout414Response {
    /**
     * 
     */
    error: ComputeLayout414ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout414ResponseAllOfError
 */
export interface ComputeLayout414ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout414ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout414ResponseAllOfErrorCodeEnum = {
    UriTooLong: 'uri_too_long',
} as const;
export type ComputeLayout414ResponseAllOfErrorCodeEnum = typeof ComputeLayout414ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout414ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout417Response
 */
export interface ComputeLayout417Response {
    /**
     * 
     */
    error: ComputeLayout417ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout417ResponseAllOfError
 */
export interface ComputeLayout417ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout417ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout417ResponseAllOfErrorCodeEnum = {
    ExpectationFailed: 'expectation_failed',
} as const;
export type ComputeLayout417ResponseAllOfErrorCodeEnum = typeof ComputeLayout417ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout417ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout431Response
 */
export interface ComputeLayout431Response {
    /**
     * 
     */
    error: ComputeLayout431ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout431ResponseAllOfError
 */
export interface ComputeLayout431ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout431ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout431ResponseAllOfErrorCodeEnum = {
    HeadersTooLarge: 'headers_too_large',
} as const;
export type ComputeLayout431ResponseAllOfErrorCodeEnum = typeof ComputeLayout431ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout431ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout503Response
 */
export interface ComputeLayout503Response {
    /**
     * 
     */
    error: ComputeLayout503ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout503ResponseAllOfError
 */
export interface ComputeLayout503ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout503ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout503ResponseAllOfErrorCodeEnum = {
    ServerBusy: 'server_busy',
} as const;
export type ComputeLayout503ResponseAllOfErrorCodeEnum = typeof ComputeLayout503ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout503ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ComputeLayout507Response
 */
export interface ComputeLayout507Response {
    /**
     * 
     */
    error: ComputeLayout507ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface ComputeLayout507ResponseAllOfError
 */
export interface ComputeLayout507ResponseAllOfError {
    /**
     * 
     */
    code?: ComputeLayout507ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ComputeLayout507ResponseAllOfErrorCodeEnum = {
    ReplyTooLarge: 'reply_too_large',
} as const;
export type ComputeLayout507ResponseAllOfErrorCodeEnum = typeof ComputeLayout507ResponseAllOfErrorCodeEnum[keyof typeof ComputeLayout507ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface ConflictError
 */
export interface ConflictError {
    /**
     * 
     */
    error: ConflictErrorAllOfError;
}
/**
 * 
 * @export
 * @interface ConflictErrorAllOfError
 */
export interface ConflictErrorAllOfError {
    /**
     * 
     */
    code?: ConflictErrorAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const ConflictErrorAllOfErrorCodeEnum = {
    Conflict: 'conflict',
} as const;
export type ConflictErrorAllOfErrorCodeEnum = typeof ConflictErrorAllOfErrorCodeEnum[keyof typeof ConflictErrorAllOfErrorCodeEnum];

/**
 * @type ContentOffsetAnchor
 * What a change keeps in place on screen ([docs/api.md](docs/api.md#anchored-updates)):
 * `firstVisible`, the first cell visible before the change (in index-path order) that
 * the change keeps, or an element named by its index path before the change (`kind`
 * for a supplementary view, which must exist: 400 naming `anchor.indexPath`
 * otherwise). The content offset moves by as much as the anchor moved in the content,
 * clamped to the new content, and is stored as the view's: a feed that prepends keeps
 * what the reader sees where it was. Left out or null, the offset is kept, clamped to
 * the new content, as UIScrollView keeps it.
 * 
 * @export
 */
export type ContentOffsetAnchor = ElementReference | FirstVisibleAnchor;
/**
 * 
 * @export
 * @interface ContentOffsetResult
 */
export interface ContentOffsetResult {
    /**
     * The session's version (unchanged).
     */
    version: number;
    /**
     * 
     */
    contentOffset: Point;
}
/**
 * A section of `itemCount` items that use the layout's defaults.
 * @export
 * @interface CountedSection
 */
export interface CountedSection {
    /**
     * 
     */
    id?: Identifier;
    /**
     * The number of items.
     */
    itemCount: number;
    /**
     * The items' identifiers, one per item.
     */
    itemIds?: Array<Identifier> | null;
    /**
     * 
     */
    layout?: SectionLayoutOverride | null;
}
/**
 * Cover flow: the items of all sections form one horizontal strip; the centred
 * cell faces the viewer, the others turn away (transform3D with perspective).
 * Optional `reflection` decoration views and `header` supplementary views. Reads
 * `view.bounds` and `contentOffset`; every scroll invalidates all attributes. No
 * item data, no per-section parameters.
 * 
 * @export
 * @interface CoverFlowLayout
 */
export interface CoverFlowLayout {
    /**
     * 
     */
    type: CoverFlowLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    cellSize?: SizeInput | null;
    /**
     * The distance between neighbouring cell centres. Default `cellSize.width / 3`.
     */
    cellInterval?: number | null;
    /**
     * Add a `reflection` decoration view under every cell (alpha 0.3).
     */
    reflection?: boolean | null;
    /**
     * When above 0, a `header` over the cells of every non-empty section.
     */
    headerHeight?: number | null;
}


/**
 * @export
 */
export const CoverFlowLayoutTypeEnum = {
    CoverFlow: 'coverFlow',
} as const;
export type CoverFlowLayoutTypeEnum = typeof CoverFlowLayoutTypeEnum[keyof typeof CoverFlowLayoutTypeEnum];

/**
 * 
 * @export
 * @interface CreateSession503Response
 */
export interface CreateSession503Response {
    /**
     * 
     */
    error: CreateSession503ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface CreateSession503ResponseAllOfError
 */
export interface CreateSession503ResponseAllOfError {
    /**
     * 
     */
    code?: CreateSession503ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const CreateSession503ResponseAllOfErrorCodeEnum = {
    TooManySessions: 'too_many_sessions',
    StoreUnavailable: 'store_unavailable',
    ServerBusy: 'server_busy',
} as const;
export type CreateSession503ResponseAllOfErrorCodeEnum = typeof CreateSession503ResponseAllOfErrorCodeEnum[keyof typeof CreateSession503ResponseAllOfErrorCodeEnum];

/**
 * The sections and their items. Sections and items may carry identifiers, as those
 * of a diffable data source do ([docs/snapshots.md](docs/snapshots.md)): a section
 * its `id`, its items theirs as `itemIds` or as `id` in each of `items`. Then every
 * section and every item has one (400 naming the first without otherwise), section
 * identifiers are unique among sections and item identifiers among all items (422
 * `duplicate_section_identifiers` or `duplicate_item_identifiers` otherwise), and the
 * session has a snapshot (`GET …/snapshot`). The sections of batch updates take no
 * identifiers.
 * 
 * @export
 * @interface DataSource
 */
export interface DataSource {
    /**
     * The sections, in order; at most 2,000 by default (each costs memory even when empty).
     */
    sections: Array<Section>;
    /**
     * `true`: the data source has identifiers even when it has no section (every
     * section must then have an `id`). `false`: it has none (a section with an `id`
     * is a 400). Left out, the sections say.
     * 
     */
    identifiers?: boolean | null;
}
/**
 * A decoration view's attributes (`reflection`, `background`, ...).
 * @export
 * @interface DecorationElement
 */
export interface DecorationElement {
    /**
     * 
     */
    category: DecorationElementCategoryEnum;
    /**
     * A supplementary or decoration view's kind: `header`, `footer`, `connector`, `reflection`, `background`, ...
     */
    kind: string;
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * 
     */
    frame: Rect;
    /**
     * 
     */
    visualFrame?: VisualFrame;
    /**
     * 
     */
    zIndex: number;
    /**
     * 
     */
    alpha: number;
    /**
     * 16 numbers m11...m44 (Core Animation's CATransform3D, row-vector convention),
     * acting about the frame's centre. Present only when not the identity.
     * 
     */
    transform3D?: Array<number>;
    /**
     * Present only when true.
     */
    hidden?: boolean;
    /**
     * Layout-specific values by name (`children` in the tree layout, `aspectRatio` in the justified layout).
     */
    extras?: { [key: string]: ExtraValue; };
}


/**
 * @export
 */
export const DecorationElementCategoryEnum = {
    Decoration: 'decoration',
} as const;
export type DecorationElementCategoryEnum = typeof DecorationElementCategoryEnum[keyof typeof DecorationElementCategoryEnum];

/**
 * 
 * @export
 * @interface DecorationKey
 */
export interface DecorationKey {
    /**
     * 
     */
    category: DecorationKeyCategoryEnum;
    /**
     * A supplementary or decoration view's kind: `header`, `footer`, `connector`, `reflection`, `background`, ...
     */
    kind: string;
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
}


/**
 * @export
 */
export const DecorationKeyCategoryEnum = {
    Decoration: 'decoration',
} as const;
export type DecorationKeyCategoryEnum = typeof DecorationKeyCategoryEnum[keyof typeof DecorationKeyCategoryEnum];

/**
 * 
 * @export
 * @interface DecorationPlanEntry
 */
export interface DecorationPlanEntry {
    /**
     * 
     */
    category: DecorationPlanEntryCategoryEnum;
    /**
     * A supplementary or decoration view's kind: `header`, `footer`, `connector`, `reflection`, `background`, ...
     */
    kind: string;
    /**
     * 
     */
    change: Change;
    /**
     * 
     */
    from: PlanEnd;
    /**
     * 
     */
    to: PlanEnd;
}


/**
 * @export
 */
export const DecorationPlanEntryCategoryEnum = {
    Decoration: 'decoration',
} as const;
export type DecorationPlanEntryCategoryEnum = typeof DecorationPlanEntryCategoryEnum[keyof typeof DecorationPlanEntryCategoryEnum];

/**
 * deleteAllItems(), which deletes every section too (as UIKit's does).
 * @export
 * @interface DeleteAllItemsSnapshotOperation
 */
export interface DeleteAllItemsSnapshotOperation {
    /**
     * 
     */
    op: DeleteAllItemsSnapshotOperationOpEnum;
}


/**
 * @export
 */
export const DeleteAllItemsSnapshotOperationOpEnum = {
    DeleteAllItems: 'deleteAllItems',
} as const;
export type DeleteAllItemsSnapshotOperationOpEnum = typeof DeleteAllItemsSnapshotOperationOpEnum[keyof typeof DeleteAllItemsSnapshotOperationOpEnum];

/**
 * deleteItemsAtIndexPaths: (index paths before the update).
 * @export
 * @interface DeleteItemsOperation
 */
export interface DeleteItemsOperation {
    /**
     * 
     */
    op: DeleteItemsOperationOpEnum;
    /**
     * 
     */
    indexPaths: Array<Array<number>>;
}


/**
 * @export
 */
export const DeleteItemsOperationOpEnum = {
    DeleteItems: 'deleteItems',
} as const;
export type DeleteItemsOperationOpEnum = typeof DeleteItemsOperationOpEnum[keyof typeof DeleteItemsOperationOpEnum];

/**
 * deleteItems(_:)
 * @export
 * @interface DeleteItemsSnapshotOperation
 */
export interface DeleteItemsSnapshotOperation {
    /**
     * 
     */
    op: DeleteItemsSnapshotOperationOpEnum;
    /**
     * 
     */
    items: Array<Identifier>;
}


/**
 * @export
 */
export const DeleteItemsSnapshotOperationOpEnum = {
    DeleteItems: 'deleteItems',
} as const;
export type DeleteItemsSnapshotOperationOpEnum = typeof DeleteItemsSnapshotOperationOpEnum[keyof typeof DeleteItemsSnapshotOperationOpEnum];

/**
 * deleteSections: (indexes before the update).
 * @export
 * @interface DeleteSectionsOperation
 */
export interface DeleteSectionsOperation {
    /**
     * 
     */
    op: DeleteSectionsOperationOpEnum;
    /**
     * 
     */
    sections: Array<number>;
}


/**
 * @export
 */
export const DeleteSectionsOperationOpEnum = {
    DeleteSections: 'deleteSections',
} as const;
export type DeleteSectionsOperationOpEnum = typeof DeleteSectionsOperationOpEnum[keyof typeof DeleteSectionsOperationOpEnum];

/**
 * deleteSections(_:), with their items.
 * @export
 * @interface DeleteSectionsSnapshotOperation
 */
export interface DeleteSectionsSnapshotOperation {
    /**
     * 
     */
    op: DeleteSectionsSnapshotOperationOpEnum;
    /**
     * 
     */
    sections: Array<Identifier>;
}


/**
 * @export
 */
export const DeleteSectionsSnapshotOperationOpEnum = {
    DeleteSections: 'deleteSections',
} as const;
export type DeleteSectionsSnapshotOperationOpEnum = typeof DeleteSectionsSnapshotOperationOpEnum[keyof typeof DeleteSectionsSnapshotOperationOpEnum];

/**
 * 
 * @export
 * @interface DeleteSession412Response
 */
export interface DeleteSession412Response {
    /**
     * 
     */
    error: DeleteSession412ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface DeleteSession412ResponseAllOfError
 */
export interface DeleteSession412ResponseAllOfError {
    /**
     * 
     */
    code?: DeleteSession412ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const DeleteSession412ResponseAllOfErrorCodeEnum = {
    PreconditionFailed: 'precondition_failed',
} as const;
export type DeleteSession412ResponseAllOfErrorCodeEnum = typeof DeleteSession412ResponseAllOfErrorCodeEnum[keyof typeof DeleteSession412ResponseAllOfErrorCodeEnum];

/**
 * UICollectionViewLayout's `developmentLayoutDirection`. Default `leftToRight`.
 * @export
 * @interface DevelopmentLayoutDirection
 */
export interface DevelopmentLayoutDirection {
}
/**
 * @type Element
 * One element's layout attributes; `category` says which kind of element it is.
 * `kind` is present for supplementary and decoration views only; `transform3D`
 * only when not the identity; `hidden` only when true; `extras` only when the
 * layout adds any (`children` index paths in the tree layout, `aspectRatio` in the
 * justified layout). The frame is the untransformed frame, as in UIKit.
 * 
 * @export
 */
export type Element = { category: 'cell' } & CellElement | { category: 'decoration' } & DecorationElement | { category: 'supplementary' } & SupplementaryElement;
/**
 * @type ElementKey
 * Which element (`kind` for supplementary and decoration views only).
 * @export
 */
export type ElementKey = { category: 'cell' } & CellKey | { category: 'decoration' } & DecorationKey | { category: 'supplementary' } & SupplementaryKey;
/**
 * An element by index path; with `kind`, the supplementary view of that kind.
 * @export
 * @interface ElementReference
 */
export interface ElementReference {
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * A supplementary view's kind (`header`, `footer`, ...); left out, the cell.
     */
    kind?: string;
}
/**
 * 
 * @export
 * @interface ElementsPage
 */
export interface ElementsPage {
    /**
     * 
     */
    version: number;
    /**
     * 
     */
    contentSize: Size;
    /**
     * 
     */
    elements: Array<Element>;
}
/**
 * 
 * @export
 * @interface ErrorError
 */
export interface ErrorError {
    /**
     * Stable and machine-readable: `invalid_json`, `invalid_request`,
     * `not_found`, `method_not_allowed`, `conflict`, `precondition_failed`,
     * `payload_too_large`, `uri_too_long`, `expectation_failed`,
     * `invalid_update`, `duplicate_item_identifiers`,
     * `duplicate_section_identifiers`, `unknown_item_identifier`,
     * `unknown_section_identifier`, `no_sections`, `item_data_required`,
     * `no_identifiers`, `has_identifiers` (422: a snapshot refused, see
     * docs/snapshots.md), `headers_too_large`, `not_implemented`,
     * `http_version_not_supported`, `too_many_sessions`,
     * `store_unavailable` (503: the session store did not answer; nothing
     * changed), `store_outcome_unknown` (503: a change was sent to the store
     * but not confirmed; read the session before retrying),
     * `session_quarantined` (500: a stored session no longer decodes; it
     * was set aside, its data kept for an operator), `request_timeout` (408),
     * `server_busy` (503), `internal_error` (500, never expected: a bug).
     * 
     */
    code: string;
    /**
     * For people; its wording may change.
     */
    message: string;
    /**
     * Where the fault lies: the JSON path of the offending input
     * (`dataSource.sections[2].layout.minimumLineSpacing`,
     * `dataSource.sections[0].items[4].size`), or a query parameter, path
     * parameter or header name (`rect`, `section`, `If-Match`, `id`).
     * 
     */
    field?: string;
}
/**
 * @type ExtraValue
 * A number (`aspectRatio`) or a list of index paths (`children`).
 * @export
 */
export type ExtraValue = Array<Array<number>> | number;

/**
 * 
 * @export
 */
export const FirstVisibleAnchor = {
    FirstVisible: 'firstVisible',
} as const;
export type FirstVisibleAnchor = typeof FirstVisibleAnchor[keyof typeof FirstVisibleAnchor];

/**
 * UICollectionViewFlowLayout ([docs/flow.md](docs/flow.md)). Lines of items along the scroll axis,
 * with optional headers and footers (`header`, `footer`, zIndex 10). Reads
 * `view.bounds`, `contentInset`, `contentOffset` (pinning) and `scale` (origin
 * rounding). Item data: `size` (else `itemSize`). Per section (`SectionLayout`):
 * `itemSize`, `minimumLineSpacing`, `minimumInteritemSpacing`, `sectionInset`,
 * `headerReferenceSize`, `footerReferenceSize`.
 * 
 * @export
 * @interface FlowLayout
 */
export interface FlowLayout {
    /**
     * 
     */
    type: FlowLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    scrollDirection?: FlowLayoutScrollDirectionEnum | null;
    /**
     * The size of items that give no size of their own.
     */
    itemSize?: SizeInput | null;
    /**
     * The least gap between lines (negative values are allowed and overlap).
     */
    minimumLineSpacing?: number | null;
    /**
     * The least gap between items of one line (negative values are allowed).
     */
    minimumInteritemSpacing?: number | null;
    /**
     * 
     */
    sectionInset?: InsetsInput | null;
    /**
     * Only the along-axis component is used; 0 means no header.
     */
    headerReferenceSize?: SizeInput | null;
    /**
     * Only the along-axis component is used; 0 means no footer.
     */
    footerReferenceSize?: SizeInput | null;
    /**
     * 
     */
    sectionHeadersPinToVisibleBounds?: boolean | null;
    /**
     * 
     */
    sectionFootersPinToVisibleBounds?: boolean | null;
    /**
     * Reproduce UIKit's observed quirks Q1-Q3 (docs/flow.md R16): swapped spacings in
     * horizontal mixed sections, the empty leading line before an oversize first
     * item, leading zero-size items ignored when detecting uniform sections.
     * `false` follows the documented intent instead.
     * 
     */
    uikitQuirks?: boolean | null;
    /**
     * Self-sizing: when given and not zero, items are laid out at this estimate
     * until their preferred sizes are reported. Left out (the default), items are
     * not self-sizing.
     * 
     */
    estimatedItemSize?: SizeInput | null;
}


/**
 * @export
 */
export const FlowLayoutTypeEnum = {
    Flow: 'flow',
} as const;
export type FlowLayoutTypeEnum = typeof FlowLayoutTypeEnum[keyof typeof FlowLayoutTypeEnum];

/**
 * @export
 */
export const FlowLayoutScrollDirectionEnum = {
    Vertical: 'vertical',
    Horizontal: 'horizontal',
} as const;
export type FlowLayoutScrollDirectionEnum = typeof FlowLayoutScrollDirectionEnum[keyof typeof FlowLayoutScrollDirectionEnum];

/**
 * The document, a YAML mapping (shown here as it parses).
 * @export
 * @interface GetOpenAPIDocument200Response
 */
export interface GetOpenAPIDocument200Response {
    /**
     * 
     */
    openapi: GetOpenAPIDocument200ResponseOpenapiEnum;
}


/**
 * @export
 */
export const GetOpenAPIDocument200ResponseOpenapiEnum = {
    _303: '3.0.3',
} as const;
export type GetOpenAPIDocument200ResponseOpenapiEnum = typeof GetOpenAPIDocument200ResponseOpenapiEnum[keyof typeof GetOpenAPIDocument200ResponseOpenapiEnum];

/**
 * 
 * @export
 * @interface GetSession503Response
 */
export interface GetSession503Response {
    /**
     * 
     */
    error: GetSession503ResponseAllOfError;
}
/**
 * 
 * @export
 * @interface GetSession503ResponseAllOfError
 */
export interface GetSession503ResponseAllOfError {
    /**
     * 
     */
    code?: GetSession503ResponseAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const GetSession503ResponseAllOfErrorCodeEnum = {
    StoreUnavailable: 'store_unavailable',
    StoreOutcomeUnknown: 'store_outcome_unknown',
    TooManySessions: 'too_many_sessions',
    ServerBusy: 'server_busy',
} as const;
export type GetSession503ResponseAllOfErrorCodeEnum = typeof GetSession503ResponseAllOfErrorCodeEnum[keyof typeof GetSession503ResponseAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface Health
 */
export interface Health {
    /**
     * 
     */
    status: HealthStatusEnum;
    /**
     * Live sessions: with the memory store, all of them; with a shared store (SQLite,
     * Redis), the ones this replica holds a copy of (/healthz never asks the store).
     * 
     */
    sessions: number;
}


/**
 * @export
 */
export const HealthStatusEnum = {
    Ok: 'ok',
} as const;
export type HealthStatusEnum = typeof HealthStatusEnum[keyof typeof HealthStatusEnum];

/**
 * An item's identifier with its data (the keys of `ItemData`).
 * @export
 * @interface IdentifiedItem
 */
export interface IdentifiedItem {
    /**
     * 
     */
    id: Identifier;
    /**
     * 
     */
    size?: SizeInput;
    /**
     * The item's height (column layout).
     */
    height?: number;
    /**
     * Width / height (justified layout). The layout rejects values it cannot use.
     */
    aspectRatio?: number;
    /**
     * Tree layout only, as in `ItemData`.
     */
    children?: Array<number>;
}
/**
 * A section with an identifier whose items are given by their identifiers alone,
 * one item per identifier; the items use the layout's defaults.
 * 
 * @export
 * @interface IdentifiedSection
 */
export interface IdentifiedSection {
    /**
     * 
     */
    id: Identifier;
    /**
     * The items' identifiers, in order.
     */
    itemIds: Array<Identifier>;
    /**
     * 
     */
    layout?: SectionLayoutOverride | null;
}
/**
 * @type Identifier
 * A section's or an item's identifier (docs/snapshots.md): a string of at most 256
 * UTF-8 bytes, or an integer within ±(2^53 − 1) (where every integer is exact). `1` and
 * `"1"` are different identifiers. Section identifiers are unique among sections,
 * item identifiers among all items of all sections.
 * 
 * @export
 */
export type Identifier = number | string;
/**
 * 
 * @export
 * @interface InlineObject
 */
export interface InlineObject {
    /**
     * 
     */
    error: InlineObjectAllOfError;
}
/**
 * 
 * @export
 * @interface InlineObject1
 */
export interface InlineObject1 {
    /**
     * 
     */
    error: InlineObject1AllOfError;
}
/**
 * 
 * @export
 * @interface InlineObject1AllOfError
 */
export interface InlineObject1AllOfError {
    /**
     * 
     */
    code?: InlineObject1AllOfErrorCodeEnum;
}


/**
 * @export
 */
export const InlineObject1AllOfErrorCodeEnum = {
    NotImplemented: 'not_implemented',
} as const;
export type InlineObject1AllOfErrorCodeEnum = typeof InlineObject1AllOfErrorCodeEnum[keyof typeof InlineObject1AllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface InlineObject2
 */
export interface InlineObject2 {
    /**
     * 
     */
    error: InlineObject2AllOfError;
}
/**
 * 
 * @export
 * @interface InlineObject2AllOfError
 */
export interface InlineObject2AllOfError {
    /**
     * 
     */
    code?: InlineObject2AllOfErrorCodeEnum;
}


/**
 * @export
 */
export const InlineObject2AllOfErrorCodeEnum = {
    HttpVersionNotSupported: 'http_version_not_supported',
} as const;
export type InlineObject2AllOfErrorCodeEnum = typeof InlineObject2AllOfErrorCodeEnum[keyof typeof InlineObject2AllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface InlineObjectAllOfError
 */
export interface InlineObjectAllOfError {
    /**
     * 
     */
    code?: InlineObjectAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const InlineObjectAllOfErrorCodeEnum = {
    MethodNotAllowed: 'method_not_allowed',
} as const;
export type InlineObjectAllOfErrorCodeEnum = typeof InlineObjectAllOfErrorCodeEnum[keyof typeof InlineObjectAllOfErrorCodeEnum];

/**
 * insertItemsAtIndexPaths: (index paths after the update). `items` gives the new
 * items' data, one entry per index path in the same order (a different count is a
 * 422); left out, the items use the layout's defaults (a layout that needs item
 * data then answers 400).
 * 
 * @export
 * @interface InsertItemsOperation
 */
export interface InsertItemsOperation {
    /**
     * 
     */
    op: InsertItemsOperationOpEnum;
    /**
     * 
     */
    indexPaths: Array<Array<number>>;
    /**
     * 
     */
    items?: Array<Item> | null;
}


/**
 * @export
 */
export const InsertItemsOperationOpEnum = {
    InsertItems: 'insertItems',
} as const;
export type InsertItemsOperationOpEnum = typeof InsertItemsOperationOpEnum[keyof typeof InsertItemsOperationOpEnum];

/**
 * insertItems(_:beforeItem:) or insertItems(_:afterItem:): exactly one anchor.
 * @export
 * @interface InsertItemsSnapshotOperation
 */
export interface InsertItemsSnapshotOperation {
    /**
     * 
     */
    op: InsertItemsSnapshotOperationOpEnum;
    /**
     * 
     */
    items: Array<SnapshotItem>;
    /**
     * 
     */
    beforeItem?: Identifier;
    /**
     * 
     */
    afterItem?: Identifier;
}


/**
 * @export
 */
export const InsertItemsSnapshotOperationOpEnum = {
    InsertItems: 'insertItems',
} as const;
export type InsertItemsSnapshotOperationOpEnum = typeof InsertItemsSnapshotOperationOpEnum[keyof typeof InsertItemsSnapshotOperationOpEnum];

/**
 * insertSections: (indexes after the update). `data` is required: one section (as
 * in `dataSource.sections`, with its own `layout` if any) per inserted section, in
 * the same order.
 * 
 * @export
 * @interface InsertSectionsOperation
 */
export interface InsertSectionsOperation {
    /**
     * 
     */
    op: InsertSectionsOperationOpEnum;
    /**
     * 
     */
    sections: Array<number>;
    /**
     * 
     */
    data: Array<Section>;
}


/**
 * @export
 */
export const InsertSectionsOperationOpEnum = {
    InsertSections: 'insertSections',
} as const;
export type InsertSectionsOperationOpEnum = typeof InsertSectionsOperationOpEnum[keyof typeof InsertSectionsOperationOpEnum];

/**
 * insertSections(_:beforeSection:) or insertSections(_:afterSection:): exactly one anchor.
 * @export
 * @interface InsertSectionsSnapshotOperation
 */
export interface InsertSectionsSnapshotOperation {
    /**
     * 
     */
    op: InsertSectionsSnapshotOperationOpEnum;
    /**
     * 
     */
    sections: Array<SnapshotSectionEntry>;
    /**
     * 
     */
    beforeSection?: Identifier;
    /**
     * 
     */
    afterSection?: Identifier;
}


/**
 * @export
 */
export const InsertSectionsSnapshotOperationOpEnum = {
    InsertSections: 'insertSections',
} as const;
export type InsertSectionsSnapshotOperationOpEnum = typeof InsertSectionsSnapshotOperationOpEnum[keyof typeof InsertSectionsSnapshotOperationOpEnum];

/**
 * 
 * @export
 * @interface Insets
 */
export interface Insets {
    /**
     * 
     */
    top: number;
    /**
     * 
     */
    left: number;
    /**
     * 
     */
    bottom: number;
    /**
     * 
     */
    right: number;
}
/**
 * @type InsetsInput
 * Edge insets, `{"top", "left", "bottom", "right"}` (a missing or null edge is 0),
 * or one number for all four edges. Negative values are allowed.
 * 
 * @export
 */
export type InsetsInput = InsetsObject | number;
/**
 * Edge insets in object form; a missing or null edge is 0.
 * @export
 * @interface InsetsObject
 */
export interface InsetsObject {
    /**
     * 
     */
    top?: any | null;
    /**
     * 
     */
    left?: any | null;
    /**
     * 
     */
    bottom?: any | null;
    /**
     * 
     */
    right?: any | null;
}
/**
 * @type InteractiveMovement200Response
 * 
 * @export
 */
export type InteractiveMovement200Response = MovementState | PlanResult;
/**
 * @type InteractiveMovementRequest
 * One phase of an interactive movement. `indexPath` is read by `begin` (and
 * required there), `position` by `update` (required there); the other phases
 * ignore them. `rect` asks `begin`, `update` and `cancel` for the elements in it,
 * and `end` for the plan of the elements in it (every element without it).
 * 
 * @export
 */
export type InteractiveMovementRequest = { phase: 'begin' } & MovementBegin | { phase: 'cancel' } & MovementEndOrCancel | { phase: 'end' } & MovementEndOrCancel | { phase: 'update' } & MovementUpdate;
/**
 * 
 * @export
 * @interface InvalidRequestError
 */
export interface InvalidRequestError {
    /**
     * 
     */
    error: InvalidRequestErrorAllOfError;
}
/**
 * 
 * @export
 * @interface InvalidRequestErrorAllOfError
 */
export interface InvalidRequestErrorAllOfError {
    /**
     * 
     */
    code?: InvalidRequestErrorAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const InvalidRequestErrorAllOfErrorCodeEnum = {
    InvalidRequest: 'invalid_request',
} as const;
export type InvalidRequestErrorAllOfErrorCodeEnum = typeof InvalidRequestErrorAllOfErrorCodeEnum[keyof typeof InvalidRequestErrorAllOfErrorCodeEnum];

/**
 * 
 * @export
 * @interface InvalidUpdateError
 */
export interface InvalidUpdateError {
    /**
     * 
     */
    error: InvalidUpdateErrorAllOfError;
}
/**
 * 
 * @export
 * @interface InvalidUpdateErrorAllOfError
 */
export interface InvalidUpdateErrorAllOfError {
    /**
     * 
     */
    code?: InvalidUpdateErrorAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const InvalidUpdateErrorAllOfErrorCodeEnum = {
    InvalidUpdate: 'invalid_update',
} as const;
export type InvalidUpdateErrorAllOfErrorCodeEnum = typeof InvalidUpdateErrorAllOfErrorCodeEnum[keyof typeof InvalidUpdateErrorAllOfErrorCodeEnum];

/**
 * What the change invalidated (UICollectionViewLayoutInvalidationContext).
 * @export
 * @interface Invalidation
 */
export interface Invalidation {
    /**
     * The layout was prepared again from the new view.
     */
    layout: boolean;
    /**
     * Every element's attributes depend on the view and changed (cover flow, line).
     */
    allAttributes: boolean;
    /**
     * Elements whose attributes changed although the layout holds (e.g. pinned headers and footers).
     */
    elements: Array<ElementKey>;
}
/**
 * @type Item
 * One item's data: an object, a bare number (its aspect ratio, width / height), or
 * a bare `[width, height]` (its size). Which data a layout reads: flow and line,
 * `size` (else `itemSize`); column, `height`; waterfall, `size` (only its aspect
 * ratio matters); tree, `children`; justified, `aspectRatio` or `size`; cover flow,
 * circle and stack read none. An item with an identifier is an object with its `id`.
 * 
 * @export
 */
export type Item = Array<number> | ItemData | number;
/**
 * 
 * @export
 * @interface ItemData
 */
export interface ItemData {
    /**
     * 
     */
    id?: Identifier;
    /**
     * 
     */
    size?: SizeInput;
    /**
     * The item's height (column layout).
     */
    height?: number;
    /**
     * Width / height (justified layout). The layout rejects values it cannot use.
     */
    aspectRatio?: number;
    /**
     * Tree layout: the indexes of this item's children among the items of the next
     * section. Every item of a section after the first has exactly one parent, and
     * the children of an earlier parent come before those of a later one. Only the
     * tree layout takes `children`; any other refuses them (400 naming the field).
     * 
     */
    children?: Array<number>;
}
/**
 * Flickr's justified layout (justified-layout 4.1, same numbers): rows of items
 * at their aspect ratios, scaled to fill the container width. Each section is its
 * own block, stacked vertically. Cells carry `extras.aspectRatio`; `info` carries
 * `containerHeight` (the content height) and `widowCount`. Item data: `aspectRatio` (or a bare number), or `size` (ratio =
 * width / height); anything else is a 400 `Item i has an invalid aspect ratio`. No
 * per-section parameters.
 * 
 * @export
 * @interface JustifiedLayout
 */
export interface JustifiedLayout {
    /**
     * 
     */
    type: JustifiedLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * Default the bounds width when `view.bounds` is given, else 1060.
     */
    containerWidth?: number | null;
    /**
     * One number, or `{top, right, bottom, left}`.
     */
    containerPadding?: InsetsInput | null;
    /**
     * 
     */
    boxSpacing?: JustifiedLayoutBoxSpacing | null;
    /**
     * Row heights are always clamped to [0.5, 2] × targetRowHeight.
     */
    targetRowHeight?: number | null;
    /**
     * 
     */
    targetRowHeightTolerance?: number | null;
    /**
     * Stop after this many rows (0 behaves as 1). Default no limit.
     */
    maxNumRows?: number | null;
    /**
     * 
     */
    forceAspectRatio?: JustifiedLayoutForceAspectRatio | null;
    /**
     * Lay out the trailing incomplete row.
     */
    showWidows?: boolean | null;
    /**
     * 
     */
    fullWidthBreakoutRowCadence?: JustifiedLayoutFullWidthBreakoutRowCadence | null;
    /**
     * 
     */
    widowLayoutStyle?: JustifiedLayoutWidowLayoutStyleEnum | null;
}


/**
 * @export
 */
export const JustifiedLayoutTypeEnum = {
    Justified: 'justified',
} as const;
export type JustifiedLayoutTypeEnum = typeof JustifiedLayoutTypeEnum[keyof typeof JustifiedLayoutTypeEnum];

/**
 * @export
 */
export const JustifiedLayoutWidowLayoutStyleEnum = {
    Left: 'left',
    Justify: 'justify',
    Center: 'center',
} as const;
export type JustifiedLayoutWidowLayoutStyleEnum = typeof JustifiedLayoutWidowLayoutStyleEnum[keyof typeof JustifiedLayoutWidowLayoutStyleEnum];

/**
 * @type JustifiedLayoutBoxSpacing
 * One number, or `{horizontal, vertical}`.
 * @export
 */
export type JustifiedLayoutBoxSpacing = JustifiedLayoutBoxSpacingOneOf | number;
/**
 * 
 * @export
 * @interface JustifiedLayoutBoxSpacingOneOf
 */
export interface JustifiedLayoutBoxSpacingOneOf {
    /**
     * 
     */
    horizontal: number;
    /**
     * 
     */
    vertical: number;
}
/**
 * @type JustifiedLayoutForceAspectRatio
 * `false`, or a number that replaces every item's aspect ratio.
 * @export
 */
export type JustifiedLayoutForceAspectRatio = boolean | number;
/**
 * @type JustifiedLayoutFullWidthBreakoutRowCadence
 * `false`, or k: rows k, 2k, ... are full-width breakout rows.
 * @export
 */
export type JustifiedLayoutFullWidthBreakoutRowCadence = boolean | number;
/**
 * @type Layout
 * The layout and its parameters; `type` picks the layout and the other keys are
 * that layout's parameters ([docs/flow.md](docs/flow.md), [docs/layouts.md](docs/layouts.md)). Every parameter is
 * optional and takes the default shown; a key the layout does not take is a 400.
 * 
 * @export
 */
export type Layout = { type: 'circle' } & CircleLayout | { type: 'column' } & ColumnLayout | { type: 'compositional' } & CompositionalLayout | { type: 'coverFlow' } & CoverFlowLayout | { type: 'flow' } & FlowLayout | { type: 'justified' } & JustifiedLayout | { type: 'line' } & LineLayout | { type: 'stack' } & StackLayout | { type: 'tree' } & TreeLayout | { type: 'waterfall' } & WaterfallLayout;

/**
 * UIUserInterfaceLayoutDirection.
 * @export
 */
export const LayoutDirection = {
    LeftToRight: 'leftToRight',
    RightToLeft: 'rightToLeft',
} as const;
export type LayoutDirection = typeof LayoutDirection[keyof typeof LayoutDirection];

/**
 * A collection view: its layout, its data source and its view. Used by
 * `POST /v1/sessions`; `POST /v1/layout` takes the same plus `rect`.
 * 
 * @export
 * @interface LayoutRequest
 */
export interface LayoutRequest {
    /**
     * 
     */
    layout: Layout;
    /**
     * 
     */
    dataSource: DataSource;
    /**
     * The view's geometry. May be left out for layouts that do not read it; a
     * layout that cannot work without the bounds answers 400 naming `view.bounds`.
     * 
     */
    view?: ViewInput | null;
}
/**
 * 
 * @export
 * @interface LayoutResult
 */
export interface LayoutResult {
    /**
     * 
     */
    contentSize: Size;
    /**
     * Layout-level results, by name (`containerHeight` and `widowCount` in the justified layout); empty for most layouts.
     */
    info: { [key: string]: number; };
    /**
     * 
     */
    elements: Array<Element>;
}
/**
 * The new layout, and optionally the rect to plan.
 * @export
 * @interface LayoutSwitchRequest
 */
export interface LayoutSwitchRequest {
    /**
     * 
     */
    layout: Layout;
    /**
     * Plan only the elements whose frames intersect this rect, in either layout (after an anchored switch, the rect moved with the offset). Left out, what is on screen (the view's bounds at its content offset); null, every element.
     */
    rect?: RectInput | null;
    /**
     * 
     */
    anchor?: ContentOffsetAnchor | null;
}
/**
 * A flow layout whose centre item zooms (the LineLayout sample): the flow layout's
 * parameters with other defaults, plus `activeDistance` and `zoomFactor`. A cell
 * whose centre is within `activeDistance` of the visible centre gets
 * transform3D = scale(zoom, zoom, 1) with
 * zoom = 1 + zoomFactor·(1 − |d|/activeDistance), and zIndex 1. Every scroll
 * invalidates all attributes. Per section: as the flow layout.
 * 
 * @export
 * @interface LineLayout
 */
export interface LineLayout {
    /**
     * 
     */
    type: LineLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    scrollDirection?: LineLayoutScrollDirectionEnum | null;
    /**
     * 
     */
    itemSize?: SizeInput | null;
    /**
     * 
     */
    minimumLineSpacing?: number | null;
    /**
     * 
     */
    minimumInteritemSpacing?: number | null;
    /**
     * Default `{top: 200, left: 0, bottom: 200, right: 0}`.
     */
    sectionInset?: InsetsInput | null;
    /**
     * 
     */
    headerReferenceSize?: SizeInput | null;
    /**
     * 
     */
    footerReferenceSize?: SizeInput | null;
    /**
     * 
     */
    sectionHeadersPinToVisibleBounds?: boolean | null;
    /**
     * 
     */
    sectionFootersPinToVisibleBounds?: boolean | null;
    /**
     * 
     */
    uikitQuirks?: boolean | null;
    /**
     * 
     */
    estimatedItemSize?: SizeInput | null;
    /**
     * How far from the visible centre a cell starts to zoom.
     */
    activeDistance?: number | null;
    /**
     * The extra scale of a cell exactly at the centre.
     */
    zoomFactor?: number | null;
}


/**
 * @export
 */
export const LineLayoutTypeEnum = {
    Line: 'line',
} as const;
export type LineLayoutTypeEnum = typeof LineLayoutTypeEnum[keyof typeof LineLayoutTypeEnum];

/**
 * @export
 */
export const LineLayoutScrollDirectionEnum = {
    Vertical: 'vertical',
    Horizontal: 'horizontal',
} as const;
export type LineLayoutScrollDirectionEnum = typeof LineLayoutScrollDirectionEnum[keyof typeof LineLayoutScrollDirectionEnum];

/**
 * UICollectionLayoutListConfiguration (docs/compositional.md §6, rules L-M, L-R, L-S,
 * L-B). Rows are full width, `estimated(44)` tall (so `preferred-sizes` sizes them) or
 * `rowHeight` when given, with no spacing; lists need a vertical `scrollDirection`.
 * What a list answers besides its rows (cells, zIndex 10): a supplementary `header`
 * and `footer` at [section, 0] (zIndex 200; 210 where they pin: `plain` and
 * `sidebarPlain`); decorations `list-separator-top` and `list-separator-bottom` at the
 * row's index path (a strip 1/scale tall inside the row's top or bottom edge, zIndex
 * 100) and, for `insetGrouped`, `list-background` at [section, 0] covering the rows
 * (drawn with a corner radius of 10, zIndex 0).
 * 
 * @export
 * @interface ListConfiguration
 */
export interface ListConfiguration {
    /**
     * 
     */
    appearance?: ListConfigurationAppearanceEnum | null;
    /**
     * `firstItemInSection`: item 0 is the header (a row without separators or background).
     */
    headerMode?: ListConfigurationHeaderModeEnum | null;
    /**
     * 
     */
    footerMode?: ListConfigurationFooterModeEnum | null;
    /**
     * The space above a supplementary header. Absent or null is automatic (L-M5): 22 in `plain` after the first section, else 0.
     */
    headerTopPadding?: number | null;
    /**
     * Absent or null is the appearance's default, true except in the sidebars (L-S1).
     */
    showsSeparators?: boolean | null;
    /**
     * 
     */
    separatorConfiguration?: ListSeparatorConfiguration;
    /**
     * A fixed row height; rows are then not self-sizing.
     */
    rowHeight?: number | null;
}


/**
 * @export
 */
export const ListConfigurationAppearanceEnum = {
    Plain: 'plain',
    Grouped: 'grouped',
    InsetGrouped: 'insetGrouped',
    Sidebar: 'sidebar',
    SidebarPlain: 'sidebarPlain',
} as const;
export type ListConfigurationAppearanceEnum = typeof ListConfigurationAppearanceEnum[keyof typeof ListConfigurationAppearanceEnum];

/**
 * @export
 */
export const ListConfigurationHeaderModeEnum = {
    None: 'none',
    Supplementary: 'supplementary',
    FirstItemInSection: 'firstItemInSection',
} as const;
export type ListConfigurationHeaderModeEnum = typeof ListConfigurationHeaderModeEnum[keyof typeof ListConfigurationHeaderModeEnum];

/**
 * @export
 */
export const ListConfigurationFooterModeEnum = {
    None: 'none',
    Supplementary: 'supplementary',
} as const;
export type ListConfigurationFooterModeEnum = typeof ListConfigurationFooterModeEnum[keyof typeof ListConfigurationFooterModeEnum];

/**
 * UIListSeparatorConfiguration's geometry (L-S2, L-S4).
 * @export
 * @interface ListSeparatorConfiguration
 */
export interface ListSeparatorConfiguration {
    /**
     * 
     */
    topSeparatorVisibility?: ListSeparatorVisibility | null;
    /**
     * 
     */
    bottomSeparatorVisibility?: ListSeparatorVisibility | null;
    /**
     * 
     */
    topSeparatorInsets?: ListSeparatorInsets | null;
    /**
     * 
     */
    bottomSeparatorInsets?: ListSeparatorInsets | null;
}


/**
 * Leading and trailing insets from the row's edges (missing = 0). Absent or null is automatic: the row's content inset and 0 (L-S4).
 * @export
 * @interface ListSeparatorInsets
 */
export interface ListSeparatorInsets {
    /**
     * 
     */
    leading?: number;
    /**
     * 
     */
    trailing?: number;
}

/**
 * `automatic`: every row's bottom one except the last in an inset group; a top one on a grouped section's first row only.
 * @export
 */
export const ListSeparatorVisibility = {
    Automatic: 'automatic',
    Visible: 'visible',
    Hidden: 'hidden',
} as const;
export type ListSeparatorVisibility = typeof ListSeparatorVisibility[keyof typeof ListSeparatorVisibility];

/**
 * A section that lists its items (`itemCount`, when given, must equal their number).
 * With identifiers, each item is an object with its `id`.
 * 
 * @export
 * @interface ListedSection
 */
export interface ListedSection {
    /**
     * 
     */
    id?: Identifier;
    /**
     * One entry per item, with the data its layout reads.
     */
    items: Array<Item>;
    /**
     * The number of items; when given, the number of entries in `items`.
     */
    itemCount?: number | null;
    /**
     * 
     */
    layout?: SectionLayoutOverride | null;
}
/**
 * Every 4xx and 5xx reply.
 * @export
 * @interface ModelError
 */
export interface ModelError {
    /**
     * 
     */
    error: ErrorError;
}
/**
 * moveItemAtIndexPath:toIndexPath: (`from` before the update, `to` after it). The item keeps its data.
 * @export
 * @interface MoveItemOperation
 */
export interface MoveItemOperation {
    /**
     * 
     */
    op: MoveItemOperationOpEnum;
    /**
     * `[section, item]`.
     */
    from: Array<number>;
    /**
     * `[section, item]`.
     */
    to: Array<number>;
}


/**
 * @export
 */
export const MoveItemOperationOpEnum = {
    MoveItem: 'moveItem',
} as const;
export type MoveItemOperationOpEnum = typeof MoveItemOperationOpEnum[keyof typeof MoveItemOperationOpEnum];

/**
 * moveItem(_:beforeItem:) or moveItem(_:afterItem:): exactly one anchor, in any section.
 * @export
 * @interface MoveItemSnapshotOperation
 */
export interface MoveItemSnapshotOperation {
    /**
     * 
     */
    op: MoveItemSnapshotOperationOpEnum;
    /**
     * 
     */
    item: Identifier;
    /**
     * 
     */
    beforeItem?: Identifier;
    /**
     * 
     */
    afterItem?: Identifier;
}


/**
 * @export
 */
export const MoveItemSnapshotOperationOpEnum = {
    MoveItem: 'moveItem',
} as const;
export type MoveItemSnapshotOperationOpEnum = typeof MoveItemSnapshotOperationOpEnum[keyof typeof MoveItemSnapshotOperationOpEnum];

/**
 * moveSection:toSection: (`from` before the update, `to` after it). The section keeps its items and its own `layout`.
 * @export
 * @interface MoveSectionOperation
 */
export interface MoveSectionOperation {
    /**
     * 
     */
    op: MoveSectionOperationOpEnum;
    /**
     * 
     */
    from: number;
    /**
     * 
     */
    to: number;
}


/**
 * @export
 */
export const MoveSectionOperationOpEnum = {
    MoveSection: 'moveSection',
} as const;
export type MoveSectionOperationOpEnum = typeof MoveSectionOperationOpEnum[keyof typeof MoveSectionOperationOpEnum];

/**
 * moveSection(_:beforeSection:) or moveSection(_:afterSection:): exactly one anchor.
 * @export
 * @interface MoveSectionSnapshotOperation
 */
export interface MoveSectionSnapshotOperation {
    /**
     * 
     */
    op: MoveSectionSnapshotOperationOpEnum;
    /**
     * 
     */
    section: Identifier;
    /**
     * 
     */
    beforeSection?: Identifier;
    /**
     * 
     */
    afterSection?: Identifier;
}


/**
 * @export
 */
export const MoveSectionSnapshotOperationOpEnum = {
    MoveSection: 'moveSection',
} as const;
export type MoveSectionSnapshotOperationOpEnum = typeof MoveSectionSnapshotOperationOpEnum[keyof typeof MoveSectionSnapshotOperationOpEnum];

/**
 * 
 * @export
 * @interface MovementBegin
 */
export interface MovementBegin {
    /**
     * 
     */
    phase: MovementBeginPhaseEnum;
    /**
     * The item to move.
     */
    indexPath: Array<number>;
    /**
     * 
     */
    position?: MovementPosition | null;
    /**
     * 
     */
    rect?: MovementRect | null;
}


/**
 * @export
 */
export const MovementBeginPhaseEnum = {
    Begin: 'begin',
} as const;
export type MovementBeginPhaseEnum = typeof MovementBeginPhaseEnum[keyof typeof MovementBeginPhaseEnum];

/**
 * 
 * @export
 * @interface MovementEndOrCancel
 */
export interface MovementEndOrCancel {
    /**
     * 
     */
    phase: MovementEndOrCancelPhaseEnum;
    /**
     * `[section, item]`.
     */
    indexPath?: Array<number>;
    /**
     * 
     */
    position?: MovementPosition | null;
    /**
     * 
     */
    rect?: MovementRect | null;
}


/**
 * @export
 */
export const MovementEndOrCancelPhaseEnum = {
    End: 'end',
    Cancel: 'cancel',
} as const;
export type MovementEndOrCancelPhaseEnum = typeof MovementEndOrCancelPhaseEnum[keyof typeof MovementEndOrCancelPhaseEnum];

/**
 * The finger's position in content coordinates (read by `update`), in the layout's own
 * space as a query's `rect` is: with a flipped axis, `x = contentSize.width − drawn x`.
 * 
 * @export
 * @interface MovementPosition
 */
export interface MovementPosition {
    /**
     * A coordinate or length on input, within ±10^15.
     */
    x: number;
    /**
     * A coordinate or length on input, within ±10^15.
     */
    y: number;
}
/**
 * The rect whose elements (`begin`, `update`, `cancel`) or plan (`end`) to answer.
 * @export
 * @interface MovementRect
 */
export interface MovementRect {
    /**
     * A coordinate or length on input, within ±10^15.
     */
    x: number;
    /**
     * A coordinate or length on input, within ±10^15.
     */
    y: number;
    /**
     * A length on input (a size's width or height), from 0 to 10^15.
     */
    width: number;
    /**
     * A length on input (a size's width or height), from 0 to 10^15.
     */
    height: number;
}
/**
 * An interactive movement's state after `begin`, `update` or `cancel`.
 * `targetIndexPath` and `movingItem` are present while `moving`; `elements` while
 * `moving` and a `rect` was given. When the axis is flipped, `movingItem` and
 * `elements` carry `visualFrame`, mirrored across the tentative layout's content width;
 * `position` is in the layout's own space, as a query's `rect` is.
 * 
 * @export
 * @interface MovementState
 */
export interface MovementState {
    /**
     * 
     */
    version: number;
    /**
     * Whether a movement is in progress.
     */
    moving: boolean;
    /**
     * `[section, item]`.
     */
    targetIndexPath?: Array<number>;
    /**
     * 
     */
    movingItem?: Element;
    /**
     * The elements in `rect` in the tentative layout, the moving item at its moving attributes.
     */
    elements?: Array<Element>;
    /**
     * The tentative layout's content size while moving; the layout's otherwise.
     */
    contentSize: Size;
}
/**
 * 
 * @export
 * @interface MovementUpdate
 */
export interface MovementUpdate {
    /**
     * 
     */
    phase: MovementUpdatePhaseEnum;
    /**
     * `[section, item]`.
     */
    indexPath?: Array<number>;
    /**
     * 
     */
    position: PointInput;
    /**
     * 
     */
    rect?: MovementRect | null;
}


/**
 * @export
 */
export const MovementUpdatePhaseEnum = {
    Update: 'update',
} as const;
export type MovementUpdatePhaseEnum = typeof MovementUpdatePhaseEnum[keyof typeof MovementUpdatePhaseEnum];

/**
 * 
 * @export
 * @interface NotFoundError
 */
export interface NotFoundError {
    /**
     * 
     */
    error: NotFoundErrorAllOfError;
}
/**
 * 
 * @export
 * @interface NotFoundErrorAllOfError
 */
export interface NotFoundErrorAllOfError {
    /**
     * 
     */
    code?: NotFoundErrorAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const NotFoundErrorAllOfErrorCodeEnum = {
    NotFound: 'not_found',
} as const;
export type NotFoundErrorAllOfErrorCodeEnum = typeof NotFoundErrorAllOfErrorCodeEnum[keyof typeof NotFoundErrorAllOfErrorCodeEnum];

/**
 * A collection view as in `LayoutRequest`, and optionally the rect to query.
 * @export
 * @interface OneShotLayoutRequest
 */
export interface OneShotLayoutRequest {
    /**
     * 
     */
    layout: Layout;
    /**
     * 
     */
    dataSource: DataSource;
    /**
     * The view's geometry. May be left out for layouts that do not read it; a
     * layout that cannot work without the bounds answers 400 naming `view.bounds`.
     * 
     */
    view?: ViewInput | null;
    /**
     * Answer only the elements whose frames intersect this rect (closed rectangles). Left out, every element.
     */
    rect?: RectInput | null;
}
/**
 * 
 * @export
 * @interface PlanEnd
 */
export interface PlanEnd {
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * 
     */
    attributes: Element;
}
/**
 * @type PlanEntry
 * One element's animation: where it starts (`from`, at its index path before the
 * change) and where it ends (`to`, at its index path after it). Both ends are always
 * present: an inserted element starts at the layout's initial attributes for it
 * (initialLayoutAttributesForAppearingItemAtIndexPath), a deleted one ends at its
 * final attributes (finalLayoutAttributesForDisappearingItemAtIndexPath). `change`:
 * `insert`, `delete`, `move` (its index path changed), `reload` (reloaded item or
 * section) or `none`. `kind` for supplementary and decoration views only. When the
 * collection view's axis is flipped for the layout before or after the change, both
 * ends' attributes also carry `visualFrame`, so that a client animates from where the
 * element was drawn to where it will be ([docs/layout-direction.md](docs/layout-direction.md)).
 * 
 * @export
 */
export type PlanEntry = { category: 'cell' } & CellPlanEntry | { category: 'decoration' } & DecorationPlanEntry | { category: 'supplementary' } & SupplementaryPlanEntry;
/**
 * A change's result and animation plan (batch updates, layout switch, the end of an interactive movement).
 * @export
 * @interface PlanResult
 */
export interface PlanResult {
    /**
     * The session's new version.
     */
    version: number;
    /**
     * 
     */
    contentSize: Size;
    /**
     * Layout-level results, by name (`containerHeight` and `widowCount` in the justified layout); empty for most layouts.
     */
    info: { [key: string]: number; };
    /**
     * The view's content offset after the change, stored as the view's.
     */
    contentOffset: Point;
    /**
     * How far the change moved the content offset (new − old): what keeps the anchor
     * in place with `anchor`, the clamp to the new content without.
     * 
     */
    contentOffsetAdjustment: Point;
    /**
     * Present when the request gave `anchor`: the element that held it, at its index
     * path after the change; null when no candidate survived the change (the offset
     * was then kept, clamped).
     * 
     */
    anchor?: ElementKey | null;
    /**
     * One entry per element visible in the rect before or after the change (every
     * element without a rect): those of the new layout in its order (cells, then
     * supplementary views, then decoration views), then those that disappear.
     * 
     */
    plan: Array<PlanEntry>;
}
/**
 * 
 * @export
 * @interface Point
 */
export interface Point {
    /**
     * 
     */
    x: number;
    /**
     * 
     */
    y: number;
}
/**
 * @type PointInput
 * A point, `{"x", "y"}` or `[x, y]`.
 * @export
 */
export type PointInput = Array<number> | PointObject;
/**
 * A point in object form.
 * @export
 * @interface PointObject
 */
export interface PointObject {
    /**
     * A coordinate or length on input, within ±10^15.
     */
    x: number;
    /**
     * A coordinate or length on input, within ±10^15.
     */
    y: number;
}
/**
 * 
 * @export
 * @interface PreferredSizesRequest
 */
export interface PreferredSizesRequest {
    /**
     * The cells' preferred sizes; each index path at most once.
     */
    items: Array<PreferredSizesRequestItemsInner>;
    /**
     * Where to look for invalidated elements. Default the view's visible bounds.
     */
    rect?: RectInput | null;
    /**
     * 
     */
    anchor?: ContentOffsetAnchor | null;
}
/**
 * 
 * @export
 * @interface PreferredSizesRequestItemsInner
 */
export interface PreferredSizesRequestItemsInner {
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * 
     */
    size: SizeInput;
}
/**
 * 
 * @export
 * @interface PreferredSizesResult
 */
export interface PreferredSizesResult {
    /**
     * 
     */
    version: number;
    /**
     * 
     */
    contentSize: Size;
    /**
     * The view's content offset after the change, stored as the view's.
     */
    contentOffset: Point;
    /**
     * How far the change moved the content offset (new − old): what keeps the anchor
     * in place with `anchor`, the clamp to the new content without.
     * 
     */
    contentOffsetAdjustment: Point;
    /**
     * Present when the request gave `anchor`: the element that held it, at its index
     * path after the change; null when no candidate survived the change (the offset
     * was then kept, clamped).
     * 
     */
    anchor?: ElementKey | null;
    /**
     * The elements in the rect whose attributes changed (in the new layout's order),
     * then those that are no longer there.
     * 
     */
    invalidatedElements: Array<ElementKey>;
}
/**
 * 
 * @export
 * @interface Readiness
 */
export interface Readiness {
    /**
     * 
     */
    status: ReadinessStatusEnum;
}


/**
 * @export
 */
export const ReadinessStatusEnum = {
    Ready: 'ready',
} as const;
export type ReadinessStatusEnum = typeof ReadinessStatusEnum[keyof typeof ReadinessStatusEnum];

/**
 * reconfigureItems(_:); an entry with data gives the item its new data, in place.
 * @export
 * @interface ReconfigureItemsSnapshotOperation
 */
export interface ReconfigureItemsSnapshotOperation {
    /**
     * 
     */
    op: ReconfigureItemsSnapshotOperationOpEnum;
    /**
     * 
     */
    items: Array<SnapshotItem>;
}


/**
 * @export
 */
export const ReconfigureItemsSnapshotOperationOpEnum = {
    ReconfigureItems: 'reconfigureItems',
} as const;
export type ReconfigureItemsSnapshotOperationOpEnum = typeof ReconfigureItemsSnapshotOperationOpEnum[keyof typeof ReconfigureItemsSnapshotOperationOpEnum];

/**
 * 
 * @export
 * @interface Rect
 */
export interface Rect {
    /**
     * 
     */
    x: number;
    /**
     * 
     */
    y: number;
    /**
     * 
     */
    width: number;
    /**
     * 
     */
    height: number;
}
/**
 * @type RectInput
 * A rectangle, `{"x", "y", "width", "height"}` or `[x, y, width, height]`; width
 * and height must not be negative.
 * 
 * @export
 */
export type RectInput = Array<number> | RectObject;
/**
 * A rectangle in object form.
 * @export
 * @interface RectObject
 */
export interface RectObject {
    /**
     * A coordinate or length on input, within ±10^15.
     */
    x: number;
    /**
     * A coordinate or length on input, within ±10^15.
     */
    y: number;
    /**
     * A length on input (a size's width or height), from 0 to 10^15.
     */
    width: number;
    /**
     * A length on input (a size's width or height), from 0 to 10^15.
     */
    height: number;
}
/**
 * reloadItemsAtIndexPaths: (index paths before the update). `items` replaces the
 * items' data, one entry per index path; left out, the data stays.
 * 
 * @export
 * @interface ReloadItemsOperation
 */
export interface ReloadItemsOperation {
    /**
     * 
     */
    op: ReloadItemsOperationOpEnum;
    /**
     * 
     */
    indexPaths: Array<Array<number>>;
    /**
     * 
     */
    items?: Array<Item> | null;
}


/**
 * @export
 */
export const ReloadItemsOperationOpEnum = {
    ReloadItems: 'reloadItems',
} as const;
export type ReloadItemsOperationOpEnum = typeof ReloadItemsOperationOpEnum[keyof typeof ReloadItemsOperationOpEnum];

/**
 * reloadItems(_:); an entry with data gives the item its new data.
 * @export
 * @interface ReloadItemsSnapshotOperation
 */
export interface ReloadItemsSnapshotOperation {
    /**
     * 
     */
    op: ReloadItemsSnapshotOperationOpEnum;
    /**
     * 
     */
    items: Array<SnapshotItem>;
}


/**
 * @export
 */
export const ReloadItemsSnapshotOperationOpEnum = {
    ReloadItems: 'reloadItems',
} as const;
export type ReloadItemsSnapshotOperationOpEnum = typeof ReloadItemsSnapshotOperationOpEnum[keyof typeof ReloadItemsSnapshotOperationOpEnum];

/**
 * reloadSections: (indexes before the update). `data` replaces the sections, one
 * entry per section; left out, each section keeps its data.
 * 
 * @export
 * @interface ReloadSectionsOperation
 */
export interface ReloadSectionsOperation {
    /**
     * 
     */
    op: ReloadSectionsOperationOpEnum;
    /**
     * 
     */
    sections: Array<number>;
    /**
     * 
     */
    data?: Array<Section> | null;
}


/**
 * @export
 */
export const ReloadSectionsOperationOpEnum = {
    ReloadSections: 'reloadSections',
} as const;
export type ReloadSectionsOperationOpEnum = typeof ReloadSectionsOperationOpEnum[keyof typeof ReloadSectionsOperationOpEnum];

/**
 * @type ScrollPositionInput
 * A position name, or up to one vertical and one horizontal name together. An axis
 * without one scrolls the least that makes the element visible on it; left out,
 * null, `[]` or `none`, both axes do.
 * 
 * @export
 */
export type ScrollPositionInput = Array<ScrollPositionName> | ScrollPositionName;

/**
 * UICollectionView.ScrollPosition: `top`, `centeredVertically` and `bottom` place the
 * element vertically, `left`, `centeredHorizontally` and `right` horizontally; `none`
 * places it on neither axis.
 * 
 * @export
 */
export const ScrollPositionName = {
    Top: 'top',
    CenteredVertically: 'centeredVertically',
    Bottom: 'bottom',
    Left: 'left',
    CenteredHorizontally: 'centeredHorizontally',
    Right: 'right',
    None: 'none',
} as const;
export type ScrollPositionName = typeof ScrollPositionName[keyof typeof ScrollPositionName];

/**
 * scrollToItem(at:at:animated:), or a supplementary view with `kind`.
 * @export
 * @interface ScrollToItemRequest
 */
export interface ScrollToItemRequest {
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * Scroll to the supplementary view of this kind (`header`, ...) at `indexPath` instead of the cell.
     */
    kind?: string;
    /**
     * 
     */
    position?: ScrollPositionInput | null;
    /**
     * Echoed in the answer, for the client's own scrolling animation.
     */
    animated?: boolean;
    /**
     * Store the offset as the view's contentOffset (a new version when it moves).
     */
    apply?: boolean;
}
/**
 * 
 * @export
 * @interface ScrollToItemResult
 */
export interface ScrollToItemResult {
    /**
     * The session's version; a new one when `apply` moved the offset.
     */
    version: number;
    /**
     * Where the view comes to rest, clamped to the scrollable range.
     */
    contentOffset: Point;
    /**
     * The element's frame (a supplementary view's where the content puts it, not pinned).
     */
    frame: Rect;
    /**
     * 
     */
    visualFrame?: VisualFrame;
    /**
     * 
     */
    animated: boolean;
    /**
     * Whether the offset was stored as the view's.
     */
    applied: boolean;
}
/**
 * @type Section
 * One section: `itemCount` (items use the layout's defaults), or `items` with one
 * entry per item, or both (then `itemCount` must equal the number of entries).
 * At most 5,000,000 items in all sections together (by default).
 * 
 * Compact form (`CompactSection`): instead of `items`, the items' data column by
 * column as flat arrays of numbers.
 * 
 * With identifiers (`DataSource`): `id`, and the items' identifiers as `itemIds`
 * beside `itemCount` or the compact arrays (as many as there are items), as `id` in
 * each entry of `items`, or as `itemIds` alone (`IdentifiedSection`: the items use
 * the layout's defaults, one per identifier).
 * 
 * @export
 */
export type Section = CompactSection | CountedSection | IdentifiedSection | ListedSection;
/**
 * Per-section overrides. Only the keys the session's layout type reads per section
 * are accepted; any other key is a 400 naming it. Flow and line: `itemSize`,
 * `minimumLineSpacing`, `minimumInteritemSpacing`, `sectionInset`,
 * `headerReferenceSize`, `footerReferenceSize`. Waterfall: `columnCount`,
 * `minimumColumnSpacing`, `minimumInteritemSpacing`, `sectionInset`,
 * `headerHeight`, `footerHeight`, `headerInset`, `footerInset`. The other layouts
 * take none (only `{}`).
 * 
 * @export
 * @interface SectionLayout
 */
export interface SectionLayout {
    /**
     * Flow, line.
     */
    itemSize?: SizeInput | null;
    /**
     * Flow, line.
     */
    minimumLineSpacing?: number | null;
    /**
     * Flow, line, waterfall.
     */
    minimumInteritemSpacing?: number | null;
    /**
     * Flow, line, waterfall.
     */
    sectionInset?: InsetsInput | null;
    /**
     * Flow, line.
     */
    headerReferenceSize?: SizeInput | null;
    /**
     * Flow, line.
     */
    footerReferenceSize?: SizeInput | null;
    /**
     * Waterfall.
     */
    columnCount?: number | null;
    /**
     * Waterfall.
     */
    minimumColumnSpacing?: number | null;
    /**
     * Waterfall.
     */
    headerHeight?: number | null;
    /**
     * Waterfall.
     */
    footerHeight?: number | null;
    /**
     * Waterfall.
     */
    headerInset?: InsetsInput | null;
    /**
     * Waterfall.
     */
    footerInset?: InsetsInput | null;
}
/**
 * This section's own layout parameters (UIKit's per-section delegate methods),
 * overriding the layout-wide ones for this section only. They belong to the
 * section and move with it. For the compositional layout it is a whole
 * `CompositionalSection`, replacing `layout.section` for this section.
 * 
 * @export
 * @interface SectionLayoutOverride
 */
export interface SectionLayoutOverride {
    /**
     * Flow, line.
     */
    itemSize?: SizeInput | null;
    /**
     * Flow, line.
     */
    minimumLineSpacing?: number | null;
    /**
     * Flow, line, waterfall.
     */
    minimumInteritemSpacing?: number | null;
    /**
     * Flow, line, waterfall.
     */
    sectionInset?: InsetsInput | null;
    /**
     * Flow, line.
     */
    headerReferenceSize?: SizeInput | null;
    /**
     * Flow, line.
     */
    footerReferenceSize?: SizeInput | null;
    /**
     * Waterfall.
     */
    columnCount?: number | null;
    /**
     * Waterfall.
     */
    minimumColumnSpacing?: number | null;
    /**
     * Waterfall.
     */
    headerHeight?: number | null;
    /**
     * Waterfall.
     */
    footerHeight?: number | null;
    /**
     * Waterfall.
     */
    headerInset?: InsetsInput | null;
    /**
     * Waterfall.
     */
    footerInset?: InsetsInput | null;
    /**
     * 
     */
    list?: ListConfiguration;
    /**
     * 
     */
    group?: CompositionalGroup;
    /**
     * 
     */
    interGroupSpacing?: number | null;
    /**
     * 
     */
    contentInsets?: CompositionalInsets | null;
    /**
     * 
     */
    supplementariesFollowContentInsets?: boolean | null;
    /**
     * Other than `none`, groups run across the scroll axis and the section scrolls by its own offset (C13).
     */
    orthogonalScrollingBehavior?: SectionLayoutOverrideOrthogonalScrollingBehaviorEnum | null;
    /**
     * 
     */
    boundarySupplementaryItems?: Array<CompositionalBoundaryItem> | null;
    /**
     * 
     */
    decorationItems?: Array<CompositionalDecorationItem> | null;
}


/**
 * @export
 */
export const SectionLayoutOverrideOrthogonalScrollingBehaviorEnum = {
    None: 'none',
    Continuous: 'continuous',
    ContinuousGroupLeadingBoundary: 'continuousGroupLeadingBoundary',
    Paging: 'paging',
    GroupPaging: 'groupPaging',
    GroupPagingCentered: 'groupPagingCentered',
} as const;
export type SectionLayoutOverrideOrthogonalScrollingBehaviorEnum = typeof SectionLayoutOverrideOrthogonalScrollingBehaviorEnum[keyof typeof SectionLayoutOverrideOrthogonalScrollingBehaviorEnum];

/**
 * A section's identifier with its own `layout` (as in `dataSource.sections`).
 * @export
 * @interface SectionWithLayout
 */
export interface SectionWithLayout {
    /**
     * 
     */
    id: Identifier;
    /**
     * 
     */
    layout?: SectionLayoutOverride | null;
}
/**
 * 
 * @export
 * @interface Session
 */
export interface Session {
    /**
     * 
     */
    id: string;
    /**
     * 
     */
    version: number;
    /**
     * 
     */
    layout: Layout;
    /**
     * 
     */
    view: ViewState;
    /**
     * 
     */
    sections: Array<SessionSectionsInner>;
    /**
     * Items in all sections.
     */
    itemCount: number;
    /**
     * 
     */
    contentSize: Size;
    /**
     * Layout-level results, by name (`containerHeight` and `widowCount` in the justified layout); empty for most layouts.
     */
    info: { [key: string]: number; };
    /**
     * Present (true) when the collection view's horizontal axis is flipped for the session's
     * layout and view: every element is drawn mirrored, and answers its `visualFrame`
     * ([docs/layout-direction.md](docs/layout-direction.md)).
     * 
     */
    axisFlipped?: boolean;
}
/**
 * 
 * @export
 * @interface SessionCreated
 */
export interface SessionCreated {
    /**
     * 
     */
    id: string;
    /**
     * 
     */
    version: number;
    /**
     * 
     */
    contentSize: Size;
    /**
     * Present when the view opened at an offset the request did not name: a horizontal
     * flow layout in `rightToLeft` (without the flag) opens at its far right, x =
     * contentSize.width − bounds.width + contentInset.right (rule L3.4 of
     * [docs/layout-direction.md](docs/layout-direction.md)). The session's view keeps it.
     * 
     */
    contentOffset?: Point;
    /**
     * Layout-level results, by name (`containerHeight` and `widowCount` in the justified layout); empty for most layouts.
     */
    info: { [key: string]: number; };
}
/**
 * 
 * @export
 * @interface SessionSectionsInner
 */
export interface SessionSectionsInner {
    /**
     * 
     */
    itemCount: number;
}
/**
 * 
 * @export
 * @interface Size
 */
export interface Size {
    /**
     * 
     */
    width: number;
    /**
     * 
     */
    height: number;
}
/**
 * @type SizeInput
 * A size, `{"width", "height"}` or `[width, height]`; neither may be negative.
 * @export
 */
export type SizeInput = Array<number> | SizeObject;
/**
 * A size in object form.
 * @export
 * @interface SizeObject
 */
export interface SizeObject {
    /**
     * A length on input (a size's width or height), from 0 to 10^15.
     */
    width: number;
    /**
     * A length on input (a size's width or height), from 0 to 10^15.
     */
    height: number;
}
/**
 * A session's snapshot (`NSDiffableDataSourceSnapshot`): its sections and their items, by identifier, in order.
 * @export
 * @interface Snapshot
 */
export interface Snapshot {
    /**
     * 
     */
    version: number;
    /**
     * 
     */
    sections: Array<SnapshotSectionsInner>;
}
/**
 * 
 * @export
 * @interface SnapshotError
 */
export interface SnapshotError {
    /**
     * 
     */
    error: SnapshotErrorAllOfError;
}
/**
 * 
 * @export
 * @interface SnapshotErrorAllOfError
 */
export interface SnapshotErrorAllOfError {
    /**
     * 
     */
    code?: SnapshotErrorAllOfErrorCodeEnum;
}


/**
 * @export
 */
export const SnapshotErrorAllOfErrorCodeEnum = {
    DuplicateItemIdentifiers: 'duplicate_item_identifiers',
    DuplicateSectionIdentifiers: 'duplicate_section_identifiers',
    UnknownItemIdentifier: 'unknown_item_identifier',
    UnknownSectionIdentifier: 'unknown_section_identifier',
    NoSections: 'no_sections',
    NoIdentifiers: 'no_identifiers',
    ItemDataRequired: 'item_data_required',
} as const;
export type SnapshotErrorAllOfErrorCodeEnum = typeof SnapshotErrorAllOfErrorCodeEnum[keyof typeof SnapshotErrorAllOfErrorCodeEnum];

/**
 * @type SnapshotItem
 * An item of a snapshot: its identifier alone, or `{"id", …}` with its data (what an
 * item of `dataSource.sections[].items` takes). An item the session has keeps its
 * data unless data is given here (then it changes in place, and the item is listed
 * in the answer's `reconfigured`, unless it is reloaded). A new item takes the data
 * given; one without data is a 422 `item_data_required` in a section whose items
 * carry data (sizes, heights, aspect ratios), and uses the layout's defaults
 * otherwise.
 * 
 * @export
 */
export type SnapshotItem = IdentifiedItem | Identifier;
/**
 * @type SnapshotOperation
 * One operation of NSDiffableDataSourceSnapshot, by identifier; `op` names it.
 * Where an operation takes an anchor (`beforeSection` or `afterSection`,
 * `beforeItem` or `afterItem`), it takes exactly one of the two (400 otherwise).
 * Item entries are identifiers or `{"id", …}` with the item's data, as in
 * `PUT …/snapshot`; section entries are identifiers or `{"id", "layout"}`.
 * 
 * @export
 */
export type SnapshotOperation = { op: 'appendItems' } & AppendItemsSnapshotOperation | { op: 'appendSections' } & AppendSectionsSnapshotOperation | { op: 'deleteAllItems' } & DeleteAllItemsSnapshotOperation | { op: 'deleteItems' } & DeleteItemsSnapshotOperation | { op: 'deleteSections' } & DeleteSectionsSnapshotOperation | { op: 'insertItems' } & InsertItemsSnapshotOperation | { op: 'insertSections' } & InsertSectionsSnapshotOperation | { op: 'moveItem' } & MoveItemSnapshotOperation | { op: 'moveSection' } & MoveSectionSnapshotOperation | { op: 'reconfigureItems' } & ReconfigureItemsSnapshotOperation | { op: 'reloadItems' } & ReloadItemsSnapshotOperation;
/**
 * NSDiffableDataSourceSnapshot's operations, applied in order to the session's
 * snapshot; the snapshot they leave is applied as `PUT …/snapshot` applies one.
 * 
 * @export
 * @interface SnapshotOperationsRequest
 */
export interface SnapshotOperationsRequest {
    /**
     * The operations, in order. `[]` changes nothing.
     */
    operations: Array<SnapshotOperation>;
    /**
     * Plan only the elements whose frames intersect this rect, before or after the change (after an anchored change, the rect moved with the offset). Left out, what is on screen (the view's bounds at its content offset), as UIKit animates; null, every element.
     */
    rect?: RectInput | null;
    /**
     * 
     */
    anchor?: ContentOffsetAnchor | null;
    /**
     * `false`: the answer has no `plan` (the change is applied all the same).
     */
    animatingDifferences?: boolean | null;
}
/**
 * The whole new snapshot (`NSDiffableDataSourceSnapshot`), its new items' data, and
 * how to answer (`apply(_:animatingDifferences:)`).
 * 
 * @export
 * @interface SnapshotRequest
 */
export interface SnapshotRequest {
    /**
     * The sections in their new order; at most 2,000 by default.
     */
    sections: Array<SnapshotSection>;
    /**
     * Items to reload (reloadItems), by identifier; each must be an item of the new
     * snapshot. One that stays in place is a `reloadItems` of its old index path; one
     * that also moves is deleted and inserted.
     * 
     */
    reloaded?: Array<Identifier> | null;
    /**
     * Items to reconfigure (reconfigureItems), by identifier; each must be an item of
     * the new snapshot. No operation names them: they are listed in the answer's
     * `reconfigured`, at their new index paths.
     * 
     */
    reconfigured?: Array<Identifier> | null;
    /**
     * Plan only the elements whose frames intersect this rect, before or after the change (after an anchored change, the rect moved with the offset). Left out, what is on screen (the view's bounds at its content offset), as UIKit animates; null, every element.
     */
    rect?: RectInput | null;
    /**
     * 
     */
    anchor?: ContentOffsetAnchor | null;
    /**
     * `false`: the answer has no `plan` (the change is applied all the same).
     */
    animatingDifferences?: boolean | null;
}
/**
 * A snapshot applied (`PUT …/snapshot`, `POST …/snapshot/operations`): the batch
 * UIKit derives from the two snapshots, the items whose data changed in place, and
 * the animation plan.
 * 
 * @export
 * @interface SnapshotResult
 */
export interface SnapshotResult {
    /**
     * The session's version; the same as before when the snapshot and its data did not change.
     */
    version: number;
    /**
     * The view's content offset after the change, stored as the view's.
     */
    contentOffset: Point;
    /**
     * How far the change moved the content offset (new − old): what keeps the anchor
     * in place with `anchor`, the clamp to the new content without.
     * 
     */
    contentOffsetAdjustment: Point;
    /**
     * Present when the request gave `anchor`: the element that held it, at its index
     * path after the change; null when no candidate survived the change (the offset
     * was then kept, clamped).
     * 
     */
    anchor?: ElementKey | null;
    /**
     * The derived batch, in the vocabulary of `POST …/updates` and in this order:
     * `deleteSections`, `insertSections` (with their `data`), `moveSection`,
     * `deleteItems`, `insertItems` (with their `items` data), `moveItem`,
     * `reloadItems` (each list sorted; empty operations left out).
     * 
     */
    updates: Array<UpdateOperation>;
    /**
     * New index paths of the items that the batch neither inserts nor deletes and
     * whose data changed in place: reconfigured items, and items given new data.
     * 
     */
    reconfigured: Array<Array<number>>;
    /**
     * The animation plan, as `POST …/updates` answers it (`PlanResult`); left out
     * when the request said `"animatingDifferences": false`, and empty when nothing
     * changed.
     * 
     */
    plan?: Array<PlanEntry>;
    /**
     * 
     */
    contentSize: Size;
    /**
     * Layout-level results, by name (`containerHeight` and `widowCount` in the justified layout); empty for most layouts.
     */
    info: { [key: string]: number; };
}
/**
 * One section of a snapshot: its identifier, its items in order, and optionally its
 * own `layout` (as in `dataSource.sections`; given, it replaces the section's).
 * 
 * @export
 * @interface SnapshotSection
 */
export interface SnapshotSection {
    /**
     * 
     */
    id: Identifier;
    /**
     * The items in order, by identifier or with their data; left out, none.
     */
    items?: Array<SnapshotItem> | null;
    /**
     * 
     */
    layout?: SectionLayoutOverride | null;
}
/**
 * @type SnapshotSectionEntry
 * A section to add, by identifier, or `{"id", "layout"}` with its own layout.
 * @export
 */
export type SnapshotSectionEntry = Identifier | SectionWithLayout;
/**
 * 
 * @export
 * @interface SnapshotSectionsInner
 */
export interface SnapshotSectionsInner {
    /**
     * 
     */
    id: Identifier;
    /**
     * 
     */
    items: Array<Identifier>;
}
/**
 * Each section is a pile of cells centred in its own page of the bounds' width;
 * item i is offset by i·offset, rotated by i·angleStep degrees, with zIndex n − i
 * (item 0 on top); items from `visibleCount` on are hidden. Reads `view.bounds`.
 * No item data, no per-section parameters.
 * 
 * @export
 * @interface StackLayout
 */
export interface StackLayout {
    /**
     * 
     */
    type: StackLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    itemSize?: SizeInput | null;
    /**
     * The offset from one item to the next.
     */
    offset?: PointInput | null;
    /**
     * Degrees of rotation (about z) from one item to the next.
     */
    angleStep?: number | null;
    /**
     * How many items of a pile are shown; the rest are hidden.
     */
    visibleCount?: number | null;
}


/**
 * @export
 */
export const StackLayoutTypeEnum = {
    Stack: 'stack',
} as const;
export type StackLayoutTypeEnum = typeof StackLayoutTypeEnum[keyof typeof StackLayoutTypeEnum];

/**
 * A supplementary view's attributes (`header`, `footer`, `connector`, ...).
 * @export
 * @interface SupplementaryElement
 */
export interface SupplementaryElement {
    /**
     * 
     */
    category: SupplementaryElementCategoryEnum;
    /**
     * A supplementary or decoration view's kind: `header`, `footer`, `connector`, `reflection`, `background`, ...
     */
    kind: string;
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
    /**
     * 
     */
    frame: Rect;
    /**
     * 
     */
    visualFrame?: VisualFrame;
    /**
     * 
     */
    zIndex: number;
    /**
     * 
     */
    alpha: number;
    /**
     * 16 numbers m11...m44 (Core Animation's CATransform3D, row-vector convention),
     * acting about the frame's centre. Present only when not the identity.
     * 
     */
    transform3D?: Array<number>;
    /**
     * Present only when true.
     */
    hidden?: boolean;
    /**
     * Layout-specific values by name (`children` in the tree layout, `aspectRatio` in the justified layout).
     */
    extras?: { [key: string]: ExtraValue; };
}


/**
 * @export
 */
export const SupplementaryElementCategoryEnum = {
    Supplementary: 'supplementary',
} as const;
export type SupplementaryElementCategoryEnum = typeof SupplementaryElementCategoryEnum[keyof typeof SupplementaryElementCategoryEnum];

/**
 * 
 * @export
 * @interface SupplementaryKey
 */
export interface SupplementaryKey {
    /**
     * 
     */
    category: SupplementaryKeyCategoryEnum;
    /**
     * A supplementary or decoration view's kind: `header`, `footer`, `connector`, `reflection`, `background`, ...
     */
    kind: string;
    /**
     * `[section, item]`.
     */
    indexPath: Array<number>;
}


/**
 * @export
 */
export const SupplementaryKeyCategoryEnum = {
    Supplementary: 'supplementary',
} as const;
export type SupplementaryKeyCategoryEnum = typeof SupplementaryKeyCategoryEnum[keyof typeof SupplementaryKeyCategoryEnum];

/**
 * 
 * @export
 * @interface SupplementaryPlanEntry
 */
export interface SupplementaryPlanEntry {
    /**
     * 
     */
    category: SupplementaryPlanEntryCategoryEnum;
    /**
     * A supplementary or decoration view's kind: `header`, `footer`, `connector`, `reflection`, `background`, ...
     */
    kind: string;
    /**
     * 
     */
    change: Change;
    /**
     * 
     */
    from: PlanEnd;
    /**
     * 
     */
    to: PlanEnd;
}


/**
 * @export
 */
export const SupplementaryPlanEntryCategoryEnum = {
    Supplementary: 'supplementary',
} as const;
export type SupplementaryPlanEntryCategoryEnum = typeof SupplementaryPlanEntryCategoryEnum[keyof typeof SupplementaryPlanEntryCategoryEnum];

/**
 * 
 * @export
 * @interface TargetContentOffsetRequest
 */
export interface TargetContentOffsetRequest {
    /**
     * 
     */
    proposedContentOffset: PointInput;
    /**
     * The scrolling velocity (points per millisecond, as UIKit). Default (0, 0).
     */
    velocity?: PointInput | null;
    /**
     * Compositional layout (C13): snap this orthogonal section's own offset instead of
     * the collection view's. The offset and velocity across the scroll axis are read
     * from `proposedContentOffset` and `velocity` (x for a vertical layout); the answer
     * carries the resting offset on that axis. A section that does not scroll
     * orthogonally, or another layout, is a 400 naming `section`.
     * 
     */
    section?: number | null;
}
/**
 * The session during an interactive transition.
 * @export
 * @interface TransitionBegun
 */
export interface TransitionBegun {
    /**
     * 
     */
    version: number;
    /**
     * The session's current layout, echoed as the client sent it.
     */
    layout: Layout;
    /**
     * 
     */
    transition: TransitionBegunTransition;
    /**
     * The current layout's content size.
     */
    contentSize: Size;
    /**
     * Present (true) when the collection view's horizontal axis is flipped for the session's
     * layout and view: every element is drawn mirrored, and answers its `visualFrame`
     * ([docs/layout-direction.md](docs/layout-direction.md)).
     * 
     */
    axisFlipped?: boolean;
}
/**
 * 
 * @export
 * @interface TransitionBegunTransition
 */
export interface TransitionBegunTransition {
    /**
     * The target layout, echoed as the client sent it.
     */
    toLayout: Layout;
    /**
     * 
     */
    toContentSize: Size;
    /**
     * Present (true) when the collection view's axis is flipped for the target
     * layout. Queries at a `progress` answer `visualFrame` when it or the
     * session's `axisFlipped` is there.
     * 
     */
    axisFlipped?: boolean;
}
/**
 * The session after an interactive transition finished or was cancelled.
 * @export
 * @interface TransitionEnded
 */
export interface TransitionEnded {
    /**
     * 
     */
    version: number;
    /**
     * The session's layout now, echoed as the client sent it.
     */
    layout: Layout;
    /**
     * 
     */
    contentSize: Size;
    /**
     * Present (true) when the collection view's horizontal axis is flipped for the session's
     * layout and view: every element is drawn mirrored, and answers its `visualFrame`
     * ([docs/layout-direction.md](docs/layout-direction.md)).
     * 
     */
    axisFlipped?: boolean;
}
/**
 * The layout to transition to.
 * @export
 * @interface TransitionRequest
 */
export interface TransitionRequest {
    /**
     * 
     */
    layout: Layout;
}
/**
 * A tree drawn left to right: section s is depth s, and each item lists its
 * children (items of section s + 1) in `children`. A `connector` supplementary view
 * joins every parent to its children; cells carry `extras.children` (index paths).
 * Item data: `children`. No per-section parameters.
 * 
 * @export
 * @interface TreeLayout
 */
export interface TreeLayout {
    /**
     * 
     */
    type: TreeLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    itemSize?: SizeInput | null;
    /**
     * Space around each cell within its slot.
     */
    insets?: InsetsInput | null;
}


/**
 * @export
 */
export const TreeLayoutTypeEnum = {
    Tree: 'tree',
} as const;
export type TreeLayoutTypeEnum = typeof TreeLayoutTypeEnum[keyof typeof TreeLayoutTypeEnum];

/**
 * @type UpdateOperation
 * One operation of a batch; `op` names it. Deletes, reloads and move sources refer to
 * index paths and sections before the update; inserts and move destinations to those
 * after it.
 * 
 * @export
 */
export type UpdateOperation = { op: 'deleteItems' } & DeleteItemsOperation | { op: 'deleteSections' } & DeleteSectionsOperation | { op: 'insertItems' } & InsertItemsOperation | { op: 'insertSections' } & InsertSectionsOperation | { op: 'moveItem' } & MoveItemOperation | { op: 'moveSection' } & MoveSectionOperation | { op: 'reloadItems' } & ReloadItemsOperation | { op: 'reloadSections' } & ReloadSectionsOperation;
/**
 * A batch of updates (performBatchUpdates) and optionally the rect to plan.
 * @export
 * @interface UpdatesRequest
 */
export interface UpdatesRequest {
    /**
     * The operations, validated and applied together. `[]` changes nothing but still makes a new version.
     */
    updates: Array<UpdateOperation>;
    /**
     * Plan only the elements whose frames intersect this rect, before or after the update (after an anchored change, the rect moved with the offset). Left out, what is on screen (the view's bounds at its content offset), as UIKit animates; null, every element.
     */
    rect?: RectInput | null;
    /**
     * 
     */
    anchor?: ContentOffsetAnchor | null;
}
/**
 * The part of a live UICollectionView a headless layout must be told. Every member
 * is optional: in a request body a missing member takes its default; in
 * `PATCH .../view` it keeps its current value.
 * 
 * @export
 * @interface ViewInput
 */
export interface ViewInput {
    /**
     * The collection view's bounds size. Default 0 × 0.
     */
    bounds?: SizeInput | null;
    /**
     * The scroll position. Default (0, 0).
     */
    contentOffset?: PointInput | null;
    /**
     * The content inset; shrinks the reference dimension and the visible rect. Default 0 on every edge.
     */
    contentInset?: InsetsInput | null;
    /**
     * The display scale (1, 2, 3, ...) for pixel rounding; 0 or absent means exact
     * arithmetic, no rounding. Otherwise from 0.25 (a browser at 25 % on a 1× screen)
     * to 16: a tiny scale would floor every origin to 0. Anything else is a 400
     * naming `view.scale`.
     * 
     */
    scale?: number | null;
    /**
     * Compositional layout (docs/compositional.md C13): the own scroll offsets of
     * orthogonally scrolling sections, keyed by section index ("3": 120), across the
     * scroll axis. Sections not named keep theirs (0 at first). Other layouts ignore them.
     * A map, so not held to the 64-key limit of other objects: it takes up to one key
     * per section a session may hold (2,000 by default), each below that bound.
     * 
     */
    orthogonalOffsets?: { [key: string]: number; } | null;
    /**
     * The collection view's effective layout direction
     * (`effectiveUserInterfaceLayoutDirection`; [docs/layout-direction.md](docs/layout-direction.md)).
     * Default `leftToRight`. In `rightToLeft` a vertical flow layout answers its frames
     * mirrored, a horizontal flow layout answers UIKit's quirk (sections mirrored, each
     * header at its section's right end) and opens at its far right when no
     * `contentOffset` is named, and a compositional layout (or any layout with
     * `flipsHorizontallyInOppositeLayoutDirection`) has the view's axis flipped: its
     * elements also answer `visualFrame`. A PATCH that changes it prepares the layout
     * again (`invalidated` true). `contentOffset`, rects and scroll positions stay in
     * the layout's own space.
     * 
     */
    layoutDirection?: LayoutDirection | null;
    /**
     * 
     */
    layoutMargins?: ViewInputLayoutMargins | null;
    /**
     * UIView.safeAreaInsets (none negative), read by list sections. Default 0 on every edge.
     */
    safeAreaInsets?: InsetsInput | null;
    /**
     * The screen wants wide margins (the Plus and Max phones): list margins of 20 on screens wider than 320 (L-M1).
     */
    wideMargins?: boolean | null;
}


/**
 * @type ViewInputLayoutMargins
 * UIView.layoutMargins (left and right physical; none negative), read by list
 * sections ([docs/compositional.md](docs/compositional.md) §6). Default, and
 * `"system"` in a PATCH: the system's, the list margin (16, or 20 with
 * `wideMargins`) beyond the safe area. A PATCH that changes what a list section
 * reads prepares the layout again.
 * 
 * @export
 */
export type ViewInputLayoutMargins = InsetsInput | string;
/**
 * The session's view, every member in object form (`scale` 0 = no rounding).
 * @export
 * @interface ViewState
 */
export interface ViewState {
    /**
     * 
     */
    bounds: Size;
    /**
     * 
     */
    contentOffset: Point;
    /**
     * 
     */
    contentInset: Insets;
    /**
     * 
     */
    scale: number;
    /**
     * Present once set (compositional layout, C13); section index to offset.
     */
    orthogonalOffsets?: { [key: string]: number; };
    /**
     * Present when not `leftToRight`.
     */
    layoutDirection?: LayoutDirection;
    /**
     * Present when the view has margins of its own (not the system's).
     */
    layoutMargins?: Insets;
    /**
     * Present when not zero.
     */
    safeAreaInsets?: Insets;
    /**
     * Present (true) when the screen wants wide margins.
     */
    wideMargins?: boolean;
}


/**
 * 
 * @export
 * @interface ViewUpdate
 */
export interface ViewUpdate {
    /**
     * The session's new version.
     */
    version: number;
    /**
     * shouldInvalidateLayout(forBoundsChange:)'s answer; `invalidation` says what was
     * invalidated (and `preferred-sizes` lists elements as `invalidatedElements`).
     * 
     */
    invalidated: boolean;
    /**
     * 
     */
    invalidation: Invalidation;
    /**
     * 
     */
    contentSize: Size;
}
/**
 * Present when the collection view's horizontal axis is flipped (the session's
 * `axisFlipped`): where the element is drawn, in content coordinates, its frame mirrored
 * across the content's width, `x = contentSize.width − frame.x − frame.width`
 * ([docs/layout-direction.md](docs/layout-direction.md)). In an animation plan, both
 * ends are drawn in the content after the change (a flipped end mirrored across the
 * new content width), and when the axis is flipped for either layout (a layout switch)
 * both ends carry it, an end whose layout does not flip drawn at its frame. At a transition's `progress`, it is the
 * interpolation of where the two layouts draw the element, whenever either flips.
 * 
 * @export
 * @interface VisualFrame
 */
export interface VisualFrame {
    /**
     * 
     */
    x: number;
    /**
     * 
     */
    y: number;
    /**
     * 
     */
    width: number;
    /**
     * 
     */
    height: number;
}
/**
 * Pinterest-style columns (CHTCollectionViewWaterfallLayout 1.0): each item goes to
 * a column chosen by `itemRenderDirection`, its width the column width and its
 * height from its aspect ratio. Optional `header` and `footer` per section. Reads
 * `view.bounds` (only a width change invalidates) and `scale` (flooring). Item
 * data: `size`. Per section (`SectionLayout`): `columnCount`,
 * `minimumColumnSpacing`, `minimumInteritemSpacing`, `sectionInset`,
 * `headerHeight`, `footerHeight`, `headerInset`, `footerInset`.
 * 
 * @export
 * @interface WaterfallLayout
 */
export interface WaterfallLayout {
    /**
     * 
     */
    type: WaterfallLayoutTypeEnum;
    /**
     * UICollectionViewLayout's `flipsHorizontallyInOppositeLayoutDirection`: the view flips
     * its horizontal axis when its effective direction differs from
     * `developmentLayoutDirection` ([docs/layout-direction.md](docs/layout-direction.md), L1).
     * 
     */
    flipsHorizontallyInOppositeLayoutDirection?: boolean | null;
    /**
     * 
     */
    developmentLayoutDirection?: DevelopmentLayoutDirection | null;
    /**
     * 
     */
    columnCount?: number | null;
    /**
     * 
     */
    minimumColumnSpacing?: number | null;
    /**
     * 
     */
    minimumInteritemSpacing?: number | null;
    /**
     * 
     */
    sectionInset?: InsetsInput | null;
    /**
     * 0 means no header.
     */
    headerHeight?: number | null;
    /**
     * 0 means no footer.
     */
    footerHeight?: number | null;
    /**
     * 
     */
    headerInset?: InsetsInput | null;
    /**
     * 
     */
    footerInset?: InsetsInput | null;
    /**
     * `shortestFirst`: the lowest column, ties to the leftmost; `leftToRight`: index mod n; `rightToLeft`: n − 1 − (index mod n).
     */
    itemRenderDirection?: WaterfallLayoutItemRenderDirectionEnum | null;
    /**
     * 
     */
    minimumContentHeight?: number | null;
}


/**
 * @export
 */
export const WaterfallLayoutTypeEnum = {
    Waterfall: 'waterfall',
} as const;
export type WaterfallLayoutTypeEnum = typeof WaterfallLayoutTypeEnum[keyof typeof WaterfallLayoutTypeEnum];

/**
 * @export
 */
export const WaterfallLayoutItemRenderDirectionEnum = {
    ShortestFirst: 'shortestFirst',
    LeftToRight: 'leftToRight',
    RightToLeft: 'rightToLeft',
} as const;
export type WaterfallLayoutItemRenderDirectionEnum = typeof WaterfallLayoutItemRenderDirectionEnum[keyof typeof WaterfallLayoutItemRenderDirectionEnum];

