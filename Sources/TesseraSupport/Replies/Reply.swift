/// A handler's answer, independent of any transport: the service's handlers build it and the
/// HTTP server writes it, one value with one name on both sides, so a route hands the
/// service's answer over as it is, its header array not copied
/// (docs/performance.md#shared-reply-headers).
public struct Reply: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
