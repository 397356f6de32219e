import Foundation
import LoopbackHTTP
import Testing

/// The cached rect query's fast paths over a real server, held to the slow path's answers:
/// the first request for a path on a loop is routed the slow way (`RequestTarget.parse`,
/// `RouteTable.resolve`) and its rect computed and encoded; asked again, the same request is
/// routed from the loop's `TargetMemo`, computed again and kept in the reply cache (a rect
/// is kept on its second request); asked a third time, it is answered from the cache. All
/// three answers must be the same status, the same header fields and the same body bytes
/// (Date aside, and a generated request id, which differs by design), for every variant:
/// gzip, HEAD, a client's request id, a refused request id, another rect, errors.
@Suite("fast paths over HTTP", .serialized)
struct FastPathHTTPTests {
    /// 100,000 items of 18 × 18 in a 390 × 844 view: a screenful is ~53 KB, above the
    /// default gzip threshold (16 KiB), so `Accept-Encoding: gzip` changes the reply.
    private static let body =
        #"{"layout":{"type":"flow","itemSize":[18,18]},"dataSource":{"sections":[{"itemCount":100000}]},"view":{"bounds":[390,844]}}"#

    private struct Variant: CustomStringConvertible {
        let method: String
        let suffix: String
        let headers: [(String, String)]
        let description: String
    }

    private static let variants: [Variant] = [
        Variant(method: "GET", suffix: "/elements?rect=0,0,390,844", headers: [], description: "plain"),
        Variant(method: "GET", suffix: "/elements?rect=0,0,390,844", headers: [("Accept-Encoding", "gzip")], description: "gzip"),
        Variant(method: "HEAD", suffix: "/elements?rect=0,0,390,844", headers: [], description: "HEAD"),
        Variant(
            method: "GET", suffix: "/elements?rect=0,0,390,844", headers: [("X-Request-ID", "client-7:abc")],
            description: "client request id"),
        Variant(
            method: "GET", suffix: "/elements?rect=0,0,390,844", headers: [("X-Request-ID", "bad id\"")],
            description: "refused request id"),
        Variant(method: "GET", suffix: "/elements?rect=10,20,30,40#frag", headers: [], description: "small rect, fragment"),
        Variant(method: "GET", suffix: "/elements?rect=0,0,-1,5", headers: [], description: "bad rect (400)"),
        Variant(method: "GET", suffix: "/elements?bogus=1", headers: [], description: "unknown parameter (400)"),
        Variant(method: "DELETE", suffix: "/elements", headers: [], description: "405"),
        Variant(method: "OPTIONS", suffix: "/elements", headers: [], description: "OPTIONS"),
        Variant(method: "GET", suffix: "/nothing-here", headers: [], description: "404"),
        Variant(method: "GET", suffix: "", headers: [], description: "the session")
    ]

    /// Header fields as sent, without Date (the clock) and, when the server made it, the
    /// request id (new for every request; checked for its shape instead).
    private static func comparable(_ response: LoopbackHTTPClient.Response, clientID: Bool) -> [String] {
        response.headers.filter { field in
            let name = field.name.lowercased()
            return name != "date" && (clientID || name != "x-request-id")
        }.map { "\($0.name): \($0.value)" }
    }

    @Test func everyVariantAnswersTheSameFirstAndAgain() throws {
        let server = try TesseraServer(arguments: [], loops: 1)
        defer { _ = server.stop() }
        let c = try server.client()
        for variant in Self.variants {
            // A new session per variant: a path this loop has not routed yet.
            let created = try c.request("POST", "/v1/sessions", json: Self.body)
            #expect(created.status == 201)
            let id = try #require(created.header("Location")?.split(separator: "/").last.map(String.init))
            let target = "/v1/sessions/\(id)" + variant.suffix
            let first = try c.request(variant.method, target, headers: variant.headers)
            let clientID = variant.description == "client request id"
            var answers = [first]
            for _ in 0..<2 {
                let again = try c.request(variant.method, target, headers: variant.headers)
                #expect(first.status == again.status, "\(variant)")
                #expect(Self.comparable(first, clientID: clientID) == Self.comparable(again, clientID: clientID), "\(variant)")
                #expect(first.body == again.body, "\(variant)")
                answers.append(again)
            }
            for response in answers {
                let echoed = try #require(response.header("X-Request-ID"), "\(variant)")
                if clientID {
                    #expect(echoed == "client-7:abc")
                } else {
                    #expect(echoed.utf8.count == 32 && echoed.allSatisfy(\.isHexDigit), "\(variant): \(echoed)")
                }
            }
        }
    }

    /// The reply's form itself, for the variants where the fast path matters most.
    @Test func theCachedReplyKeepsItsETagAndEncoding() throws {
        let server = try TesseraServer(arguments: [], loops: 1)
        defer { _ = server.stop() }
        let c = try server.client()
        let created = try c.request("POST", "/v1/sessions", json: Self.body)
        let id = try #require(created.header("Location")?.split(separator: "/").last.map(String.init))
        let target = "/v1/sessions/\(id)/elements?rect=0,0,390,844"
        for _ in 0..<3 {
            let plain = try c.request("GET", target)
            #expect(plain.status == 200 && plain.header("ETag") == "\"1\"")
            #expect(plain.header("Content-Encoding") == nil && plain.header("Vary") == "Accept-Encoding")
            #expect(plain.body.count > 16 << 10)
            let zipped = try c.request("GET", target, headers: [("Accept-Encoding", "gzip")])
            #expect(zipped.header("Content-Encoding") == "gzip" && zipped.header("ETag") == "\"1\"")
            #expect(zipped.body.count < plain.body.count)
            let head = try c.request("HEAD", target)
            #expect(head.header("Content-Length") == String(plain.body.count) && head.body.isEmpty)
        }
    }
}
