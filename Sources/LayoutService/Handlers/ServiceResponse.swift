import TesseraJSON
import TesseraSupport

/// A handler's answer, independent of any transport.
public typealias ServiceResponse = HandlerResponse

extension ServiceResponse {
    /// The writer's document, unless it holds a number that is not finite (see
    /// `JSONWriter.number`): then 500 `internal_error`, never a body with a made-up number.
    static func json(_ status: Int, _ writer: JSONWriter, headers: [(name: String, value: String)] = []) -> ServiceResponse {
        guard !writer.wroteNonFiniteNumber else { return ServiceResponse(.nonFiniteResult) }
        return ServiceResponse(status: status, headers: headers, body: writer.bytes)
    }

    init(_ error: APIError) {
        self.init(status: error.status, headers: error.headers, body: error.body)
    }

    /// Runs a handler body, turning a thrown APIError into its response.
    static func handling(_ body: () throws(APIError) -> ServiceResponse) -> ServiceResponse {
        do { return try body() } catch { return ServiceResponse(error) }
    }
}

/// Where a handler runs. On an event loop every connection of that loop waits for it, so a
/// handler there answers only what stays within the loop budgets (`TesseraService.Limits`)
/// and otherwise answers `ServiceResponse.moveToWorker`; on a worker it does the whole job,
/// within the reply limits.
public enum ExecutionContext: Sendable {
    case eventLoop
    case worker
}
