import TesseraSupport
import LayoutEngine
import TesseraJSON

/// The service's handlers: plain functions from request values to responses, with no
/// transport. The executable routes HTTP to these; tests call them in-process.
public final class TesseraService: Sendable {
    public struct Limits: Sendable {
        /// A reply lists at most this many elements (or animation plan entries), with or
        /// without a rect; a query stops as soon as it would list more.
        public var maxElementsPerReply = 250_000
        /// Elements a query may produce on an event loop (about a millisecond of work); a
        /// larger one moves to a worker.
        public var maxElementsOnEventLoop = 4_096
        /// Sections `GET /v1/sessions/{id}` may list on an event loop before it moves to a worker.
        public var maxSectionsOnEventLoop = 8_192

        public init() {}
    }

    public let store: SessionStore
    public let limits: Limits

    /// `store` holds the sessions in the storage its caller chose (the service names none).
    public init(store: SessionStore, limits: Limits = Limits()) {
        self.store = store
        self.limits = limits
    }

    /// GET /healthz.
    public func health() -> Reply {
        var w = JSONWriter()
        w.beginObject()
        w.key("status")
        w.string("ok")
        w.key("sessions")
        w.int(store.count)
        w.endObject()
        return .json(200, w)
    }

    /// Prepares a request's layout, turning the engine's rejections into 400s.
    func prepare(_ layout: any CollectionLayout, _ dataSource: DataSource, _ view: ViewContext) throws(APIError) -> any PreparedLayout {
        do { return try layout.prepare(dataSource, view: view) } catch { throw .layout(error) }
    }

    /// The elements of `rect` (all of them when nil), refused as soon as there are more than
    /// one reply carries: the query stops there, it does not list them all first. `what`
    /// names the answer in the refusal ("the picture" for render).
    func elements(
        of prepared: any PreparedLayout, in rect: Rect?, view: ViewContext,
        listing what: String = "the reply"
    ) throws(APIError) -> [LayoutAttributes] {
        do throws(ElementLimitExceeded) {
            return try prepared.elements(in: rect, view: view, limit: limits.maxElementsPerReply)
        } catch {
            throw .tooManyElements(rect: rect, limit: error.limit, listing: what)
        }
    }

    /// Hands the elements of `rect` to `sink` as the layout finds them, within the reply's
    /// limit (a `tooManyElements` error past it) or, on an event loop, within the loop's
    /// budget: false when the query would list more, for the caller to answer `needsWorker`.
    /// Past either limit the sink has taken a part of the answer, which the caller drops.
    func stream(
        _ prepared: any PreparedLayout, in rect: Rect?, view: ViewContext, to sink: ElementSink,
        on context: ExecutionContext
    ) throws(APIError) -> Bool {
        let onLoop = context == .eventLoop && limits.maxElementsOnEventLoop < limits.maxElementsPerReply
        let limit = onLoop ? limits.maxElementsOnEventLoop : limits.maxElementsPerReply
        do throws(ElementLimitExceeded) {
            try prepared.streamElements(in: rect, view: view, limit: limit, to: sink)
            return true
        } catch {
            if onLoop { return false }
            throw .tooManyElements(rect: rect, limit: error.limit, listing: "the reply")
        }
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
