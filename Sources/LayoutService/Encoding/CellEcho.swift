import LayoutEngine
import TesseraJSON
import TesseraSupport

/// The bytes a plain cell shares with the cell written before it, kept to be copied rather
/// than written again:
/// - its head `{"category":"cell","indexPath":[S,I` while the section stays and the item is
///   the last one's plus one, the item's last digit counted up in place (not past 9);
/// - its x when one of the last eight x coordinates written had its bits (a grid's columns);
/// - its y while it stays (a row);
/// - its tail `,"width":…,"height":…},"zIndex":…,"alpha":1}` while the width, height and
///   z-index do (every cell of a grid, of a compositional group's column), and its width
///   while that stays (a waterfall's cells, whose heights differ).
/// A cell of a grid of up to eight columns then costs a few copies.
///
/// Hand-written because measured faster on a hot path: a random visible rect of a flow grid
/// formatted five numbers and three constant fragments per cell
/// (docs/performance.md#cell-echo). Same values, same bit patterns, same bytes: the number
/// writers are functions of the bits. The copies are inline and short; writing what changed
/// is out of line. `CellEchoTests` and `StreamedElementsTests` hold replies written with it
/// to `JSONWriter.elements`, byte for byte.
///
/// The copies are whole eight-byte words, of a head of up to 80 bytes and a tail of up to 96
/// (a longer tail is written every time); the caller's room for a plain cell
/// (`JSONWriter.maxPlainCellBytes`) covers the words past the bytes kept.
struct CellEcho {
    private var section = -1
    private var item = -1
    private var head = Words()
    /// 0: no head kept.
    private var headCount = 0
    /// Whether the kept head's last byte may be counted up (it is a digit below 9).
    private var headCountsUp = false
    /// That last digit.
    private var headLastDigit: UInt8 = 0

    private var y = NumberEcho()
    /// The last width written anew (a waterfall's cells share their column's width, not
    /// their height, so their tails differ).
    private var widthEcho = NumberEcho()
    private var width: UInt64 = 0
    private var height: UInt64 = 0
    private var zIndex = 0
    private var tail = Words()
    /// 0: no tail kept.
    private var tailCount = 0

    private var xs = RecentNumbers()

    /// Twelve words, 96 bytes.
    private struct Words {
        var w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// `{"category":"cell","indexPath":[S,I`.
    @inline(__always)
    mutating func writeHead(_ indexPath: IndexPath, _ c: inout JSONCursor) {
        if headCountsUp, indexPath.section == section, indexPath.item == item &+ 1 {
            // The last digit, one up: it is below 9, so nothing carries.
            let last = headCount &- 1
            withUnsafeMutableBytes(of: &head.w) { $0[last] &+= 1 }
            Self.store(head, words: 10, &c)
            c.out.advance(by: headCount)
            headLastDigit &+= 1
            headCountsUp = headLastDigit != UInt8(ascii: "9")
            item &+= 1
            return
        }
        writeHeadAnew(indexPath, &c)
    }

