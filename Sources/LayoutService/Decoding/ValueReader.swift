import LayoutEngine
import TesseraJSON

/// Typed reads of single JSON values, each naming `path` when the value is wrong.
enum ValueReader {
    /// Geometry beyond ±10^15 points is refused as out of range: it is far past any screen
    /// and keeps every product the layouts form (size × count, size × ratio) finite.
    static let maxMagnitude = 1e15

    static func number(_ v: JSONValue, path: String) throws(APIError) -> Double {
        // The parser already refuses NaN, Infinity and literals beyond a double's range.
        guard let d = v.double else { throw .invalidRequest(path, "must be a number, not \(v.typeName)") }
        guard d.magnitude <= maxMagnitude else {
            throw .invalidRequest(path, "is out of range: numbers must lie within ±1e15 (got \(number: d))")
        }
        return d
    }

    static func integer(_ v: JSONValue, path: String, min: Int = Int.min, max: Int = Int.max) throws(APIError) -> Int {
        guard let d = v.double else { throw .invalidRequest(path, "must be an integer, not \(v.typeName)") }
        guard d == d.rounded(), d.magnitude < 9.0e15 else { throw .invalidRequest(path, "must be an integer (got \(number: d))") }
        let i = Int(d)
        guard i >= min else { throw .invalidRequest(path, "must be at least \(min) (got \(i))") }
        guard i <= max else { throw .invalidRequest(path, "must be at most \(max) (got \(i))") }
        return i
    }

    /// `{"width": w, "height": h}` or `[w, h]`.
    static func size(_ v: JSONValue, path: String, allowNegative: Bool = false) throws(APIError) -> Size {
        let size: Size
        if let elements = v.arrayElements {
            let values = Array(elements)
            guard values.count == 2 else { throw .invalidRequest(path, "a size array must be [width, height]") }
            size = Size(width: try number(values[0], path: path + "[0]"), height: try number(values[1], path: path + "[1]"))
        } else if v.kind == .object {
            let o = try ObjectReader(v, path: path)
            try o.rejectUnknownKeys(["width", "height"])
            guard let w = try o.number("width") else { throw .invalidRequest(o.fieldPath("width"), "is required") }
            guard let h = try o.number("height") else { throw .invalidRequest(o.fieldPath("height"), "is required") }
            size = Size(width: w, height: h)
        } else {
            throw .invalidRequest(path, "must be a size ({\"width\", \"height\"} or [w, h]), not \(v.typeName)")
        }
        if !allowNegative {
            if size.width < 0 { throw .invalidRequest(path, "width must not be negative (got \(number: size.width))") }
            if size.height < 0 { throw .invalidRequest(path, "height must not be negative (got \(number: size.height))") }
        }
        return size
    }

    static func point(_ v: JSONValue, path: String) throws(APIError) -> Point {
        if let elements = v.arrayElements {
            let values = Array(elements)
            guard values.count == 2 else { throw .invalidRequest(path, "a point array must be [x, y]") }
            return Point(x: try number(values[0], path: path + "[0]"), y: try number(values[1], path: path + "[1]"))
        }
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(["x", "y"])
        guard let x = try o.number("x") else { throw .invalidRequest(o.fieldPath("x"), "is required") }
        guard let y = try o.number("y") else { throw .invalidRequest(o.fieldPath("y"), "is required") }
        return Point(x: x, y: y)
    }

    /// `{"top", "left", "bottom", "right"}` (missing edges are 0) or one number for all four.
    static func insets(_ v: JSONValue, path: String) throws(APIError) -> EdgeInsets {
        if v.double != nil { return EdgeInsets(all: try number(v, path: path)) }
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(["top", "left", "bottom", "right"])
        return EdgeInsets(
            top: try o.number("top") ?? 0, left: try o.number("left") ?? 0,
            bottom: try o.number("bottom") ?? 0, right: try o.number("right") ?? 0)
    }

    /// `{"x", "y", "width", "height"}` or `[x, y, w, h]`; the size must not be negative.
    static func rect(_ v: JSONValue, path: String) throws(APIError) -> Rect {
        let r: Rect
        if let elements = v.arrayElements {
            let values = Array(elements)
            guard values.count == 4 else { throw .invalidRequest(path, "a rect array must be [x, y, width, height]") }
            var n: [Double] = []
            for (i, value) in values.enumerated() { n.append(try number(value, path: "\(path)[\(i)]")) }
            r = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
        } else {
            let o = try ObjectReader(v, path: path)
            try o.rejectUnknownKeys(["x", "y", "width", "height"])
            guard let x = try o.number("x"), let y = try o.number("y"),
                let w = try o.number("width"), let h = try o.number("height")
            else {
                throw .invalidRequest(path, "a rect needs x, y, width and height")
            }
            r = Rect(x: x, y: y, width: w, height: h)
        }
        guard r.width >= 0, r.height >= 0 else { throw .invalidRequest(path, "width and height must not be negative") }
        return r
    }

    static func indexPath(_ v: JSONValue, path: String) throws(APIError) -> IndexPath {
        guard let elements = v.arrayElements else { throw .invalidRequest(path, "an index path must be [section, item]") }
        let values = Array(elements)
        guard values.count == 2 else { throw .invalidRequest(path, "an index path must be [section, item]") }
        return IndexPath(
            section: try integer(values[0], path: path + "[0]", min: 0),
            item: try integer(values[1], path: path + "[1]", min: 0))
    }
}
