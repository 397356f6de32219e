/// A handler's answer, independent of any transport.
public struct ServiceResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func json(_ status: Int, _ writer: JSONWriter, headers: [(String, String)] = []) -> ServiceResponse {
        ServiceResponse(status: status, headers: headers, body: writer.bytes)
    }

    init(_ error: APIError) {
        self.init(status: error.status, headers: error.headers, body: error.body)
    }

    /// Runs a handler body, turning a thrown APIError into its response.
    static func handling(_ body: () throws(APIError) -> ServiceResponse) -> ServiceResponse {
        do { return try body() } catch { return ServiceResponse(error) }
    }
}
