/// A handler's answer, independent of any transport: the service's handlers build it
/// (`ServiceResponse`) and the HTTP server writes it (`HTTPResponse`), the one value on both
/// sides, so a route hands the service's answer over as it is, its header array not copied
/// (docs/performance.md#shared-reply-headers).
public struct HandlerResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Not a reply: a handler running on an event loop found the work bigger than a loop may
    /// do, and the server runs it again on the worker pool, where it may take long. From a
    /// worker it is a server error.
    public static let moveToWorker = HandlerResponse(status: 0)

    public var isMoveToWorker: Bool { status == 0 }
}
