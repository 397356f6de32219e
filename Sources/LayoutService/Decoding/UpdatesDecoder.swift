import LayoutEngine
import TesseraJSON

/// `{"updates": [...], "rect"?}` (docs/api.md, Batch updates) into the engine's BatchUpdate. Only
/// the shape is checked here; UIKit's rules are the engine's (BatchUpdate.validated).
struct UpdatesDecoder {
    let kind: LayoutKind
    let maxItems: Int
    let maxSections: Int

    func decode(_ root: JSONValue) throws(APIError) -> (BatchUpdate, PlanArea) {
        let o = try ObjectReader(root, path: "")
        try o.rejectUnknownKeys(["updates", "rect", ContentOffsetAnchor.key])
        guard let list = o["updates"]?.arrayElements else {
            throw .invalidRequest("updates", "is required: an array of update operations")
        }
        var operations: [BatchUpdateOperation] = []
        for (i, value) in list.enumerated() {
            operations.append(try operation(value, path: "updates[\(i)]"))
        }
        return (BatchUpdate(operations), try PlanArea.read(o))
    }

    static let keysByOp: [String: Set<String>] = [
        "insertItems": ["indexPaths", "items"], "deleteItems": ["indexPaths"], "moveItem": ["from", "to"],
        "reloadItems": ["indexPaths", "items"], "insertSections": ["sections", "data"],
        "deleteSections": ["sections"], "moveSection": ["from", "to"], "reloadSections": ["sections", "data"]
    ]

    private func operation(_ v: JSONValue, path: String) throws(APIError) -> BatchUpdateOperation {
        let o = try ObjectReader(v, path: path)
        switch try o.operation(among: UpdatesDecoder.keysByOp) {
        case "insertItems": return .insertItems(try indexPaths(o), items: try items(o))
        case "deleteItems": return .deleteItems(try indexPaths(o))
        case "reloadItems": return .reloadItems(try indexPaths(o), items: try items(o))
        case "moveItem":
            return .moveItem(
                from: try required(o, "from") { v, p throws(APIError) in try ValueReader.indexPath(v, path: p) },
                to: try required(o, "to") { v, p throws(APIError) in try ValueReader.indexPath(v, path: p) })
        case "insertSections":
            guard let data = try sectionData(o) else { throw .invalidRequest(o.fieldPath("data"), "is required: one section per inserted section") }
            return .insertSections(try sections(o), data: data)
        case "deleteSections": return .deleteSections(try sections(o))
        case "reloadSections": return .reloadSections(try sections(o), data: try sectionData(o))
        default:
            return .moveSection(
                from: try required(o, "from") { v, p throws(APIError) in try ValueReader.integer(v, path: p, min: 0) },
                to: try required(o, "to") { v, p throws(APIError) in try ValueReader.integer(v, path: p, min: 0) })
        }
    }

    private func required<T>(_ o: ObjectReader, _ key: String, _ read: (JSONValue, String) throws(APIError) -> T) throws(APIError) -> T {
        guard let v = o[key], !v.isNull else { throw .invalidRequest(o.fieldPath(key), "is required") }
        return try read(v, o.fieldPath(key))
    }

    private func indexPaths(_ o: ObjectReader) throws(APIError) -> [IndexPath] {
        try required(o, "indexPaths") { v, path throws(APIError) in
            guard let list = v.arrayElements else { throw .invalidRequest(path, "must be an array of [section, item]") }
            var out: [IndexPath] = []
            for (j, p) in list.enumerated() { out.append(try ValueReader.indexPath(p, path: "\(path)[\(j)]")) }
            return out
        }
    }

    private func sections(_ o: ObjectReader) throws(APIError) -> [Int] {
        try required(o, "sections") { v, path throws(APIError) in
            guard let list = v.arrayElements else { throw .invalidRequest(path, "must be an array of section indexes") }
            var out: [Int] = []
            for (j, s) in list.enumerated() { out.append(try ValueReader.integer(s, path: "\(path)[\(j)]", min: 0)) }
            return out
        }
    }

    /// Item data in the same forms a data source's `items` takes.
    private func items(_ o: ObjectReader) throws(APIError) -> [SectionData.Item]? {
        guard let v = o["items"], !v.isNull else { return nil }
        if v.kind == .array, v.count > maxItems {
            throw .invalidRequest(o.fieldPath("items"), "too many items: a session holds at most \(maxItems) items")
        }
        let section = try ItemsDecoder.decode(v, path: o.fieldPath("items"), kind: kind, overrides: SectionOverrides())
        return (0..<section.itemCount).map { section.item(at: $0) }
    }

    private func sectionData(_ o: ObjectReader) throws(APIError) -> [SectionData]? {
        guard let v = o["data"], !v.isNull else { return nil }
        return try DataSourceDecoder(kind: kind, maxItems: maxItems, maxSections: maxSections, identifiers: .refused)
            .decodeSections(v, path: o.fieldPath("data"))
    }
}
