extension JustifiedLayout {
    /// flickr/justified-layout 4.1's options, with its names and defaults (docs/layouts.md §8).
    ///
    /// The original's "false or a number" options are optionals (`nil` is `false`); its
    /// "number or object" options are the small enums below. Numbers must be finite (the
    /// original checks nothing; `prepare` rejects what would give boxes that are not
    /// rectangles, naming the field).
    public struct Parameters: Sendable, Hashable {
        /// The width boxes are laid out in, padding included. `nil`: the view's bounds width
        /// when it is positive, else the original's default, 1060.
        public var containerWidth: Double?
        /// Space around the boxes: one number for every side, or one per side.
        public var containerPadding: ContainerPadding
        /// Gaps between boxes: one number for both axes, or one per axis.
        public var boxSpacing: BoxSpacing
        /// The row height the algorithm aims for. Must be positive.
        public var targetRowHeight: Double
        /// How far a justified row's height may stray from the target, as a fraction of it
        /// (the original documents 0…1 but accepts any number; so does this).
        public var targetRowHeightTolerance: Double
        /// Rows after this many are not laid out (nor are their items). The original compares
        /// the row count with `>=` after each row, so 0 (or any value ≤ 1) still gives one row
        /// and a fractional value k gives ⌈k⌉ rows. `.infinity`: no limit.
        public var maxNumRows: Double
        /// Replaces every item's aspect ratio (`nil` is the original's `false`). As in the
        /// original, 0 counts as `false`, and items are then not read at all, so a section of
        /// bare item counts can be laid out.
        public var forceAspectRatio: Double?
        /// Whether the trailing incomplete row (the widows) is laid out.
        public var showWidows: Bool
        /// `k`: rows k, 2k, 3k, … (counted from 1) are breakout rows, whose first item, if it is
        /// square or landscape, fills the row alone. `nil` is the original's `false`. The test
        /// is the original's `rowNumber % k == 0` on doubles (fmod), so 0 means never and a
        /// negative k acts as |k|.
        public var fullWidthBreakoutRowCadence: Double?
        /// How the widows are placed.
        public var widowLayoutStyle: WidowLayoutStyle

        public init(
            containerWidth: Double? = nil,
            containerPadding: ContainerPadding = .all(10),
            boxSpacing: BoxSpacing = .all(10),
            targetRowHeight: Double = 320,
            targetRowHeightTolerance: Double = 0.25,
            maxNumRows: Double = .infinity,
            forceAspectRatio: Double? = nil,
            showWidows: Bool = true,
            fullWidthBreakoutRowCadence: Double? = nil,
            widowLayoutStyle: WidowLayoutStyle = .left
        ) {
            self.containerWidth = containerWidth
            self.containerPadding = containerPadding
            self.boxSpacing = boxSpacing
            self.targetRowHeight = targetRowHeight
            self.targetRowHeightTolerance = targetRowHeightTolerance
            self.maxNumRows = maxNumRows
            self.forceAspectRatio = forceAspectRatio
            self.showWidows = showWidows
            self.fullWidthBreakoutRowCadence = fullWidthBreakoutRowCadence
            self.widowLayoutStyle = widowLayoutStyle
        }

        /// The original's default container width, used when neither the parameters nor the
        /// view give one.
        public static let defaultContainerWidth: Double = 1060
    }

    /// `containerPadding`: a number for all four sides, or `{top, right, bottom, left}`.
    public enum ContainerPadding: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        case all(Double)
        case sides(top: Double, right: Double, bottom: Double, left: Double)

        public init(floatLiteral value: Double) { self = .all(value) }
        public init(integerLiteral value: Int) { self = .all(Double(value)) }

        public var top: Double {
            switch self {
            case .all(let v): v
            case .sides(let top, _, _, _): top
            }
        }
        public var right: Double {
            switch self {
            case .all(let v): v
            case .sides(_, let right, _, _): right
            }
        }
        public var bottom: Double {
            switch self {
            case .all(let v): v
            case .sides(_, _, let bottom, _): bottom
            }
        }
        public var left: Double {
            switch self {
            case .all(let v): v
            case .sides(_, _, _, let left): left
            }
        }
    }

    /// `boxSpacing`: a number for both axes, or `{horizontal, vertical}`.
    public enum BoxSpacing: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        case all(Double)
        case axes(horizontal: Double, vertical: Double)

        public init(floatLiteral value: Double) { self = .all(value) }
        public init(integerLiteral value: Int) { self = .all(Double(value)) }

        /// Between boxes of a row.
        public var horizontal: Double {
            switch self {
            case .all(let v): v
            case .axes(let h, _): h
            }
        }
        /// Between rows.
        public var vertical: Double {
            switch self {
            case .all(let v): v
            case .axes(_, let v): v
            }
        }
    }

    /// `widowLayoutStyle`. The original reads any other string as `left`; the JSON reader
    /// may do the same with `WidowLayoutStyle(rawValue:) ?? .left`.
    public enum WidowLayoutStyle: String, Sendable, Hashable, CaseIterable {
        /// Widows keep their widths and start at the left padding.
        case left
        /// Widows are stretched to fill the row, like a completed row.
        case justify
        /// Widows keep their widths and are shifted by the original's centring offset.
        case center
    }
}
