/// R6.1: the room rule. Both passes of `MixedLines.init` step through it, so they break
/// lines identically.
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

extension MixedLines {
    /// Breaks the items into lines (R6.1), decides whether the last is complete (R6.2),
    /// places items across each line (R6.3, R6.4) and stacks the lines (R6.5).
    ///
    /// A first pass only counts lines so that the line arrays are allocated once at their
    /// exact size: 8 bytes per item plus 24 per line, whatever the input.
    /// - Complexity: O(n), two reads of the sizes.
    init(sizes: [Size], defaultSize: Size, axes: FlowAxes, available A: Double, crossStart: Double,
         packingGap P: Double, lineGap G: Double, opensEmptyLine: Bool, firstLineAlong: Double) {
        let n = sizes.count
        @inline(__always) func size(_ s: Size) -> Size { s.width.isNaN ? defaultSize : s }

        var lineCount = 1
        var breaker = LineBreaker(available: A, packingGap: P, opensEmptyLine: opensEmptyLine)
        sizes.withUnsafeBufferPointer { buffer in
            for i in 0..<n where breaker.place(axes.cross(size(buffer[i]))) != .sameLine {
                lineCount += 1
            }
        }

        var cross = [Double](repeating: 0, count: n)
        var starts: [Double] = [], thicknesses: [Double] = [], firsts: [Int] = []
        starts.reserveCapacity(lineCount)
        thicknesses.reserveCapacity(lineCount)
        firsts.reserveCapacity(lineCount + 1)
        var crossSorted = true
        var cellLo = Double.infinity, cellHi = -Double.infinity
        var bodyLength = 0.0

        sizes.withUnsafeBufferPointer { buffer in
            cross.withUnsafeMutableBufferPointer { cross in
                breaker = LineBreaker(available: A, packingGap: P, opensEmptyLine: opensEmptyLine)
                var lineFirst = 0, lineItems = 0, lineSum = 0.0, lineThickness = 0.0
                var relativeStart = 0.0
                var previousRoom = Double.nan
                var everyLineSingle = true

                func closeLine(complete: Bool, roomLeft: Double) {
                    let start = firstLineAlong + relativeStart
                    starts.append(start)
                    thicknesses.append(lineThickness)
                    firsts.append(lineFirst)
                    var x = crossStart, gap = P  // R6.4: leading, gaps exactly P
                    if complete && lineItems >= 2 {
                        gap = (A - lineSum) / Double(lineItems - 1)  // R6.3 justified
                    } else if complete && lineItems == 1 {
                        // R6.3: centred, but an oversize item sits at crossStart
                        x = A >= lineSum ? crossStart + (A - lineSum) / 2 : crossStart
                    }
                    var previousOrigin = -Double.infinity, previousEnd = -Double.infinity
                    for i in lineFirst..<(lineFirst + lineItems) {
                        let c = axes.cross(size(buffer[i]))
                        cross[i] = x
                        if x < previousOrigin || x + c < previousEnd { crossSorted = false }
                        previousOrigin = x
                        previousEnd = x + c
                        x = x + c + gap
                    }
                    if lineItems > 0 {
                        cellLo = min(cellLo, start)
                        cellHi = max(cellHi, start + lineThickness)
                    }
                    if lineItems != 1 { everyLineSingle = false }
                    previousRoom = roomLeft
                    bodyLength = relativeStart + lineThickness
                    relativeStart = relativeStart + lineThickness + G  // R6.5: gap only between lines
                }

                for i in 0..<n {
                    let s = size(buffer[i])
                    let roomBefore = breaker.room
                    if breaker.place(axes.cross(s)) != .sameLine {
                        // Not the last line, so complete (R6.2); Q2's empty line has no items.
                        closeLine(complete: true, roomLeft: roomBefore)
                        lineFirst = i
                        lineItems = 0
                        lineSum = 0
                        lineThickness = 0
                    }
                    lineItems += 1
                    lineSum += axes.cross(s)
                    lineThickness = max(lineThickness, axes.along(s))  // R6.5 thickness
                }
                // R6.2: (a) every line holds one item, or (b) the last two lines have
                // exactly the same room left.
                let lastComplete = (everyLineSingle && lineItems == 1)
                    || (!starts.isEmpty && breaker.room == previousRoom)
                closeLine(complete: lastComplete, roomLeft: breaker.room)
            }
        }
        firsts.append(n)

        self.sizes = sizes
        self.defaultSize = defaultSize
        itemCross = cross
        lineStart = starts
        lineThickness = thicknesses
        lineFirstItem = firsts
        self.crossSorted = crossSorted
        self.bodyLength = bodyLength
        alongExtent = cellLo <= cellHi ? (cellLo, cellHi) : nil
        lineSearch = IntervalEnvelope(count: starts.count, start: { starts[$0] },
                                      end: { starts[$0] + thicknesses[$0] })
    }
}
