import TesseraSupport
import Testing
@testable import EventHTTP

/// The frozen route table, in-process (no sockets).
@Suite struct RouterTests {
    /// Each handler answers its own name, so a resolution says which route won.
    private func table(_ routes: [(HTTPMethod, String)]) -> RouteTable {
        var router = Router()
        for (method, pattern) in routes {
            router.add(method, pattern) { _ in .text(200, "\(method.rawValue) \(pattern)") }
        }
        return router.freeze()
    }

    private func winner(_ table: RouteTable, _ method: HTTPMethod, _ path: String) -> (String, [String: String])? {
        let segments = path == "/" ? [] : path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard case .route(let route, let parameters) = table.resolve(method, segments: segments) else { return nil }
        let body = route.handler(HTTPRequest(method: method, path: path)).reply?.body ?? []
        return (String(decoding: body, as: UTF8.self), parameters)
    }

    /// The walk over a few parameters answers what the dictionary's subscript answers, for
    /// present and absent names, below and above the size where it hashes instead.
    @Test(arguments: [0, 1, 3, 4, 5, 9]) func pathParameterLookupEqualsTheSubscript(count: Int) {
        let parameters = Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", "v\($0)") })
        for name in (0...(count + 1)).map({ "p\($0)" }) + ["", "id", "P0"] {
            #expect(PathParameters.value(name, in: parameters) == parameters[name], "\(name) among \(count)")
            #expect(HTTPRequest(method: .GET, path: "/", pathParameters: parameters).pathParameter(name) == parameters[name])
        }
    }

    @Test func parametersAreCapturedByName() {
        let routes = table([(.GET, "/v1/sessions/{id}/items/{section}/{item}")])
        let match = winner(routes, .GET, "/v1/sessions/s1/items/2/30")
        #expect(match?.0 == "GET /v1/sessions/{id}/items/{section}/{item}")
        #expect(match?.1 == ["id": "s1", "section": "2", "item": "30"])
    }

    @Test func literalSegmentsWinOverParameters() {
        let routes = table([
            (.POST, "/v1/sessions/{id}/transition/{step}"),
            (.POST, "/v1/sessions/{id}/transition/finish")
        ])
        #expect(winner(routes, .POST, "/v1/sessions/a/transition/finish")?.0 == "POST /v1/sessions/{id}/transition/finish")
        #expect(winner(routes, .POST, "/v1/sessions/a/transition/cancel")?.1 == ["id": "a", "step": "cancel"])
    }

    @Test func aDeadEndLiteralBacktracksToTheParameter() {
        let routes = table([(.GET, "/a/{x}/c"), (.GET, "/a/b/d")])
        #expect(winner(routes, .GET, "/a/b/c")?.1 == ["x": "b"])
        #expect(winner(routes, .GET, "/a/b/d")?.0 == "GET /a/b/d")
    }

    @Test func routesSharingAParameterPositionKeepTheirOwnNames() {
        let routes = table([(.GET, "/s/{id}"), (.DELETE, "/s/{session}")])
        #expect(winner(routes, .GET, "/s/7")?.1 == ["id": "7"])
        #expect(winner(routes, .DELETE, "/s/7")?.1 == ["session": "7"])
    }

    @Test func headUsesTheGetRoute() {
        let routes = table([(.GET, "/healthz")])
        #expect(winner(routes, .HEAD, "/healthz")?.0 == "GET /healthz")
    }

    @Test func wrongMethodListsWhatIsAllowed() {
        let routes = table([(.GET, "/v1/sessions/{id}"), (.DELETE, "/v1/sessions/{id}")])
        guard case .methodNotAllowed(let allow) = routes.resolve(.POST, segments: ["v1", "sessions", "x"]) else {
            Issue.record("expected 405")
            return
        }
        #expect(allow == "GET, HEAD, DELETE, OPTIONS")
        guard case .options(let optionsAllow) = routes.resolve(.OPTIONS, segments: ["v1", "sessions", "x"]) else {
            Issue.record("expected OPTIONS")
            return
        }
        #expect(optionsAllow == allow)
    }

    @Test func unknownPathsEmptySegmentsAndPrefixesAreNotFound() {
        let routes = table([(.GET, "/v1/sessions/{id}"), (.GET, "/")])
        for segments in [["v1", "sessions", ""], ["v1", "sessions"], ["v1", "sessions", "a", "b"], ["nope"]] {
            guard case .notFound = routes.resolve(.GET, segments: segments) else {
                Issue.record("expected 404 for \(segments)")
                continue
            }
        }
        #expect(winner(routes, .GET, "/")?.0 == "GET /")
    }

    @Test func patternsAreParsedIntoSegments() {
        #expect(PatternSegment.parse("/v1/{id}/x") == [.literal("v1"), .parameter("id"), .literal("x")])
        #expect(PatternSegment.parse("/") == [])
    }

    @Test func aDuplicateRouteStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var router = Router()
            router.add(.GET, "/a/{x}") { _ in Reply(status: 204) }
            router.add(.GET, "/a/{y}") { _ in Reply(status: 204) }
        }
    }
}
