import Testing
@testable import EventHTTP

/// gzip request bodies and replies: zlib round trips, the inflated-size limit (a zip bomb
/// is a 413 before it becomes an allocation), and the live server's negotiation.
@Suite struct ContentCodingTests {
    /// Deterministic bytes with some redundancy, like JSON.
    private func sample(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let word = state &* 2_685_821_657_736_338_717
            return word % 4 == 0 ? UInt8(truncatingIfNeeded: word >> 32) : Array("{\"size\":[50,60]},".utf8)[Int(word >> 40) % 17]
        }
    }

    @Test(arguments: [0, 1, 100, 70_000, 1 << 20])
    func gzipThenGunzipIsTheIdentity(count: Int) throws {
        let input = sample(count)
        let compressed = try #require(ContentCoding.gzip(input))
        #expect(compressed.prefix(2) == [0x1F, 0x8B], "a gzip member starts with its magic")
        #expect(try ContentCoding.gunzip(compressed, limit: count).get() == input)
    }

    @Test func theLimitAppliesToTheInflatedSize() throws {
        let bomb = try #require(ContentCoding.gzip([UInt8](repeating: 0, count: 4 << 20)))
        #expect(bomb.count < 32 << 10, "4 MiB of zeros compress to a few KiB")
        #expect(ContentCoding.gunzip(bomb, limit: 1 << 20) == .failure(.tooLarge))
        #expect(ContentCoding.gunzip(bomb, limit: (4 << 20) - 1) == .failure(.tooLarge))
        #expect(try ContentCoding.gunzip(bomb, limit: 4 << 20).get().count == 4 << 20)
    }

    @Test func brokenStreamsAreCorrupt() throws {
        let good = try #require(ContentCoding.gzip(sample(5000)))
        #expect(ContentCoding.gunzip(Array("not gzip at all".utf8), limit: 1 << 20) == .failure(.corrupt))
        #expect(ContentCoding.gunzip(Array(good.dropLast(5)), limit: 1 << 20) == .failure(.corrupt), "truncated")
        #expect(ContentCoding.gunzip(good + [1, 2, 3], limit: 1 << 20) == .failure(.corrupt), "trailing bytes")
        var flipped = good
        flipped[flipped.count - 6] ^= 0xFF // inside the CRC-32
        #expect(ContentCoding.gunzip(flipped, limit: 1 << 20) == .failure(.corrupt))
        #expect(ContentCoding.gunzip([], limit: 1 << 20) == .failure(.corrupt))
    }

    @Test func acceptEncodingIsNegotiated() {
        #expect(ContentCoding.acceptsGzip("gzip"))
        #expect(ContentCoding.acceptsGzip("br, GZIP;q=0.5"))
        #expect(ContentCoding.acceptsGzip("deflate, x-gzip"))
        #expect(ContentCoding.acceptsGzip("*"))
        #expect(!ContentCoding.acceptsGzip("gzip;q=0"))
        #expect(!ContentCoding.acceptsGzip("*, gzip;q=0"))
        #expect(!ContentCoding.acceptsGzip("identity"))
        #expect(!ContentCoding.acceptsGzip("br, deflate"))
        #expect(!ContentCoding.acceptsGzip(""))
    }

    private func router() -> Router {
        var router = TestRoutes.standard()
        // A reply of `n` bytes, to cross the compression threshold.
        router.add(.GET, "/big/{n}") { request in
            let n = Int(request.pathParameters["n"] ?? "") ?? 0
            return .json(200, Array(repeating: UInt8(ascii: " "), count: max(0, n - 2)) + Array("{}".utf8))
        }
        return router
    }

    @Test func gzipBodiesAreInflatedForTheHandler() throws {
        let body = sample(300_000)
        let compressed = try #require(ContentCoding.gzip(body))
        try withServer(router: router()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(Array("POST /echo HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: \(compressed.count)\r\n\r\n".utf8) + compressed)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == body)
            // identity is no coding at all.
            try client.send("POST /echo HTTP/1.1\r\nContent-Encoding: identity\r\nContent-Length: 2\r\n\r\nok")
            #expect(try client.readResponse().text == "ok")
        }
    }

    @Test func aZipBombIs413AndBadCodingsAreRefused() throws {
        let bomb = try #require(ContentCoding.gzip([UInt8](repeating: 0x20, count: 8 << 20)))
        try withServer(router: router(), configure: { $0.maxBodySize = 1 << 20 }) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(Array("POST /echo HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n".utf8) + bomb)
            let refused = try client.readResponse()
            #expect(refused.status == 413)
            #expect(refused.errorCode == "payload_too_large")
            #expect(refused.isJSONError)
            try client.send("POST /echo HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\n\r\nnope")
            let corrupt = try client.readResponse()
            #expect(corrupt.status == 400)
            #expect(corrupt.errorCode == "invalid_request")
            try client.send("POST /echo HTTP/1.1\r\nContent-Encoding: br\r\nContent-Length: 2\r\n\r\nok")
            let unsupported = try client.readResponse()
            #expect(unsupported.status == 415)
            #expect(unsupported.header("Accept-Encoding") == "gzip")
            // The connection is still usable after each refusal.
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: 2\r\n\r\nok")
            #expect(try client.readResponse().text == "ok")
        }
    }

    @Test func bigRepliesAreGzippedForClientsThatAcceptIt() throws {
        try withServer(router: router(), configure: { $0.gzipReplyThreshold = 10_000 }) { _, port in
            let client = try RawHTTPClient(port: port)
            let plain = try client.request("GET /big/20000 HTTP/1.1\r\n\r\n")
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            #expect(plain.body.count == 20_000)
            let zipped = try client.request("GET /big/20000 HTTP/1.1\r\nAccept-Encoding: br, gzip\r\n\r\n")
            #expect(zipped.header("Content-Encoding") == "gzip")
            #expect(zipped.header("Vary") == "Accept-Encoding")
            #expect(zipped.body.count < 1000)
            #expect(try ContentCoding.gunzip(zipped.body, limit: 1 << 20).get() == plain.body)
            // HEAD announces the length GET would send.
            let head = try client.request("HEAD /big/20000 HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n", isHead: true)
            #expect(head.header("Content-Length") == String(zipped.body.count))
            // Below the threshold, or refused by q=0: sent as is.
            let small = try client.request("GET /big/9999 HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n")
            #expect(small.header("Content-Encoding") == nil)
            #expect(small.body.count == 9999)
            let refused = try client.request("GET /big/20000 HTTP/1.1\r\nAccept-Encoding: gzip;q=0\r\n\r\n")
            #expect(refused.header("Content-Encoding") == nil)
        }
        try withServer(router: router(), configure: { $0.gzipReplyThreshold = 0 }) { _, port in
            let reply = try RawHTTPClient(port: port).request("GET /big/200000 HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n")
            #expect(reply.header("Content-Encoding") == nil, "0 turns compression off")
        }
    }
}