    @inline(never)
    private mutating func writeHeadAnew(_ indexPath: IndexPath, _ c: inout JSONCursor) {
        let begin = c.out.count
        c.fragment(#"{"category":"cell","indexPath":["#)
        c.integer(indexPath.section)
        c.byte(UInt8(ascii: ","))
        c.integer(indexPath.item)
        let n = c.out.count &- begin // at most 32 + 20 + 1 + 20
        head = Self.keep(c.out, from: begin, count: n)
        headCount = n
        section = indexPath.section
        item = indexPath.item
        headLastDigit = Self.byte(of: head, at: n &- 1)
        headCountsUp = item >= 0 && headLastDigit != UInt8(ascii: "9")
    }

    /// The x's number, copied when it is one of the last eight written.
    @inline(__always)
    mutating func writeX(_ x: Double, _ c: inout JSONCursor) {
        if !xs.repeatIfRecent(x, &c) { writeXAnew(x, &c) }
    }

    @inline(never)
    private mutating func writeXAnew(_ x: Double, _ c: inout JSONCursor) {
        xs.write(x, &c)
    }

    /// `,"y":Y,"width":W,"height":H},"zIndex":Z,"alpha":1}`.
    @inline(__always)
    mutating func writeTail(y: Double, width: Double, height: Double, zIndex z: Int, _ c: inout JSONCursor) {
        c.fragment(#","y":"#)
        if !self.y.repeatIfSame(y, &c) { writeY(y, &c) }
        if tailCount != 0, width.bitPattern == self.width, height.bitPattern == self.height, z == zIndex {
            Self.store(tail, words: 12, &c)
            c.out.advance(by: tailCount)
        } else {
            writeTailAnew(width: width, height: height, zIndex: z, &c)
        }
    }

    @inline(never)
    private mutating func writeY(_ y: Double, _ c: inout JSONCursor) {
        c.number(y, echo: &self.y)
    }

    @inline(never)
    private mutating func writeTailAnew(width: Double, height: Double, zIndex z: Int, _ c: inout JSONCursor) {
        let begin = c.out.count
        c.fragment(#","width":"#)
        c.number(width, echo: &widthEcho)
        c.fragment(#","height":"#)
        c.number(height)
        Self.writeEnd(zIndex: z, &c)
        let n = c.out.count &- begin
        // Not kept: a tail longer than the words, or one with a number that is not finite
        // (writing it must flag the cursor every time, as `number` does).
        guard n <= 96, width.isFinite, height.isFinite else {
            tailCount = 0
            return
        }
        tail = Self.keep(c.out, from: begin, count: n)
        tailCount = n
        self.width = width.bitPattern
        self.height = height.bitPattern
        zIndex = z
    }

    /// `},"zIndex":Z,"alpha":1}`: a plain cell's end, after its frame (or its visual frame).
    @inline(__always)
    static func writeEnd(zIndex z: Int, _ c: inout JSONCursor) {
        if z == 0 {
            c.fragment(#"},"zIndex":0,"alpha":1}"#)
        } else {
            c.fragment(#"},"zIndex":"#)
            c.integer(z)
            c.fragment(#","alpha":1}"#)
        }
    }

    /// The `count` bytes written from `begin`, zero-padded to 96.
    private static func keep(_ out: borrowing OutputWriter, from begin: Int, count n: Int) -> Words {
        @inline(__always) func word(_ k: Int) -> UInt64 {
            let offset = k &* 8
            return offset < n ? out.loadWritten(littleEndianFrom: begin &+ offset, count: min(8, n &- offset)) : 0
        }
        var words = Words()
        words.w = (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7), word(8), word(9), word(10), word(11))
        return words
    }

    /// Byte `i` of the kept words.
    @inline(__always)
    private static func byte(of kept: Words, at i: Int) -> UInt8 {
        withUnsafeBytes(of: kept.w) { $0[i] }
    }

    /// Stores the first `words` kept words (10 or 12) at the write position, which does not
    /// move: the caller moves it past the bytes kept (the words past them are room it left).
    @inline(__always)
    private static func store(_ kept: Words, words: Int, _ c: inout JSONCursor) {
        let w = kept.w
        c.out.store(littleEndian: w.0, at: 0)
        c.out.store(littleEndian: w.1, at: 8)
        c.out.store(littleEndian: w.2, at: 16)
        c.out.store(littleEndian: w.3, at: 24)
        c.out.store(littleEndian: w.4, at: 32)
        c.out.store(littleEndian: w.5, at: 40)
        c.out.store(littleEndian: w.6, at: 48)
        c.out.store(littleEndian: w.7, at: 56)
        c.out.store(littleEndian: w.8, at: 64)
        c.out.store(littleEndian: w.9, at: 72)
        if words > 10 {
            c.out.store(littleEndian: w.10, at: 80)
            c.out.store(littleEndian: w.11, at: 88)
        }
    }
}

/// The last eight numbers written through it, each with its bytes (`NumberEcho`), looked up
/// by their bits in order and replaced round robin: the x coordinates of a grid's columns
/// come back row after row, and eight cover the grids screens show.
struct RecentNumbers {
    private var echoes = (
        NumberEcho(), NumberEcho(), NumberEcho(), NumberEcho(), NumberEcho(), NumberEcho(), NumberEcho(), NumberEcho()
    )
    private var next = 0

    /// Writes `value`'s bytes again when it is one of the eight; false otherwise.
    @inline(__always)
    mutating func repeatIfRecent(_ value: Double, _ c: inout JSONCursor) -> Bool {
        withUnsafeMutablePointer(to: &echoes) { tuple in
            // A homogeneous tuple is laid out as an array of its element.
            let echo = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: NumberEcho.self)
            for k in 0..<8 where echo[k].repeatIfSame(value, &c) { return true }
            return false
        }
    }

    /// Writes `value` and keeps it in place of the oldest of the eight.
    mutating func write(_ value: Double, _ c: inout JSONCursor) {
        let k = next
        next = (next &+ 1) & 7
        withUnsafeMutablePointer(to: &echoes) { tuple in
            let echo = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: NumberEcho.self)
            c.number(value, echo: &echo[k])
        }
    }
}
