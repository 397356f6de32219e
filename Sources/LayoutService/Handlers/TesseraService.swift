import LayoutEngine

/// The service's handlers: plain functions from request values to responses, with no
/// transport. The executable routes HTTP to these; tests call them in-process.
public final class TesseraService: Sendable {
    public struct Limits: Sendable {
        /// A reply listing every element (no rect) may hold at most this many.
        public var maxElementsPerReply = 250_000

        public init() {}
    }

    public let store: SessionStore
    public let limits: Limits

    public init(store: SessionStore = SessionStore(), limits: Limits = Limits()) {
        self.store = store
        self.limits = limits
    }

    /// GET /healthz.
    public func health() -> ServiceResponse {
        var w = JSONWriter()
        w.beginObject()
        w.key("status"); w.string("ok")
        w.key("sessions"); w.int(store.count)
        w.endObject()
        return .json(200, w)
    }

    /// Prepares a request's layout, turning the engine's rejections into 400s.
    func prepare(_ layout: any CollectionLayout, _ dataSource: DataSource, _ view: ViewContext) throws(APIError) -> any PreparedLayout {
        do { return try layout.prepare(dataSource, view: view) } catch { throw .layout(error) }
    }

    /// The elements of `rect` (all of them when nil), refusing replies over the limit.
    func elements(of prepared: any PreparedLayout, in rect: Rect?, view: ViewContext) throws(APIError) -> [LayoutAttributes] {
        let elements = prepared.elements(in: rect, view: view)
        if rect == nil, elements.count > limits.maxElementsPerReply {
            throw .invalidRequest("rect", "the layout has \(elements.count) elements, more than one reply carries (\(limits.maxElementsPerReply)); ask for a rect")
        }
        return elements
    }

    /// `If-Match: <version>` (quotes and W/ allowed): 412 when the session moved on.
    func checkIfMatch(_ ifMatch: String?, current: Int) throws(APIError) {
        guard let expected = try ifMatchVersion(ifMatch) else { return }
        guard expected == current else { throw .preconditionFailed(current: current) }
    }

    /// The version `If-Match` names; nil when absent or `*`.
    func ifMatchVersion(_ ifMatch: String?) throws(APIError) -> Int? {
        guard var tag = ifMatch?.trimmingSpaces, !tag.isEmpty, tag != "*" else { return nil }
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        if tag.hasPrefix("\""), tag.hasSuffix("\""), tag.count >= 2 { tag = String(tag.dropFirst().dropLast()) }
        guard let expected = Int(tag) else {
            throw .invalidRequest("If-Match", "must be a session version number")
        }
        return expected
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
