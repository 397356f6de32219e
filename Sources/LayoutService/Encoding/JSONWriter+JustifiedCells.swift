import LayoutEngine
import TesseraJSON
import TesseraSupport

/// A justified layout's cells written straight from the prepared layout
/// (`PreparedJustifiedLayout.forEachCell`): the bytes `attributes` writes for the same
/// elements, without a `LayoutAttributes` and an `extras` array per cell first.
/// `JustifiedCellsReplyTests` holds the two to the same bytes.
extension JSONWriter {
    /// The most bytes `justifiedCell` writes: 144 bytes of punctuation, keys and constant
    /// fields, two integers of at most 20 bytes, five numbers of at most 24 (the longest
    /// shortest form, `-1.2345678901234567e-300`). A number's writer may touch up to
    /// `JSONCursor.maxNumberBytes` past where it starts (eight-byte stores, the standard
    /// formatter's zeroed scratch), so the reply's buffer has that much slack once at its end.
    ///
    /// Kept tight on purpose: glibc serves a block of up to 32 MiB from its heap once a
    /// freed block that size has raised its mmap threshold, so the next reply reuses pages
    /// already mapped; a 100,000-cell reply sized at 400 B per cell (40 MB) was a fresh
    /// mmap, ~10,000 page faults and an munmap every time (docs/performance.md#exact-cell-bound).
    static let maxJustifiedCellBytes = 144 + 2 * 20 + 5 * 24

    /// The whole one-shot reply, `{"contentSize":…,"info":…,"elements":[…]}`, with every cell
    /// of `layout`, in one buffer sized beforehand (untouched capacity costs no memory: the
    /// pages past the end are never written), the cells through one reservation of it whose
    /// every store is checked against the bound (`OutputWriter`). Public for the benchmark,
    /// which times it alone.
    public static func allCellsReply(_ layout: PreparedJustifiedLayout) -> (bytes: [UInt8], wroteNonFiniteNumber: Bool) {
        var reply = JSONWriter(capacity: 256)
        reply.oneShotHead(layout)
        reply.beginArray()
        let cellsBytes = layout.cellCount * maxJustifiedCellBytes + 2 + JSONCursor.maxNumberBytes
        reply.out.reserveCapacity(reply.out.count + cellsBytes)
        let nonFinite = reply.out.withReserved(cellsBytes) { w in
            var c = JSONCursor(w)
            var first = true
            var row = RowEcho()
            layout.forEachCell { indexPath, frame, extras in
                justifiedCell(indexPath, frame, extras, comma: !first, &c, row: &row)
                first = false
            }
            c.byte(UInt8(ascii: "]"))
            c.byte(UInt8(ascii: "}"))
            w = c.out
            return c.wroteNonFiniteNumber
        }
        return (reply.bytes, reply.wroteNonFiniteNumber || nonFinite)
    }

    /// One cell, as `attributes` writes a cell with the identity transform, alpha 1,
    /// zIndex 0, not hidden, and the justified layout's extras; a comma first unless it is
    /// the first element.
    @inline(__always)
    static func justifiedCell(
        _ indexPath: IndexPath, _ frame: Rect, _ extras: PreparedJustifiedLayout.CellExtras,
        comma: Bool, _ c: inout JSONCursor, row: inout RowEcho
    ) {
        if comma { c.byte(UInt8(ascii: ",")) }
        c.fragment(#"{"category":"cell""#)
        indexPathAndFrame(indexPath, frame, &c, row: &row)
        c.fragment(#","zIndex":0,"alpha":1,"extras":{"aspectRatio":"#)
        c.number(extras.aspectRatio)
        if extras.isForced { c.fragment(#","forcedAspectRatio":1"#) }
        c.fragment("}}")
    }
}
