/// R6.1: the room rule. Both a fresh layout of a mixed section and one resumed after an
/// unchanged prefix step through it, so they break lines identically.
struct LineBreaker {
    enum Step { case sameLine, newLine, emptyLineThenNewLine }

    let available: Double
    let packingGap: Double
    /// Q2: an oversize first item closes an empty line before starting its own.
    let opensEmptyLine: Bool
    private(set) var room: Double
    private var itemsOnLine = 0

    init(available: Double, packingGap: Double, opensEmptyLine: Bool) {
        self.available = available
        self.packingGap = packingGap
        self.opensEmptyLine = opensEmptyLine
        room = available
    }

    /// The state right after an item of cross length `c` started a new line (not the first).
    init(available: Double, packingGap: Double, opensEmptyLine: Bool, lineStartedBy c: Double) {
        self.init(available: available, packingGap: packingGap, opensEmptyLine: opensEmptyLine)
        room = available
        room -= c + packingGap
        itemsOnLine = 1
    }

    @inline(__always)
    mutating func place(_ c: Double) -> Step {
        // Only the very first item meets an empty line; without Q2 it takes it whatever its size.
        if c <= room || (itemsOnLine == 0 && !opensEmptyLine) {
            room -= c + packingGap
            itemsOnLine += 1
            return .sameLine
        }
        let step: Step = itemsOnLine == 0 ? .emptyLineThenNewLine : .newLine
        room = available
        room -= c + packingGap
        itemsOnLine = 1
        return step
    }
}

/// The inputs of a mixed section's lines that do not depend on its items.
struct MixedLineMetrics: Sendable, Equatable {
    let axes: FlowAxes
    /// A (R1).
    let available: Double
    let crossStart: Double
    /// P: the gap between items on a line (R6.1, Q1).
    let packingGap: Double
    /// The gap between lines (R6.5, Q1).
    let lineGap: Double
    /// Q2.
    let opensEmptyLine: Bool
    /// For items that gave no size.
    let defaultSize: Size
}

/// Breaks the items into lines (R6.1), decides whether the last is complete (R6.2), places
/// items across each line (R6.3, R6.4) and stacks the lines (R6.5), one item at a time.
///
/// It starts either at item 0 or, after a batch update, at the first item of the line that
/// held the last unchanged item of an earlier layout of the section: every line before that
/// one was closed by items that have not changed, so its storage is shared and its state
/// (the running along start, the room left on the line before, and the R6.2 and sort
/// summaries) is restored exactly as the fresh pass would have it there.
struct MixedLineBuilder {
    let m: MixedLineMetrics
    let itemCount: Int
    private var breaker: LineBreaker
    private var cross: ChunkedArrayBuilder<Double>
    private var starts: ChunkedArrayBuilder<Double>
    private var thicknesses: ChunkedArrayBuilder<Double>
    private var firsts: ChunkedArrayBuilder<Int>
    /// Lines closed so far.
    private var lineCount = 0
    // The open line.
    private var lineFirst = 0, lineItems = 0, lineSum = 0.0, lineThickness = 0.0
    /// The open line's start relative to the first line's (R6.5).
    private var relativeStart = 0.0
    /// R6.2 (b): the room left on the last closed line.
    private var previousRoom = Double.nan
    private var bodyLength = 0.0
    /// The first line whose items are not in ascending cross order; `Int.max` if none.
    private var firstUnsortedLine = Int.max
    /// The first line that does not hold exactly one item (R6.2 (a)); `Int.max` if none.
    private var firstMultiItemLine = Int.max
    /// Lines before this one are known to rise monotonically (IntervalEnvelope).
    private var monotonePrefix = 0

    /// A fresh pass from item 0.
    init(_ m: MixedLineMetrics, itemCount n: Int) {
        self.m = m
        itemCount = n
        breaker = LineBreaker(available: m.available, packingGap: m.packingGap, opensEmptyLine: m.opensEmptyLine)
        cross = ChunkedArrayBuilder(upcoming: n)
        starts = ChunkedArrayBuilder(upcoming: n + 1)
        thicknesses = ChunkedArrayBuilder(upcoming: n + 1)
        firsts = ChunkedArrayBuilder(upcoming: n + 2)
    }

    /// A pass resumed from `old`, laid out with the same metrics, whose first `prefix` items
    /// (prefix ≥ 1) equal those of `sizes`. Returns nil when the kept lines would be none
    /// (the resumed line is the first with items), so a fresh pass is no dearer. Otherwise
    /// the builder has placed every item before `nextItem`.
    /// - Complexity: O(log lines + the items on the line before the resumed one).
    init?(
        _ m: MixedLineMetrics, itemCount n: Int, resuming old: MixedLines, prefix: Int,
        sizes: UnsafeBufferPointer<Size>
    ) {
        let kept = old.line(of: prefix - 1)
        let f = old.lineFirstItem[kept]
        guard f > 0 else { return nil } // so the line before (kept − 1) holds items
        self.m = m
        itemCount = n
        cross = ChunkedArrayBuilder(prefix: old.itemCross, keeping: f, upcoming: n - f)
        starts = ChunkedArrayBuilder(prefix: old.lineStart, keeping: kept, upcoming: n - f + 1)
        thicknesses = ChunkedArrayBuilder(prefix: old.lineThickness, keeping: kept, upcoming: n - f + 1)
        firsts = ChunkedArrayBuilder(prefix: old.lineFirstItem, keeping: kept, upcoming: n - f + 2)
        lineCount = kept
        relativeStart = old.lineStart[kept]
        if old.firstUnsortedLine < kept { firstUnsortedLine = old.firstUnsortedLine }
        if old.firstMultiItemLine < kept { firstMultiItemLine = old.firstMultiItemLine }
        monotonePrefix = old.lineSearch.firstDecrease >= kept ? kept : 0
        // The room the breaker had left on line kept − 1 when item f arrived, replayed in the
        // breaker's own order of operations.
        var room = m.available
        for i in old.lineFirstItem[kept - 1]..<f {
            room -= m.axes.cross(Self.size(sizes[i], m)) + m.packingGap
        }
        previousRoom = room
        // Item f started line `kept`.
        let s = Self.size(sizes[f], m)
        breaker = LineBreaker(
            available: m.available, packingGap: m.packingGap,
            opensEmptyLine: m.opensEmptyLine, lineStartedBy: m.axes.cross(s))
        lineFirst = f
        lineItems = 1
        lineSum = 0
        lineSum += m.axes.cross(s)
        lineThickness = 0
        lineThickness = max(lineThickness, m.axes.along(s))
        nextItem = f + 1
    }

