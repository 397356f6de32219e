import LayoutEngine
import TesseraJSON

/// Reads one JSON object with typed accessors that name the field on every error, and
/// rejects keys nobody asked for (a typo must not be silently ignored).
struct ObjectReader {
    let value: JSONValue
    let path: String
    private let members: [(key: String, value: JSONValue)]

    /// The most keys one object may have. Every object the API reads knows fewer than 20
    /// (a flow layout's parameters are the most), so a valid body never comes near it; the
    /// cap stops a body of a few hundred KB from making one object of 80,000 keys that every
    /// later lookup would walk.
    static let maxKeys = 64

    /// - Complexity: O(keys): duplicates are found with a set, and an object over `maxKeys`
    ///   is refused before any key is read.
    init(_ value: JSONValue, path: String) throws(APIError) {
        guard let children = value.objectMembers else {
            throw .invalidRequest(path.isEmpty ? nil : path, "\(ObjectReader.label(path)) must be an object, not \(value.typeName)")
        }
        guard value.count <= ObjectReader.maxKeys else {
            throw .invalidRequest(
                path.isEmpty ? nil : path,
                "\(ObjectReader.label(path)) has \(value.count) keys; an object takes at most \(ObjectReader.maxKeys)")
        }
        self.value = value
        self.path = path
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(value.count)
        var seen = Set<String>(minimumCapacity: value.count)
        for (k, v) in children.keyValuePairs {
            let name = k.string ?? ""
            guard seen.insert(name).inserted else {
                throw .invalidRequest(ObjectReader.join(path, name), "duplicate key \(ClientText.quoted(name))")
            }
            members.append((name, v))
        }
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String {
        let name = ClientText.fieldName(key)
        return path.isEmpty ? name : path + "." + name
    }

    static func label(_ path: String) -> String { path.isEmpty ? "the body" : path }

    func fieldPath(_ key: String) -> String { ObjectReader.join(path, key) }

    subscript(key: String) -> JSONValue? {
        members.first(where: { $0.key == key })?.value
    }

    var keys: [String] { members.map(\.key) }

    /// Rejects any key outside `allowed`.
    func rejectUnknownKeys(_ allowed: Set<String>) throws(APIError) {
        for (key, _) in members where !allowed.contains(key) {
            let known = allowed.sorted().joined(separator: ", ")
            throw .invalidRequest(fieldPath(key), "unknown field \(ClientText.quoted(key)); expected one of: \(known)")
        }
    }

    /// An operation object's `op`, one of `keysByOp`'s, its other keys that operation's.
    func operation(among keysByOp: [String: Set<String>]) throws(APIError) -> String {
        guard let op = try string("op") else { throw .invalidRequest(fieldPath("op"), "is required") }
        guard let keys = keysByOp[op] else {
            throw .invalidRequest(
                fieldPath("op"),
                "unknown operation \(ClientText.quoted(op)); expected one of: \(keysByOp.keys.sorted().joined(separator: ", "))")
        }
        try rejectUnknownKeys(keys.union(["op"]))
        return op
    }

    func object(_ key: String) throws(APIError) -> ObjectReader? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ObjectReader(v, path: fieldPath(key))
    }

    func number(_ key: String) throws(APIError) -> Double? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ValueReader.number(v, path: fieldPath(key))
    }

    func nonNegativeNumber(_ key: String) throws(APIError) -> Double? {
        guard let n = try number(key) else { return nil }
        guard n >= 0 else { throw .invalidRequest(fieldPath(key), "must not be negative (got \(number: n))") }
        return n
    }

    func integer(_ key: String, min: Int = Int.min, max: Int = Int.max) throws(APIError) -> Int? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ValueReader.integer(v, path: fieldPath(key), min: min, max: max)
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        guard let v = self[key], !v.isNull else { return nil }
        guard let b = v.bool else { throw .invalidRequest(fieldPath(key), "must be a boolean, not \(v.typeName)") }
        return b
    }

    func string(_ key: String) throws(APIError) -> String? {
        guard let v = self[key], !v.isNull else { return nil }
        guard let s = v.string else { throw .invalidRequest(fieldPath(key), "must be a string, not \(v.typeName)") }
        return s
    }

    func size(_ key: String, allowNegative: Bool = false) throws(APIError) -> Size? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ValueReader.size(v, path: fieldPath(key), allowNegative: allowNegative)
    }

    func point(_ key: String) throws(APIError) -> Point? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ValueReader.point(v, path: fieldPath(key))
    }

    func insets(_ key: String) throws(APIError) -> EdgeInsets? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ValueReader.insets(v, path: fieldPath(key))
    }

    func rect(_ key: String) throws(APIError) -> Rect? {
        guard let v = self[key], !v.isNull else { return nil }
        return try ValueReader.rect(v, path: fieldPath(key))
    }
}
