/// The frozen route trie: one node per path prefix, literal children in a dictionary and
/// at most one parameter child. Nodes live in an array so the table is a plain value.
struct RouteTable: Sendable {
    /// A class: a resolution is copied several times per request (memo, dispatch, exchange),
    /// and a struct of four reference-counted fields costs four retains per copy.
    final class Route: Sendable {
        let handler: Router.Handler
        let offload: Bool
        /// Names of the pattern's parameters in path order (routes sharing a trie node may
        /// name the same parameter position differently).
        let parameterNames: [String]
        /// The pattern as registered (`/v1/sessions/{id}`): what logs and metrics name.
        let pattern: String

        init(handler: @escaping Router.Handler, offload: Bool, parameterNames: [String], pattern: String) {
            self.handler = handler
            self.offload = offload
            self.parameterNames = parameterNames
            self.pattern = pattern
        }
    }

    enum Resolution {
        case route(Route, parameters: [String: String])
        /// OPTIONS on a known path without its own OPTIONS route: answered 204 with Allow.
        case options(allow: String)
        case methodNotAllowed(allow: String)
        case notFound
    }

    /// Children and routes are short arrays searched linearly: a node has a handful of
    /// literals and methods, and comparing small strings costs less than hashing them
    /// (dictionaries here were a large share of every request;
    /// docs/performance.md#route-table-arrays).
    private struct Node: Sendable {
        var literals: [(text: String, node: Int)] = []
        var parameter: Int?
        var routes: [(method: HTTPMethod, route: Route)] = []

        func literal(_ text: String) -> Int? {
            for entry in literals where entry.text == text { return entry.node }
            return nil
        }

        func route(_ method: HTTPMethod) -> Route? {
            for entry in routes where entry.method == method { return entry.route }
            return nil
        }

        /// HEAD falls back to the GET route.
        func route(serving method: HTTPMethod) -> Route? {
            route(method) ?? (method == .HEAD ? route(.GET) : nil)
        }
    }

    private var nodes: [Node] = [Node()]

    init(_ registrations: [Router.Registration]) {
        for registration in registrations {
            var current = 0
            var names: [String] = []
            for segment in registration.segments {
                switch segment {
                case .literal(let text):
                    if let next = nodes[current].literal(text) {
                        current = next
                    } else {
                        nodes.append(Node())
                        nodes[current].literals.append((text, nodes.count - 1))
                        current = nodes.count - 1
                    }
                case .parameter(let name):
                    names.append(name)
                    if let next = nodes[current].parameter {
                        current = next
                    } else {
                        nodes.append(Node())
                        nodes[current].parameter = nodes.count - 1
                        current = nodes.count - 1
                    }
                }
            }
            nodes[current].routes.removeAll { $0.method == registration.method }
            nodes[current].routes.append(
                (
                    registration.method,
                    Route(
                        handler: registration.handler, offload: registration.offload, parameterNames: names,
                        pattern: registration.pattern)
                ))
        }
    }

    /// Resolves decoded path segments. Candidates come literal-first (so `/a/b` beats
    /// `/a/{x}`), backtracking to parameters when a literal branch dead-ends; the first
    /// candidate with a route for the method wins. HEAD falls back to the GET route.
    /// - Complexity: O(segments) for tables without literal/parameter overlap.
    func resolve(_ method: HTTPMethod, segments: [String]) -> Resolution {
        // The common case first: the first route in candidate order, found without
        // listing every candidate.
        var values: [String] = []
        if let route = firstMatch(method, node: 0, segments: segments[...], values: &values) {
            var parameters: [String: String] = [:]
            for (name, value) in zip(route.parameterNames, values) { parameters[name] = value }
            return .route(route, parameters: parameters)
        }
        var candidates: [(node: Int, values: [String])] = []
        collect(node: 0, segments: segments[...], values: &values, into: &candidates)
        guard !candidates.isEmpty else { return .notFound }
        let allow = allowHeader(candidates.map { nodes[$0.node] })
        return method == .OPTIONS ? .options(allow: allow) : .methodNotAllowed(allow: allow)
    }

    /// The same walk as `collect` (literal first, then the parameter), stopping at the first
    /// node with a route for `method`; `values` holds that path's parameter values.
    private func firstMatch(
        _ method: HTTPMethod, node: Int, segments: ArraySlice<String>,
        values: inout [String]
    ) -> Route? {
        guard let segment = segments.first else { return nodes[node].route(serving: method) }
        let rest = segments.dropFirst()
        if let literal = nodes[node].literal(segment),
            let found = firstMatch(method, node: literal, segments: rest, values: &values)
        {
            return found
        }
        if let parameter = nodes[node].parameter, !segment.isEmpty {
            values.append(segment)
            if let found = firstMatch(method, node: parameter, segments: rest, values: &values) { return found }
            values.removeLast()
        }
        return nil
    }

    private func collect(
        node: Int, segments: ArraySlice<String>, values: inout [String],
        into candidates: inout [(node: Int, values: [String])]
    ) {
        guard let segment = segments.first else {
            if !nodes[node].routes.isEmpty { candidates.append((node, values)) }
            return
        }
        let rest = segments.dropFirst()
        if let literal = nodes[node].literal(segment) {
            collect(node: literal, segments: rest, values: &values, into: &candidates)
        }
        // A parameter never matches an empty segment: `/v1/sessions/` is not `/v1/sessions/{id}`.
        if let parameter = nodes[node].parameter, !segment.isEmpty {
            values.append(segment)
            collect(node: parameter, segments: rest, values: &values, into: &candidates)
            values.removeLast()
        }
    }

    /// Methods any matching route accepts, HEAD wherever GET is, and OPTIONS (which the
    /// server answers itself), in a fixed order so the header is stable.
    private func allowHeader(_ matched: [Node]) -> String {
        var allowed = Set(matched.flatMap { $0.routes.map(\.method) })
        if allowed.contains(.GET) { allowed.insert(.HEAD) }
        allowed.insert(.OPTIONS)
        return HTTPMethod.allCases.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
    }
}
