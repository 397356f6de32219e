import LayoutEngine
import TesseraJSON

/// Elements with their `visualFrame`, where the collection view flips its axis
/// (docs/layout-direction.md), for the replies that are not rect queries: plans, movement,
/// one-shot layouts, single elements. A left-to-right reply goes through the plain writers and
/// keeps its bytes.
extension JSONWriter {
    /// `attributes(a)` with `visualFrame` after the frame: where the element is drawn.
    mutating func attributes(_ a: LayoutAttributes, visualFrame: Rect) {
        var row = RowEcho()
        let comma = takeComma()
        let plain = Self.isPlain(a)
        appendWritten(maxCount: Self.maxElementBytes(a, plain: plain, visual: true)) { c in
            Self.element(a, plain: plain, comma: comma, &c, row: &row, visualFrame: visualFrame)
        }
    }

    /// `attributes(a)`, with `visualFrame` when one is given.
    mutating func attributes(_ a: LayoutAttributes, visualFrame: Rect?) {
        if let visualFrame { attributes(a, visualFrame: visualFrame) } else { attributes(a) }
    }

    /// `attributes(a)`, with its drawn frame as `visualFrame` when `drawing` flips the axis.
    mutating func attributes(_ a: LayoutAttributes, drawing: AxisDrawing) {
        attributes(a, visualFrame: drawing.flipsAxis ? drawing.drawn(a.frame) : nil)
    }

    /// `elements(list)`, each with its drawn frame when `drawing` flips the axis.
    mutating func elements(_ list: [LayoutAttributes], drawing: AxisDrawing) {
        guard drawing.flipsAxis else { return elements(list) }
        beginArray()
        for e in list { attributes(e, visualFrame: drawing.drawn(e.frame)) }
        endArray()
    }
}
