import LayoutEngine
import TesseraJSON
import TesseraSupport

/// A plain cell's bytes with its `visualFrame` (a flipped axis, docs/layout-direction.md),
/// echoed as `CellEcho` echoes a plain cell's: the head and the x from the cell before,
/// the visual x from the last eight written (a grid's mirrored columns), and the y, width and
/// height written once and copied into the visual frame, which shares them.
///
/// Hand-written because measured faster on a hot path: writing each flipped cell through
/// the general element writer cost a random rect of a right-to-left compositional grid 2.2
/// times the instructions of the same rect left to right
/// (docs/performance.md#flipped-cell-echo). `FlippedCellEchoTests` holds its bytes to
/// `JSONWriter.element` with the same visual frame, byte for byte.
struct FlippedCellEcho {
    private var cell = CellEcho()
    private var visualXs = RecentNumbers()
    private var y = NumberEcho()
    private var width = NumberEcho()
    private var height = NumberEcho()

    /// What `write` can put down: a plain cell and a visual frame, and the words an echo
    /// copies past the bytes it keeps.
    static var maxBytes: Int { JSONWriter.maxPlainCellBytes + JSONWriter.maxVisualFrameBytes + 32 }

    /// `{"category":"cell","indexPath":[S,I],"frame":{…},"visualFrame":{…},"zIndex":Z,"alpha":1}`,
    /// a comma first when `comma`: what `JSONWriter.element` writes for the plain cell with
    /// `visualFrame` at x `visualX` and the frame's y and size.
    @inline(__always)
    mutating func write(_ indexPath: IndexPath, _ frame: Rect, visualX: Double, zIndex: Int, comma: Bool, _ c: inout JSONCursor) {
        if comma { c.byte(UInt8(ascii: ",")) }
        cell.writeHead(indexPath, &c)
        c.fragment(#"],"frame":{"x":"#)
        cell.writeX(frame.minX, &c)
        writeRest(frame, &c)
        c.fragment(#"},"visualFrame":{"x":"#)
        if !visualXs.repeatIfRecent(visualX, &c) { writeVisualXAnew(visualX, &c) }
        writeRest(frame, &c)
        CellEcho.writeEnd(zIndex: zIndex, &c)
    }

    /// `,"y":Y,"width":W,"height":H`, each number copied when it is the last one written.
    @inline(__always)
    private mutating func writeRest(_ frame: Rect, _ c: inout JSONCursor) {
        c.fragment(#","y":"#)
        if !y.repeatIfSame(frame.minY, &c) { Self.writeAnew(frame.minY, &y, &c) }
        c.fragment(#","width":"#)
        if !width.repeatIfSame(frame.width, &c) { Self.writeAnew(frame.width, &width, &c) }
        c.fragment(#","height":"#)
        if !height.repeatIfSame(frame.height, &c) { Self.writeAnew(frame.height, &height, &c) }
    }

    @inline(never)
    private mutating func writeVisualXAnew(_ x: Double, _ c: inout JSONCursor) {
        visualXs.write(x, &c)
    }

    @inline(never)
    private static func writeAnew(_ value: Double, _ echo: inout NumberEcho, _ c: inout JSONCursor) {
        c.number(value, echo: &echo)
    }
}
