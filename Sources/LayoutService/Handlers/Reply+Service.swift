import TesseraJSON
import TesseraSupport

extension Reply {
    /// The writer's document, unless it holds a number that is not finite (see
    /// `JSONWriter.number`): then 500 `internal_error`, never a body with a made-up number.
    static func json(_ status: Int, _ writer: JSONWriter, headers: [(name: String, value: String)] = []) -> Reply {
        guard !writer.wroteNonFiniteNumber else { return Reply(.nonFiniteResult) }
        return Reply(status: status, headers: headers, body: writer.bytes)
    }

    init(_ error: APIError) {
        self.init(status: error.status, headers: error.headers, body: error.body)
    }

    /// Runs a handler body, turning a thrown APIError into its response.
    static func handling(_ body: () throws(APIError) -> Reply) -> Reply {
        do { return try body() } catch { return Reply(error) }
    }
}

extension HandlerOutcome {
    /// Runs a handler body that may run on an event loop: its reply, a thrown APIError's
    /// reply, or `.needsWorker` when the body (or the session lookup under it) found work a
    /// loop must not do.
    static func handling(_ body: () throws(APIError) -> HandlerOutcome) -> HandlerOutcome {
        do { return try body() } catch { return error.isNeedsWorker ? .needsWorker : .answered(Reply(error)) }
    }

    /// The reply of a handler run on a worker, where it does the whole job: a handler that
    /// asked for a worker there is a server error, never a reply without a status.
    var onWorker: Reply {
        reply ?? Reply(APIError(status: 500, code: "internal_error", message: "the handler asked for a worker on a worker"))
    }
}
