import Testing
@testable import EventHTTP

/// The dispatch fast path (`TargetMemo`) against its slow path (`RequestTarget.parse`, then
/// `RouteTable.resolve`): for the same method and target, the same path, query and
/// resolution, whether the memo answers from an entry or works it out.
@Suite struct TargetMemoTests {
    private static let table: RouteTable = {
        var router = Router()
        for (method, pattern) in [
            (HTTPMethod.GET, "/v1/sessions/{id}"), (.DELETE, "/v1/sessions/{id}"),
            (.GET, "/v1/sessions/{id}/elements"), (.POST, "/v1/sessions"),
            (.GET, "/v1/sessions/{id}/items/{section}/{item}"),
            (.POST, "/v1/sessions/{id}/transition/finish"), (.GET, "/")
        ] {
            router.add(method, pattern) { _ in .text(200, "\(method.rawValue) \(pattern)") }
        }
        return router.freeze()
    }()

    /// What a resolution says, comparable: the route's pattern and parameters, or the
    /// server's own answer with its Allow header.
    private static func describe(_ resolution: RouteTable.Resolution) -> String {
        switch resolution {
        case .route(let route, let parameters):
            "route \(route.pattern) " + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        case .options(let allow): "options \(allow)"
        case .methodNotAllowed(let allow): "405 \(allow)"
        case .notFound: "404"
        }
    }

    /// The slow path's answer, as `describe`d, or its refusal.
    private static func slow(_ method: HTTPMethod, _ target: String) -> String {
        switch RequestTarget.parse(Array(target.utf8)) {
        case .failure(let invalid): return "invalid \(invalid.message)"
        case .success(let parsed):
            return "\(parsed.path) \(parsed.query ?? "<none>") " + describe(table.resolve(method, segments: parsed.segments))
        }
    }

    private static func fast(_ memo: inout TargetMemo, _ method: HTTPMethod, _ target: String) -> String {
        var bytes = Array(target.utf8)
        return bytes.withUnsafeMutableBytes { raw in
            do throws(RequestTarget.Invalid) {
                let routed = try memo.route(method, target: UnsafeRawBufferPointer(raw), routes: table)
                return "\(routed.path) \(routed.query ?? "<none>") " + describe(routed.resolution)
            } catch {
                return "invalid \(error.message)"
            }
        }
    }

    static let requests: [(HTTPMethod, String)] = [
        (.GET, "/v1/sessions/0123456789abcdef0123456789abcdef/elements?rect=0,0,390,844"),
        (.GET, "/v1/sessions/0123456789abcdef0123456789abcdef/elements?rect=0,844,390,844"),
        (.GET, "/v1/sessions/0123456789abcdef0123456789abcdef/elements"),
        (.GET, "/v1/sessions/0123456789abcdef0123456789abcdef/elements?"),
        (.GET, "/v1/sessions/0123456789abcdef0123456789abcdef/elements?rect=1,2,3,4#frag?x"),
        (.GET, "/v1/sessions/0123456789abcdef0123456789abcdef/elements#?rect=1"),
        (.HEAD, "/v1/sessions/0123456789abcdef0123456789abcdef/elements?rect=0,0,390,844"),
        (.DELETE, "/v1/sessions/0123456789abcdef0123456789abcdef/elements?rect=0,0,390,844"),
        (.OPTIONS, "/v1/sessions/0123456789abcdef0123456789abcdef"),
        (.DELETE, "/v1/sessions/0123456789abcdef0123456789abcdef"),
        (.GET, "/v1/sessions/a%2Fb/items/1/2?x=%20"),
        (.GET, "/v1/sessions/a%2fb/items/1/2"),
        (.GET, "/v1/sessions/caf%C3%A9/items/0/0"),
        (.GET, "/v1/sessions/%ZZ/items/0/0"),
        (.GET, "/v1/sessions/%FF/items/0/0"),
        (.GET, "/v1/sessions/"),
        (.POST, "/v1/sessions"),
        (.POST, "/v1/sessions/x/transition/finish"),
        (.GET, "/"),
        (.GET, "/?a=b"),
        (.GET, "/nowhere/at/all"),
        (.GET, "relative")
    ]

