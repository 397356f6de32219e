import LayoutEngine
import TesseraJSON

/// A section's items given column-wise, as flat numeric arrays (API.md "Compact data
/// sources"): `"sizes": [w0, h0, w1, h1, …]`, `"heights": […]`, `"aspectRatios": […]`.
/// Equivalent to the `items` form with the same values (`ItemsDecoder`), validated as
/// strictly: each number is checked as the `items` form checks it, and an error names the
/// array and the index (`dataSource.sections[0].sizes[7]`).
///
/// Fast path: the numbers are read straight off the tape's nodes by index, with no
/// `JSONValue` per element; a non-number sends the reader to `ValueReader` for its error.
struct CompactColumnsDecoder {
    /// The compact keys a section may carry, in the order they are read.
    static let keys = ["sizes", "heights", "aspectRatios"]

    let path: String

    /// The section's columns, or nil when it gives none of the compact keys. `remaining` is
    /// how many items the session may still take.
    func decode(_ o: ObjectReader, remaining: Int, maxItems: Int) throws(APIError) -> (
        count: Int, sizes: [Size]?, heights: [Double]?, ratios: [Double]?
    )? {
        let given = Self.keys.compactMap { key -> (String, JSONValue)? in
            guard let v = o[key], !v.isNull else { return nil }
            return (key, v)
        }
        guard !given.isEmpty else { return nil }
        var count: Int?
        var first = ""
        var sizes: [Size]?, heights: [Double]?, ratios: [Double]?
        for (key, value) in given {
            let field = o.fieldPath(key)
            guard value.kind == .array else {
                throw .invalidRequest(field, "must be an array of numbers, not \(value.typeName)")
            }
            let items = key == "sizes" ? value.count / 2 : value.count
            if key == "sizes", value.count % 2 != 0 {
                throw .invalidRequest(field, "must hold a width and a height per item (an even count), not \(value.count) numbers")
            }
            if items > remaining {
                throw .invalidRequest(field, "too many items: a session holds at most \(maxItems) items")
            }
            if let count, count != items {
                throw .invalidRequest(field, "gives \(items) items but \(first) gives \(count); the columns must agree")
            }
            count = items
            first = key
            switch key {
            case "sizes": sizes = try readSizes(value, path: field)
            case "heights": heights = try readNumbers(value, path: field, nonNegative: true)
            default: ratios = try readNumbers(value, path: field, nonNegative: false)
            }
        }
        return (count ?? 0, sizes, heights, ratios)
    }

    /// `[w0, h0, w1, h1, …]`: every number non-negative and within ±1e15, as `[w, h]` sizes are.
    private func readSizes(_ array: JSONValue, path: String) throws(APIError) -> [Size] {
        let pairs = array.count / 2
        let tape = array.tape
        let first = array.index + 1
        return try [Size](unsafeUninitializedCapacity: pairs) { (storage, initialized) throws(APIError) in
            try tape.nodes.withUnsafeBufferPointer { (nodes) throws(APIError) in
                for i in 0..<pairs {
                    let w = nodes[first + 2 * i], h = nodes[first + 2 * i + 1]
                    guard w.kind == .number, h.kind == .number else {
                        let bad = w.kind == .number ? 2 * i + 1 : 2 * i
                        throw Self.numberError(tape, first + bad, path: "\(path)[\(bad)]")
                    }
                    let width = JSONTape.double(w), height = JSONTape.double(h)
                    guard width >= 0, height >= 0, width <= ValueReader.maxMagnitude, height <= ValueReader.maxMagnitude else {
                        let bad = (width >= 0 && width <= ValueReader.maxMagnitude) ? 2 * i + 1 : 2 * i
                        let value = bad == 2 * i ? width : height
                        throw Self.rangeError(value, path: "\(path)[\(bad)]", what: bad == 2 * i ? "width" : "height")
                    }
                    storage.initializeElement(at: i, to: Size(width: width, height: height))
                    initialized = i + 1
                }
            }
        }
    }

    /// A flat list of numbers within ±1e15; heights must not be negative (as an item's
    /// `height`), aspect ratios are judged by the layout (as an item's `aspectRatio`).
    private func readNumbers(_ array: JSONValue, path: String, nonNegative: Bool) throws(APIError) -> [Double] {
        let count = array.count
        let tape = array.tape
        let first = array.index + 1
        return try [Double](unsafeUninitializedCapacity: count) { (storage, initialized) throws(APIError) in
            try tape.nodes.withUnsafeBufferPointer { (nodes) throws(APIError) in
                for i in 0..<count {
                    let node = nodes[first + i]
                    guard node.kind == .number else { throw Self.numberError(tape, first + i, path: "\(path)[\(i)]") }
                    let d = JSONTape.double(node)
                    guard d.magnitude <= ValueReader.maxMagnitude, !nonNegative || d >= 0 else {
                        if d.magnitude > ValueReader.maxMagnitude {
                            throw .invalidRequest("\(path)[\(i)]", "is out of range: numbers must lie within ±1e15 (got \(d))")
                        }
                        throw .invalidRequest("\(path)[\(i)]", "must not be negative (got \(d))")
                    }
                    storage.initializeElement(at: i, to: d)
                    initialized = i + 1
                }
            }
        }
    }

    /// The error `ValueReader.number` gives for a value that is not a number.
    private static func numberError(_ tape: JSONTape, _ index: Int, path: String) -> APIError {
        do {
            _ = try ValueReader.number(JSONValue(tape: tape, index: index), path: path)
            return .invalidRequest(path, "must be a number")
        } catch {
            return error
        }
    }

    private static func rangeError(_ value: Double, path: String, what: String) -> APIError {
        value < 0
            ? .invalidRequest(path, "\(what) must not be negative (got \(value))")
            : .invalidRequest(path, "is out of range: numbers must lie within ±1e15 (got \(value))")
    }
}

extension JSONTape {
    /// A number node's value (its bit pattern is split over `a` and `b`).
    @inline(__always)
    static func double(_ node: Node) -> Double {
        Double(bitPattern: UInt64(node.a) << 32 | UInt64(node.b))
    }
}
