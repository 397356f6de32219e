import TesseraSupport

/// A request as a handler sees it: plain values, no C pointers, safe to send to a worker.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The percent-decoded path, without the query.
    public var path: String
    /// The raw query (after `?`, before any `#`), still percent-encoded; see `queryItems`.
    public var query: String?
    /// Header fields in arrival order, names as the client spelled them. Made on demand
    /// from `headerBlock`: prefer `header(_:)`, which makes one String.
    public var headers: [(name: String, value: String)] {
        get { headerBlock.fields }
        set { headerBlock = HeaderBlock(newValue) }
    }
    var headerBlock: HeaderBlock
    public var body: [UInt8]
    /// Values of the route pattern's `{name}` segments, percent-decoded.
    public var pathParameters: [String: String]
    /// Where the handler runs. On an event loop every connection of the loop waits for it: a
    /// handler that finds the work too big for that answers `HandlerOutcome.needsWorker` and
    /// runs again on a worker.
    public internal(set) var executionContext = ExecutionContext.worker

    public init(
        method: HTTPMethod, path: String, query: String? = nil,
        headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        pathParameters: [String: String] = [:]
    ) {
        self.init(
            method: method, path: path, query: query, headerBlock: HeaderBlock(headers), body: body,
            pathParameters: pathParameters)
    }

    init(
        method: HTTPMethod, path: String, query: String?, headerBlock: HeaderBlock, body: [UInt8],
        pathParameters: [String: String]
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headerBlock = headerBlock
        self.body = body
        self.pathParameters = pathParameters
    }

    /// The first header field with this name, compared ASCII case-insensitively.
    /// - Complexity: O(number of headers).
    public func header(_ name: String) -> String? {
        headerBlock.first(named: name)
    }

    /// The query decoded as `application/x-www-form-urlencoded` pairs.
    public var queryItems: [(name: String, value: String)] {
        query.map(QueryString.parse) ?? []
    }

    /// The first query value with this name (exact match), decoded.
    public func queryValue(_ name: String) -> String? {
        queryItems.first(where: { $0.name == name })?.value
    }
}

/// Header names are ASCII tokens; comparing UTF-8 bytes avoids allocating lowercased copies.
/// Runs several times per reply: lengths first (O(1) for native strings), then one loop of
/// plain iterators, not `zip` over two UTF8Views (docs/performance.md#reply-header-names).
func asciiCaseInsensitiveEquals(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    if lhs == rhs { return true } // the usual spelling: one comparison of small strings
    var left = lhs.utf8.makeIterator(), right = rhs.utf8.makeIterator()
    while let a = left.next(), let b = right.next() {
        if asciiLowercased(a) != asciiLowercased(b) { return false }
    }
    return true
}

/// Looking up a path parameter by name. A route has one to three parameters, and walking
/// that few entries costs less than hashing the name with SipHash, and the cached rect query
/// looks `id` up twice: the route adapter and the access line
/// (docs/performance.md#parameter-walk).
public enum PathParameters {
    public static func value(_ name: String, in parameters: [String: String]) -> String? {
        guard parameters.count <= 4 else { return parameters[name] }
        for (key, value) in parameters where key == name { return value }
        return nil
    }
}

extension HTTPRequest {
    /// The value of the route pattern's `{name}` segment (see `PathParameters`).
    public func pathParameter(_ name: String) -> String? {
        PathParameters.value(name, in: pathParameters)
    }
}
