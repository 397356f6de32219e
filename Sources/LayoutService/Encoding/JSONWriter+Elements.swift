import LayoutEngine
import TesseraJSON

/// Elements, the bulk of every big reply (docs/api.md: "An element"), each written through
/// one cursor into memory sized for it beforehand: constant fragments pre-rendered with their
/// keys and punctuation, numbers by `JSONCursor.number`, one `Array.append` per element.
///
/// Hand-written because measured faster on a hot path: encoding the 100,000 elements of the
/// justified benchmark layout (Benchmarks/callgrind-create.sh `encode-justified`;
/// docs/performance.md#element-writer).
/// `ElementEncodingTests` holds it to the same bytes as writing each part through the
/// writer's general methods (`beginObject`, `key`, `number`, …), the way it was written before.
extension JSONWriter {
    /// Public for the benchmark, which times encoding alone.
    public mutating func elements(_ list: [LayoutAttributes]) {
        beginArray()
        var row = RowEcho()
        let start = out.count
        for (i, e) in list.enumerated() {
            attributes(e, row: &row)
            if i == Self.sampledElements - 1 && list.count >= 2 * Self.sampledElements {
                reserveForTheRest(list.count - Self.sampledElements, perElement: (out.count - start) / Self.sampledElements)
            }
        }
        endArray()
    }

    /// Elements written before a big list's reply is sized for the rest at their rate.
    private static let sampledElements = 64

    /// Room for `count` more elements of about `perElement` bytes (an eighth more, for
    /// longer ones further on), reserved once: callers size the reply by a guess per element
    /// (110 bytes), and a list of longer ones grew it by doubling, copying it each time.
    /// Measured in CPU time, not instructions (`perf stat -e task-clock` on `tessera-bench
    /// --work encode-justified`): callgrind's count hardly moves, the copy being a few long
    /// `rep movsb` (docs/performance.md#element-list-reserve).
    private mutating func reserveForTheRest(_ count: Int, perElement: Int) {
        reserveCapacity(out.count + count * (perElement + perElement / 8) + 64)
    }

    /// `{category, kind?, indexPath, frame, zIndex, alpha, transform3D?, hidden?, extras?}`:
    /// the transform only when not the identity, `hidden` only when true.
    mutating func attributes(_ a: LayoutAttributes) {
        var row = RowEcho()
        attributes(a, row: &row)
    }

    /// `attributes(a)`, the y, width and height copied from `row` when they repeat the last
    /// element's.
    mutating func attributes(_ a: LayoutAttributes, row: inout RowEcho) {
        let comma = takeComma()
        let plain = Self.isPlain(a)
        appendWritten(maxCount: Self.maxElementBytes(a, plain: plain)) { c in
            Self.element(a, plain: plain, comma: comma, &c, row: &row)
        }
    }

    /// An element with none of the optional parts: the identity transform, not hidden, no
    /// extras (every cell of most layouts). Its bound and its tail need no further look.
    @inline(__always)
    static func isPlain(_ a: borrowing LayoutAttributes) -> Bool {
        a.extras.isEmpty && !a.isHidden && isIdentity(a.transform)
    }

