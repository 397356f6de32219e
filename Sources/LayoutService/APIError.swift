import LayoutEngine
import SessionStorage
import TesseraJSON

/// The one table from an error to what the client sees: a status, a stable code, a message
/// and, where the fault lies in the input, the JSON path of the field (docs/api.md, Conventions).
public struct APIError: Error, Sendable {
    public var status: Int
    public var code: String
    public var message: String
    public var field: String?
    public var headers: [(name: String, value: String)] = []
    /// Not an error to report: see `needsWorker`.
    private(set) var isNeedsWorker = false

    public init(
        status: Int, code: String, message: String, field: String? = nil,
        headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    /// Not an error: code running for a handler on an event loop found work a loop must not
    /// do (a session copy to build or replay from the store). Thrown so that it leaves the
    /// handler from any depth; `HandlerOutcome.handling` turns it into
    /// `HandlerOutcome.needsWorker`, the one thing the server sees.
    static let needsWorker: APIError = {
        var marker = APIError(status: 500, code: "internal_error", message: "work meant for a worker was left on an event loop")
        marker.isNeedsWorker = true
        return marker
    }()

    public static func invalidJSON(_ error: JSONSyntaxError) -> APIError {
        APIError(status: 400, code: "invalid_json", message: error.message)
    }

    public static func invalidRequest(_ field: String?, _ message: String) -> APIError {
        APIError(status: 400, code: "invalid_request", message: message, field: field)
    }

    public static func notFound(_ message: String, field: String? = nil) -> APIError {
        APIError(status: 404, code: "not_found", message: message, field: field)
    }

    public static func invalidUpdate(_ field: String?, _ message: String) -> APIError {
        APIError(status: 422, code: "invalid_update", message: message, field: field)
    }

    public static func preconditionFailed(current version: Int) -> APIError {
        APIError(
            status: 412, code: "precondition_failed",
            message: "the session is at version \(version); If-Match did not match",
            field: "If-Match", headers: [("ETag", "\"\(version)\"")])
    }

    public static func conflict(_ message: String) -> APIError {
        APIError(status: 409, code: "conflict", message: message)
    }

    public static func tooManySessions(limit: Int) -> APIError {
        APIError(
            status: 503, code: "too_many_sessions",
            message: "the session store is full (\(limit) sessions); delete a session or retry later",
            headers: [("Retry-After", "5")])
    }

    /// A reply that would list more than `limit` elements (or plan entries): the query stopped
    /// there, and the request is refused as a whole. Names `rect`, the input to narrow.
    public static func tooManyElements(rect: Rect?, limit: Int, listing what: String = "the reply") -> APIError {
        let advice = rect == nil ? "give a rect" : "give a smaller rect"
        return invalidRequest("rect", "\(what) would list more than \(limit) elements, more than one reply carries; \(advice)")
    }

    /// A reply would have carried a number that is not finite: an input the checks should
    /// have refused got through. Nothing is sent but this.
    static let nonFiniteResult = APIError(
        status: 500, code: "internal_error",
        message: "the layout produced a number that is not finite; the input should have been refused (please report it)")
    /// The session store did not answer (in time): nothing was changed or answered from it.
    /// A change the store may have applied without confirming it is `store_outcome_unknown`
    /// instead: retrying blindly could apply it twice, so the client reads the session first.
    public static func storeUnavailable(_ error: StorageError) -> APIError {
        if case .outcomeUnknown = error {
            return APIError(
                status: 503, code: "store_outcome_unknown",
                message:
                    "the session store did not confirm the change (\(error)); it may or may not have been applied: read the session (its version tells) before retrying with If-Match"
            )
        }
        return APIError(
            status: 503, code: "store_unavailable", message: "the session store is unavailable (\(error)); retry shortly",
            headers: [("Retry-After", "1")])
    }

    /// The store's limits, across every process that shares it.
    public static func storeFull(_ limit: StorageFull) -> APIError {
        switch limit {
        case .sessions(let n): tooManySessions(limit: n)
        case .items(let n):
            APIError(
                status: 503, code: "too_many_sessions",
                message:
                    "the session store holds its maximum of \(n) units (items, sections and identifier bytes / \(StoredCounts.identifierBytesPerUnit)); delete a session or retry later",
                headers: [("Retry-After", "5")])
        }
    }

    /// A stored session that no longer decodes: set aside for an operator, not served.
    static func quarantined(_ id: String, _ reason: String) -> APIError {
        APIError(
            status: 500, code: "session_quarantined",
            message: "session \(ClientText.quoted(id)) could not be restored from the store (\(reason)); it was quarantined and its stored data kept",
            field: "id")
    }

    /// An input the layout engine rejected while preparing.
    public static func layout(_ error: LayoutError) -> APIError {
        invalidRequest(error.field, error.message)
    }

    /// `{"error": {"code", "message", "field"?}}`. Message and field are capped at 4 KiB
    /// each: sites quote client text through `ClientText`, and one that forgets still cannot
    /// echo a body back.
    public var body: [UInt8] { ErrorDocument.json(code: code, message: message, field: field) }
}

extension JSONTape {
    /// Parses a request body, as a 400 `invalid_json` when it is not JSON.
    static func parseBody(_ bytes: [UInt8]) throws(APIError) -> JSONTape {
        do throws(JSONSyntaxError) {
            return try JSONTape.parse(bytes)
        } catch {
            throw .invalidJSON(error)
        }
    }
}

extension APIError {
    /// A diffable snapshot refused in UIKit's words (docs/snapshots.md, Errors).
    static func snapshot(_ error: DiffableSnapshotError) -> APIError {
        APIError(status: 422, code: error.kind.rawValue, message: error.message, field: error.field)
    }

    /// A snapshot request on a session created without identifiers.
    static func noIdentifiers() -> APIError {
        APIError(
            status: 422, code: "no_identifiers",
            message:
                "this session was created without identifiers; create it with an \"id\" on every section and item (docs/snapshots.md) to use snapshots"
        )
    }

    /// An index-path change on a session whose items have identifiers: its snapshot would no
    /// longer say which item is which.
    static func hasIdentifiers(_ endpoint: String) -> APIError {
        APIError(
            status: 422, code: "has_identifiers",
            message:
                "this session's items have identifiers: change them with PUT /v1/sessions/{id}/snapshot or POST /v1/sessions/{id}/snapshot/operations, not \(endpoint)"
        )
    }

    /// A new item without data in a section whose items carry data.
    static func itemDataRequired(_ field: String, _ message: String) -> APIError {
        APIError(status: 422, code: "item_data_required", message: message, field: field)
    }
}
