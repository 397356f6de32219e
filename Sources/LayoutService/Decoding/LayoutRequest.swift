import LayoutEngine
import TesseraJSON

/// The body that describes a collection view (docs/api.md): layout, data source, view, and for
/// one-shot requests an optional rect.
struct LayoutRequest: Sendable {
    var kind: LayoutKind
    var layout: any CollectionLayout
    /// The client's layout object, re-serialised canonically, echoed by GET /v1/sessions/{id}.
    var layoutJSON: [UInt8]
    var dataSource: DataSource
    /// The data source's identifiers, when it has them (docs/snapshots.md).
    var snapshot: PackedSnapshot?
    var view: ViewContext
    /// Whether the client named `view.contentOffset` (a new session without one opens where
    /// UIKit would: `PreparedLayout.initialContentOffset`).
    var namesContentOffset: Bool
    var rect: Rect?

    static let bodyKeys: Set<String> = ["layout", "dataSource", "view"]

    /// Decodes and validates the whole body; nothing is kept if any part is wrong.
    static func decode(_ bytes: [UInt8], maxItems: Int, maxSections: Int = .max, allowRect: Bool) throws(APIError) -> LayoutRequest {
        let tape = try JSONTape.parseBody(bytes)
        let body = try ObjectReader(tape.root, path: "")
        try body.rejectUnknownKeys(allowRect ? bodyKeys.union(["rect"]) : bodyKeys)
        guard let layoutValue = body["layout"] else { throw .invalidRequest("layout", "is required") }
        let (kind, layout, layoutJSON) = try decodeLayout(layoutValue, path: "layout")
        guard let dataSourceValue = body["dataSource"] else { throw .invalidRequest("dataSource", "is required") }
        // Only the one-shot request takes a rect; its items are the request's, not a session's.
        let (dataSource, snapshot) = try DataSourceDecoder(
            kind: kind, maxItems: maxItems, maxSections: maxSections,
            holder: allowRect ? "a request" : "a session"
        )
        .decodeIdentified(dataSourceValue)
        let view = try ViewDecoder.decode(body["view"], maxSections: maxSections)
        if kind.needsBounds, body["view"].flatMap({ $0["bounds"] }) == nil {
            throw .invalidRequest("view.bounds", "is required by the \(kind.type) layout")
        }
        let rect = try body.rect("rect")
        return LayoutRequest(
            kind: kind, layout: layout, layoutJSON: layoutJSON, dataSource: dataSource,
            snapshot: snapshot, view: view,
            namesContentOffset: body["view"].flatMap { $0["contentOffset"] }.map { !$0.isNull } ?? false, rect: rect)
    }

    static func decodeLayout(_ v: JSONValue, path: String) throws(APIError) -> (LayoutKind, any CollectionLayout, [UInt8]) {
        let o = try ObjectReader(v, path: path)
        guard let type = try o.string("type") else { throw .invalidRequest(o.fieldPath("type"), "is required") }
        guard let kind = LayoutRegistry.kind(named: type) else {
            throw .invalidRequest(
                o.fieldPath("type"),
                "unknown layout type \(ClientText.quoted(type)); expected one of: \(LayoutRegistry.typeNames.joined(separator: ", "))")
        }
        let layout = try kind.decodeLayout(o)
        var w = JSONWriter()
        w.value(v)
        return (kind, layout, w.bytes)
    }
}