    @Test func aMissAndAHitAnswerWhatTheSlowPathAnswers() {
        var memo = TargetMemo()
        for (method, target) in Self.requests {
            let expected = Self.slow(method, target)
            #expect(Self.fast(&memo, method, target) == expected, "\(method.rawValue) \(target), first time")
            #expect(Self.fast(&memo, method, target) == expected, "\(method.rawValue) \(target), again")
        }
        // Every target that parses is remembered: its second asking was a hit.
        #expect(memo.hits >= 15)
    }

    @Test func anotherQueryOnTheSamePathIsAHitWithItsOwnQuery() {
        var memo = TargetMemo()
        let path = "/v1/sessions/0123456789abcdef0123456789abcdef/elements"
        _ = Self.fast(&memo, .GET, path + "?rect=0,0,1,1")
        #expect(Self.fast(&memo, .GET, path + "?rect=5,6,7,8") == Self.slow(.GET, path + "?rect=5,6,7,8"))
        #expect(Self.fast(&memo, .HEAD, path + "?rect=5,6,7,8") == Self.slow(.HEAD, path + "?rect=5,6,7,8"))
        #expect(memo.hits == 1 && memo.misses == 2) // HEAD is its own key
    }

    /// A hit reuses the entry's last query only when the bytes are the same: queries of the
    /// same length that differ, no query, an empty one, and back again.
    @Test func aRepeatedQueryIsReusedAndAnotherIsNot() {
        var memo = TargetMemo()
        let path = "/v1/sessions/0123456789abcdef0123456789abcdef/elements"
        for suffix in [
            "?rect=0,0,1,1", "?rect=0,0,1,1", "?rect=0,0,1,2", "?rect=0,0,1,2", "?rect=0,0,1,1", "",
            "?rect=0,0,1,1", "?", "?", "?rect=0,0,1,1", "#?rect=0,0,1,2", "?rect=0,0,1,2#x"
        ] {
            #expect(Self.fast(&memo, .GET, path + suffix) == Self.slow(.GET, path + suffix), "\(suffix)")
        }
    }

    /// Bytes that are not UTF-8 decode with replacement characters, which never equal the
    /// bytes: each asking decodes again, with the slow path's answer.
    @Test func aQueryThatIsNotUTF8IsDecodedEachTime() {
        var memo = TargetMemo()
        let target = Array("/v1/sessions/x/elements?q=".utf8) + [0xFF, 0xC3]
        let expected = RequestTarget.parse(target).map { $0.query }
        for _ in 0..<3 {
            let query = target.withUnsafeBytes { raw in try? memo.route(.GET, target: raw, routes: Self.table).query }
            #expect(query == (try? expected.get()))
            #expect(query == "q=\u{FFFD}\u{FFFD}")
        }
    }

    /// Property: over a random stream of targets from a small pool (more distinct paths than
    /// the memo holds, so entries are replaced), every answer equals the slow path's.
    @Test(arguments: [1, 2, 3]) func answersStayEqualAcrossEvictions(seed: UInt64) {
        var memo = TargetMemo()
        // Knuth's MMIX linear congruential steps, high bits used: deterministic per seed.
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let ids = (0..<(TargetMemo.capacity + 7)).map { "s\($0)" }
        for _ in 0..<2_000 {
            let id = ids[Int(next() % UInt64(ids.count))]
            let method: HTTPMethod = [.GET, .HEAD, .DELETE, .OPTIONS][Int(next() % 4)]
            let target =
                next() % 2 == 0
                ? "/v1/sessions/\(id)/elements?rect=0,0,\(next() % 900),1"
                : "/v1/sessions/\(id)"
            #expect(Self.fast(&memo, method, target) == Self.slow(method, target))
        }
        #expect(memo.hits > 0 && memo.misses > TargetMemo.capacity)
    }
}
