import TesseraJSON
/// An object used as a map from section index to number (`view.orthogonalOffsets`). The
/// API's fixed-field objects go through `ObjectReader`, capped at 64 keys because none knows
/// 20; a map has a key per section, so this one is bounded by the sections a session may
/// hold (`--max-sections-per-session`) instead, and an index at or past that bound is
/// refused: no body can grow the map beyond what a session could use.
enum SectionIndexMap {
    /// - Complexity: O(keys); duplicates are found with the dictionary being built.
    static func numbers(_ value: JSONValue, path: String, maxSections: Int) throws(APIError) -> [Int: Double] {
        guard let members = value.objectMembers else {
            throw .invalidRequest(path, "\(path) must be an object, not \(value.typeName)")
        }
        guard value.count <= maxSections else {
            throw .invalidRequest(path, "has \(value.count) keys; a session holds at most \(maxSections) sections")
        }
        var numbers: [Int: Double] = [:]
        numbers.reserveCapacity(value.count)
        for (k, v) in members.keyValuePairs {
            let key = k.string ?? ""
            let field = ObjectReader.join(path, key)
            guard let section = Int(key), section >= 0, String(section) == key else {
                throw .invalidRequest(field, "keys must be section indexes (\"0\", \"1\", …)")
            }
            guard section < maxSections else {
                throw .invalidRequest(field, "section \(section) is past the \(maxSections) sections a session holds")
            }
            guard numbers[section] == nil else { throw .invalidRequest(field, "duplicate key \(ClientText.quoted(key))") }
            numbers[section] = v.isNull ? 0 : try ValueReader.number(v, path: field)
        }
        return numbers
    }
}
