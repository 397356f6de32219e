import TesseraSupport

/// Routes are registered on this builder, then frozen into a `RouteTable` when the server
/// starts, so lookups never see a half-built table and need no lock.
public struct Router: Sendable {
    /// A handler: its reply, or (on an event loop) `.needsWorker` to run again on a worker.
    /// `request.executionContext` says where it runs.
    public typealias Handler = @Sendable (HTTPRequest) -> HandlerOutcome

    struct Registration: Sendable {
        let method: HTTPMethod
        let pattern: String
        let segments: [PatternSegment]
        let offload: Bool
        let handler: Handler
    }

    private(set) var registrations: [Registration] = []

    public init() {}

    /// Adds a route. `pattern` is an absolute path whose segments are literals or whole-segment
    /// parameters, e.g. `/v1/sessions/{id}/items/{section}/{item}`. Where a literal and a
    /// parameter could both match a segment, the literal wins.
    ///
    /// - Parameter offload: run the handler on the worker pool instead of the event loop;
    ///   use it for work that can take long (a million-item prepare).
    /// - Precondition: the pattern is well formed and (method, pattern shape) is new.
    ///   A bad route table is a programming error, caught at startup.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, offload: Bool = false,
        _ handler: @escaping Handler
    ) {
        let segments = PatternSegment.parse(pattern)
        let shape = segments.map(\.shapeKey)
        precondition(
            !registrations.contains { $0.method == method && $0.segments.map(\.shapeKey) == shape },
            "duplicate route \(method.rawValue) \(pattern)")
        registrations.append(
            Registration(
                method: method, pattern: pattern, segments: segments,
                offload: offload, handler: handler))
    }

    /// Adds a route whose handler always answers (the usual case): where it runs only
    /// decides how long it may take.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, offload: Bool = false,
        _ handler: @escaping @Sendable (HTTPRequest) -> Reply
    ) {
        add(method, pattern, offload: offload) { (request: HTTPRequest) -> HandlerOutcome in .answered(handler(request)) }
    }

    /// Freezes the routes into the lookup table the event loops share.
    func freeze() -> RouteTable {
        RouteTable(registrations)
    }
}

enum PatternSegment: Hashable, Sendable {
    case literal(String)
    case parameter(String)

    /// Two patterns with the same literals and parameters in the same places collide,
    /// whatever the parameters are named.
    var shapeKey: String {
        switch self {
        case .literal(let text): "L" + text
        case .parameter: "P"
        }
    }

    static func parse(_ pattern: String) -> [PatternSegment] {
        precondition(pattern.hasPrefix("/"), "route pattern must start with '/': \(pattern)")
        if pattern == "/" { return [] }
        var names: Set<String> = []
        return pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
            precondition(!raw.isEmpty, "route pattern has an empty segment: \(pattern)")
            if raw.hasPrefix("{") && raw.hasSuffix("}") {
                let name = String(raw.dropFirst().dropLast())
                precondition(
                    !name.isEmpty && !name.contains("{") && !name.contains("}"),
                    "bad parameter segment '\(raw)' in \(pattern)")
                precondition(names.insert(name).inserted, "parameter '\(name)' repeats in \(pattern)")
                return .parameter(name)
            }
            precondition(
                !raw.contains("{") && !raw.contains("}"),
                "parameters must fill a whole segment: '\(raw)' in \(pattern)")
            return .literal(String(raw))
        }
    }
}