    /// One element's bytes, a comma first when `comma`; `plain` is `isPlain(a)`. The one
    /// writer of an element, whether into a reply's buffer (`attributes`) or into a stage
    /// (`ElementReplyWriter`).
    @inline(__always)
    static func element(
        _ a: borrowing LayoutAttributes, plain: Bool, comma: Bool, _ c: inout JSONCursor, row: inout RowEcho,
        visualFrame: Rect? = nil
    ) {
        if comma { c.byte(UInt8(ascii: ",")) }
        switch a.category {
        case .cell:
            c.fragment(#"{"category":"cell""#)
        case .supplementary:
            c.fragment(#"{"category":"supplementary","kind":"#)
            c.quoted(a.kind)
        case .decoration:
            c.fragment(#"{"category":"decoration","kind":"#)
            c.quoted(a.kind)
        }
        indexPathAndFrame(a.indexPath, a.frame, &c, row: &row)
        if let visualFrame { Self.visualFrame(visualFrame, &c) }
        if a.zIndex == 0 && a.alpha.bitPattern == Double(1).bitPattern {
            // The common tail, one fragment (the bytes `integer(0)` and `number(1)` write).
            c.fragment(#","zIndex":0,"alpha":1"#)
        } else {
            c.fragment(#","zIndex":"#)
            c.integer(a.zIndex)
            c.fragment(#","alpha":"#)
            c.number(a.alpha)
        }
        if !plain {
            if !isIdentity(a.transform) { transform(a.transform, &c) }
            if a.isHidden { c.fragment(#","hidden":true"#) }
            if !a.extras.isEmpty { extras(a.extras, &c) }
        }
        c.byte(UInt8(ascii: "}"))
    }

    /// A plain cell's bytes (`ElementCollector.appendCell`), a comma first when `comma`: what
    /// `element` writes for `LayoutAttributes(category: .cell, indexPath:, frame:, zIndex:)`,
    /// without the attributes being made, its head and tail copied from `echo` when they
    /// repeat the last plain cell's.
    @inline(__always)
    static func plainCell(
        _ indexPath: IndexPath, _ frame: Rect, zIndex: Int, comma: Bool, _ c: inout JSONCursor, echo: inout CellEcho
    ) {
        if comma { c.byte(UInt8(ascii: ",")) }
        echo.writeHead(indexPath, &c)
        c.fragment(#"],"frame":{"x":"#)
        echo.writeX(frame.minX, &c)
        echo.writeTail(y: frame.minY, width: frame.width, height: frame.height, zIndex: zIndex, &c)
    }

    /// `,"visualFrame":{"x":…,"y":…,"width":…,"height":…}`.
    static func visualFrame(_ frame: Rect, _ c: inout JSONCursor) {
        c.fragment(#","visualFrame":{"x":"#)
        c.number(frame.minX)
        c.fragment(#","y":"#)
        c.number(frame.minY)
        c.fragment(#","width":"#)
        c.number(frame.width)
        c.fragment(#","height":"#)
        c.number(frame.height)
        c.byte(UInt8(ascii: "}"))
    }

    /// What `visualFrame` can write: its keys and punctuation, four numbers.
    static var maxVisualFrameBytes: Int { 60 + 4 * JSONCursor.maxNumberBytes }

    /// What `plainCell` can write: `maxElementBytes` of a plain cell.
    static var maxPlainCellBytes: Int { 200 + 3 * JSONCursor.maxIntegerBytes + 5 * JSONCursor.maxNumberBytes }

    /// The y, width and height of the last element written: the elements of a row share
    /// their y and height, and most layouts' cells their width.
    struct RowEcho {
        var y = NumberEcho()
        var width = NumberEcho()
        var height = NumberEcho()
    }

    /// `,"indexPath":[s,i],"frame":{"x":…,"y":…,"width":…,"height":…}`: shared with the
    /// justified cells' writer (`justifiedCell`), so both write the same bytes.
    @inline(__always)
    static func indexPathAndFrame(_ indexPath: IndexPath, _ frame: Rect, _ c: inout JSONCursor, row: inout RowEcho) {
        c.fragment(#","indexPath":["#)
        c.integer(indexPath.section)
        c.byte(UInt8(ascii: ","))
        c.integer(indexPath.item)
        c.fragment(#"],"frame":{"x":"#)
        c.number(frame.minX)
        c.fragment(#","y":"#)
        c.number(frame.minY, echo: &row.y)
        c.fragment(#","width":"#)
        c.number(frame.width, echo: &row.width)
        c.fragment(#","height":"#)
        c.number(frame.height, echo: &row.height)
        c.byte(UInt8(ascii: "}"))
    }

    /// What `attributes` can write for `a` (`plain` is `isPlain(a)`): the punctuation and
    /// keys of every part (156 bytes, rounded up), the longest integers and numbers, six bytes
    /// per byte of a string.
    @inline(__always)
    static func maxElementBytes(_ a: borrowing LayoutAttributes, plain: Bool, visual: Bool = false) -> Int {
        var n = 200 + 3 * JSONCursor.maxIntegerBytes + 5 * JSONCursor.maxNumberBytes
        if visual { n += maxVisualFrameBytes }
        if a.category != .cell { n += JSONCursor.maxQuotedBytes(a.kind) }
        if plain { return n }
        if !isIdentity(a.transform) { n += 16 * (JSONCursor.maxNumberBytes + 1) }
        for (name, value) in a.extras {
            n += JSONCursor.maxQuotedBytes(name) + 2
            switch value {
            case .number: n += JSONCursor.maxNumberBytes
            case .indexPaths(let paths): n += 2 + paths.count * (2 * JSONCursor.maxIntegerBytes + 4)
            }
        }
        return n
    }

    /// `t.isIdentity`, answered from the bit patterns when they are the identity's (every
    /// element of most layouts: 16 XORs instead of 16 floating-point comparisons); anything
    /// else (−0 entries included) asks `isIdentity`.
    @inline(__always)
    static func isIdentity(_ t: borrowing Transform3D) -> Bool {
        let one = Double(1).bitPattern
        var diagonal = (t.m11.bitPattern ^ one) | (t.m22.bitPattern ^ one)
        diagonal |= (t.m33.bitPattern ^ one) | (t.m44.bitPattern ^ one)
        var rest = t.m12.bitPattern | t.m13.bitPattern | t.m14.bitPattern | t.m21.bitPattern
        rest |= t.m23.bitPattern | t.m24.bitPattern | t.m31.bitPattern | t.m32.bitPattern
        rest |= t.m34.bitPattern | t.m41.bitPattern | t.m42.bitPattern | t.m43.bitPattern
        if diagonal | rest == 0 { return true }
        return t.isIdentity
    }

    private static func transform(_ t: Transform3D, _ c: inout JSONCursor) {
        c.fragment(#","transform3D":["#)
        for (i, e) in [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44
        ].enumerated() {
            if i > 0 { c.byte(UInt8(ascii: ",")) }
            c.number(e)
        }
        c.byte(UInt8(ascii: "]"))
    }

    private static func extras(_ extras: [(key: String, value: AttributeExtra)], _ c: inout JSONCursor) {
        c.fragment(#","extras":{"#)
        var first = true
        for (name, value) in extras {
            if !first { c.byte(UInt8(ascii: ",")) }
            first = false
            c.quoted(name)
            c.byte(UInt8(ascii: ":"))
            switch value {
            case .number(let n):
                c.number(n)
            case .indexPaths(let paths):
                c.byte(UInt8(ascii: "["))
                for (j, p) in paths.enumerated() {
                    c.fragment(j > 0 ? ",[" : "[")
                    c.integer(p.section)
                    c.byte(UInt8(ascii: ","))
                    c.integer(p.item)
                    c.byte(UInt8(ascii: "]"))
                }
                c.byte(UInt8(ascii: "]"))
            }
        }
        c.byte(UInt8(ascii: "}"))
    }
}