    /// The next item `add` expects.
    private(set) var nextItem = 0

    @inline(__always)
    static func size(_ s: Size, _ m: MixedLineMetrics) -> Size { s.width.isNaN ? m.defaultSize : s }

    /// Places item `nextItem`, of size `s` (NaN width: the default size).
    @inline(__always)
    mutating func add(_ raw: Size, sizes: UnsafeBufferPointer<Size>) {
        let i = nextItem
        nextItem = i + 1
        let s = Self.size(raw, m)
        let c = m.axes.cross(s)
        let roomBefore = breaker.room
        if breaker.place(c) != .sameLine {
            // Not the last line, so complete (R6.2); Q2's empty line has no items.
            closeLine(complete: true, roomLeft: roomBefore, sizes: sizes)
            lineFirst = i
            lineItems = 0
            lineSum = 0
            lineThickness = 0
        }
        lineItems += 1
        lineSum += c
        lineThickness = max(lineThickness, m.axes.along(s)) // R6.5 thickness
    }

    private mutating func closeLine(complete: Bool, roomLeft: Double, sizes: UnsafeBufferPointer<Size>) {
        let A = m.available, P = m.packingGap
        starts.append(relativeStart, upcoming: itemCount - lineFirst)
        thicknesses.append(lineThickness, upcoming: itemCount - lineFirst)
        firsts.append(lineFirst, upcoming: itemCount - lineFirst + 1)
        var x = m.crossStart, gap = P // R6.4: leading, gaps exactly P
        if complete && lineItems >= 2 {
            gap = (A - lineSum) / Double(lineItems - 1) // R6.3 justified
        } else if complete && lineItems == 1 {
            // R6.3: centred, but an oversize item sits at crossStart
            x = A >= lineSum ? m.crossStart + (A - lineSum) / 2 : m.crossStart
        }
        var previousOrigin = -Double.infinity, previousEnd = -Double.infinity
        var sorted = true
        let end = lineFirst + lineItems
        for i in lineFirst..<end {
            let c = m.axes.cross(Self.size(sizes[i], m))
            cross.append(x, upcoming: itemCount - i)
            if x < previousOrigin || x + c < previousEnd { sorted = false }
            previousOrigin = x
            previousEnd = x + c
            x = x + c + gap
        }
        if !sorted && firstUnsortedLine == .max { firstUnsortedLine = lineCount }
        if lineItems != 1 && firstMultiItemLine == .max { firstMultiItemLine = lineCount }
        previousRoom = roomLeft
        bodyLength = relativeStart + lineThickness
        relativeStart = relativeStart + lineThickness + m.lineGap // R6.5: gap only between lines
        lineCount += 1
    }

    /// Closes the last line and freezes the storage; every item must have been added.
    consuming func finish(sizes column: [Size], buffer: UnsafeBufferPointer<Size>) -> MixedLines {
        precondition(nextItem == itemCount)
        // R6.2: (a) every line holds one item, or (b) the last two lines have exactly the
        // same room left.
        let lastComplete =
            (firstMultiItemLine == .max && lineItems == 1)
            || (lineCount > 0 && breaker.room == previousRoom)
        closeLine(complete: lastComplete, roomLeft: breaker.room, sizes: buffer)
        firsts.append(itemCount, upcoming: 0)
        return MixedLines(
            sizes: column, defaultSize: m.defaultSize, itemCross: cross.finish(),
            lineStart: starts.finish(), lineThickness: thicknesses.finish(), lineFirstItem: firsts.finish(),
            monotonePrefix: monotonePrefix,
            firstUnsortedLine: min(firstUnsortedLine, lineCount), firstMultiItemLine: min(firstMultiItemLine, lineCount),
            bodyLength: bodyLength)
    }
}

extension MixedLines {
    /// Lays out the mixed section with size column `sizes` (non-empty) afresh, or, given an
    /// earlier layout `old` of a section with the same metrics whose first `prefix` items
    /// are unchanged, from the line holding item prefix − 1 onward.
    /// - Complexity: O(n) fresh; O(n − f + n/4,096) resumed, f being the first item of the
    ///   line resumed.
    static func make(
        sizes: [Size], metrics m: MixedLineMetrics,
        resuming: (old: MixedLines, prefix: Int)? = nil
    ) -> MixedLines {
        let n = sizes.count
        return sizes.withUnsafeBufferPointer { buffer in
            var builder: MixedLineBuilder
            if let (old, prefix) = resuming, prefix > 0, prefix <= min(n, old.itemCount),
                let resumed = MixedLineBuilder(m, itemCount: n, resuming: old, prefix: prefix, sizes: buffer)
            {
                builder = resumed
            } else {
                builder = MixedLineBuilder(m, itemCount: n)
            }
            for i in builder.nextItem..<n { builder.add(buffer[i], sizes: buffer) }
            return builder.finish(sizes: sizes, buffer: buffer)
        }
    }
}
