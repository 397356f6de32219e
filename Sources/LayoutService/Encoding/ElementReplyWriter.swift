import LayoutEngine
import TesseraJSON
import TesseraSupport

/// A rect query's reply written as the layout finds its elements: the collector hands each
/// one here (`ElementSink`) and it is written at once, so no list of attributes is built,
/// grown, copied or freed (docs/performance.md#streamed-elements). Elements are written into
/// a stage (`OutputStage`) that moves into the reply a few kilobytes at a time: one
/// reservation of the reply's array per element cost as much as writing the element
/// (docs/performance.md#staged-elements).
///
/// `StreamedElementsTests` holds it to writing the listed elements with `JSONWriter.elements`,
/// byte for byte, for every layout kind.
class ElementReplyWriter: ElementSink {
    /// Only this object's one user touches these, on one thread: no run-time exclusivity
    /// checks (a class's stored properties get one per access otherwise).
    @exclusivity(unchecked) private var writer: JSONWriter
    @exclusivity(unchecked) private var stage = OutputStage(capacity: 8 << 10)
    @exclusivity(unchecked) private var row = JSONWriter.RowEcho()
    @exclusivity(unchecked) private var cellEcho = CellEcho()
    @exclusivity(unchecked) private var wroteElement = false
    @exclusivity(unchecked) private var wroteNonFiniteNumber = false

    /// `{"version":V,"contentSize":{"width":W,"height":H},"elements":[`, in room for about
    /// `capacity` bytes; one reservation (a key, a number and a bracket each cost one).
    init(version: Int, contentSize: Size, capacity: Int) {
        writer = JSONWriter(capacity: capacity)
        super.init()
        writer.appendWritten(maxCount: 64 + JSONCursor.maxIntegerBytes + 2 * JSONCursor.maxNumberBytes) { c in
            c.fragment(#"{"version":"#)
            c.integer(version)
            c.fragment(#","contentSize":{"width":"#)
            c.number(contentSize.width)
            c.fragment(#","height":"#)
            c.number(contentSize.height)
            c.fragment(#"},"elements":["#)
        }
    }

    override func take(_ element: borrowing LayoutAttributes) {
        write(element, visualFrame: nil)
    }

    /// One element's bytes, with `visualFrame` when one is given (`FlippedAxisReplyWriter`,
    /// `TransitionReplyWriter`); inlined, so `take`'s nil costs nothing.
    @inline(__always)
    fileprivate func write(_ element: borrowing LayoutAttributes, visualFrame: Rect?) {
        let comma = wroteElement
        wroteElement = true
        let plain = JSONWriter.isPlain(element)
        let room = JSONWriter.maxElementBytes(element, plain: plain, visual: visualFrame != nil)
        let nonFinite: Bool
        if room <= stage.capacity {
            nonFinite = stage.withReserved(room, flushingInto: &writer.out) { w in
                var c = JSONCursor(w)
                JSONWriter.element(element, plain: plain, comma: comma, &c, row: &row, visualFrame: visualFrame)
                w = c.out
                return c.wroteNonFiniteNumber
            }
        } else {
            // Bigger than the stage (long kinds, many extras): straight into the reply.
            stage.flush(into: &writer.out)
            nonFinite = writer.out.withReserved(room) { w in
                var c = JSONCursor(w)
                JSONWriter.element(element, plain: plain, comma: comma, &c, row: &row, visualFrame: visualFrame)
                w = c.out
                return c.wroteNonFiniteNumber
            }
        }
        if nonFinite { wroteNonFiniteNumber = true }
    }

    override func takeCell(_ indexPath: IndexPath, _ frame: Rect, zIndex: Int) {
        let comma = wroteElement
        wroteElement = true
        let nonFinite = stage.withReserved(JSONWriter.maxPlainCellBytes, flushingInto: &writer.out) { w in
            var c = JSONCursor(w)
            JSONWriter.plainCell(indexPath, frame, zIndex: zIndex, comma: comma, &c, echo: &cellEcho)
            w = c.out
            return c.wroteNonFiniteNumber
        }
        if nonFinite { wroteNonFiniteNumber = true }
    }

    /// Up to `room` bytes of one element, written by `body` into the stage (a comma first is
    /// the body's, when it is told so): for subclasses' own fast paths.
    @inline(__always)
    fileprivate func writeElement(room: Int, _ body: (_ comma: Bool, inout JSONCursor) -> Void) {
        let comma = wroteElement
        wroteElement = true
        let nonFinite = stage.withReserved(room, flushingInto: &writer.out) { w in
            var c = JSONCursor(w)
            body(comma, &c)
            w = c.out
            return c.wroteNonFiniteNumber
        }
        if nonFinite { wroteNonFiniteNumber = true }
    }

    /// `]}`: the reply is whole.
    func finish() -> JSONWriter {
        stage.flush(into: &writer.out)
        if wroteNonFiniteNumber { writer.noteNonFiniteNumber() }
        writer.out.append("]}")
        return writer
    }
}

/// The reply of a rect query on a session whose collection view has its axis flipped
/// (docs/layout-direction.md): every element also gets its `visualFrame`, mirrored across
/// `visualWidth`. A subclass, so the common, unflipped writer keeps its plain-cell path and
/// pays nothing for this one.
final class FlippedAxisReplyWriter: ElementReplyWriter {
    private let visualWidth: Double
    @exclusivity(unchecked) private var echo = FlippedCellEcho()

    init(version: Int, contentSize: Size, capacity: Int, visualWidth: Double) {
        self.visualWidth = visualWidth
        super.init(version: version, contentSize: contentSize, capacity: capacity)
    }

    override func take(_ element: borrowing LayoutAttributes) {
        write(element, visualFrame: AxisDrawing.mirrored(element.frame, across: visualWidth))
    }

    /// A plain cell without its attributes being made (`FlippedCellEcho`).
    override func takeCell(_ indexPath: IndexPath, _ frame: Rect, zIndex: Int) {
        let visualX = AxisDrawing.mirrored(frame, across: visualWidth).minX
        writeElement(room: FlippedCellEcho.maxBytes) { comma, c in
            echo.write(indexPath, frame, visualX: visualX, zIndex: zIndex, comma: comma, &c)
        }
    }
}

/// The reply of a rect query at a transition's progress when the collection view flips its
/// axis for either layout: every element also gets its drawn frame, the interpolation of
/// where each layout draws it (`TransitionLayout.drawnFrame`), which no one mirror gives
/// when only one layout flips. Looks each element up again in both layouts: transitions
/// are scrubbed, not scrolled through.
final class TransitionReplyWriter: ElementReplyWriter {
    private let transition: TransitionLayout
    private let current: AxisDrawing
    private let next: AxisDrawing

    init(version: Int, capacity: Int, transition: TransitionLayout, current: AxisDrawing, next: AxisDrawing) {
        self.transition = transition
        self.current = current
        self.next = next
        super.init(version: version, contentSize: transition.contentSize, capacity: capacity)
    }

    override func take(_ element: borrowing LayoutAttributes) {
        // Never nil: the element came from one of the two layouts.
        let drawn = transition.drawnFrame(of: element.key, current: current, next: next) ?? element.frame
        write(element, visualFrame: drawn)
    }

    override func takeCell(_ indexPath: IndexPath, _ frame: Rect, zIndex: Int) {
        take(LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame, zIndex: zIndex))
    }
}
