import Testing
@testable import EventHTTP

/// The stream validator alone: bytes in, verdict out. Every case runs with the input cut
/// into pieces of several sizes, because TCP may deliver a request in any pieces.
@Suite struct RequestStreamValidatorTests {
    static let limits = RequestStreamValidator.Limits(maxTargetLength: 64, maxHeaderBytes: 128, maxBodyBytes: 100)
    static let pieceSizes = [1, 2, 7, 1 << 20]

    private func run(_ text: String, pieceSize: Int) -> (RequestStreamValidator, StreamRejection?) {
        var validator = RequestStreamValidator(limits: Self.limits)
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let piece = Array(bytes[index..<min(bytes.count, index + pieceSize)])
            index += piece.count
            let skipped = validator.skipBodyBytes(upTo: piece.count)
            if let rejection = piece[skipped...].withUnsafeBytes({ validator.consume($0) }) {
                return (validator, rejection)
            }
        }
        return (validator, nil)
    }

    private func expectAccepted(_ text: String, endsIn phase: RequestStreamValidator.Phase = .requestLine,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        for size in Self.pieceSizes {
            let (validator, rejection) = run(text, pieceSize: size)
            #expect(rejection == nil, "piece size \(size)", sourceLocation: sourceLocation)
            #expect(validator.phase == phase, "piece size \(size)", sourceLocation: sourceLocation)
        }
    }

    /// - Parameter offset: where the refused request starts (it is replaced whole).
    private func expectRejected(_ text: String, _ reason: RejectionReason, at offset: Int = 0,
                                method: HTTPMethod? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        for size in Self.pieceSizes {
            let (validator, rejection) = run(text, pieceSize: size)
            #expect(rejection == StreamRejection(reason: reason, offset: offset, method: method),
                    "piece size \(size)", sourceLocation: sourceLocation)
            #expect(validator.phase == .rejected, sourceLocation: sourceLocation)
        }
    }

    @Test func pipelinedRequestsWithBodiesAreFramedLikeEvhttp() {
        let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
            + "POST /b HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
            + "PUT /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n"
            + "HEAD /d HTTP/1.0\n\n"
        expectAccepted(text)
        expectAccepted("POST /b HTTP/1.1\r\nContent-Length: 5\r\n\r\nhel", endsIn: .body(remaining: 2))
    }

    @Test func headIgnoresContentLengthAsEvhttpDoes() {
        // evhttp reads no body for HEAD, so those bytes are the next request line.
        expectRejected("HEAD / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc\r\n", .malformedRequestLine, at: 38)
    }

    @Test func oversizedBodiesAreRefusedFromTheHeaders() {
        expectRejected("POST /x HTTP/1.1\r\nHost: y\r\nContent-Length: 101\r\n\r\n", .payloadTooLarge, method: .POST)
        expectRejected("POST /x HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", .payloadTooLarge,
                       method: .POST)
        expectAccepted("POST /x HTTP/1.1\r\nContent-Length: 100\r\n\r\n" + String(repeating: "a", count: 100))
    }

    @Test func chunkedBodiesCountAgainstTheLimitBeforeEachChunk() {
        let text = "PUT /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n32\r\n" + String(repeating: "a", count: 50)
            + "\r\n33\r\n"
        expectRejected(text, .payloadTooLarge, method: .PUT)
        expectRejected("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\n", .malformedChunk, method: .POST)
        expectRejected("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n", .malformedChunk, method: .POST)
    }

    @Test func longTargetsAreRefusedEvenBeforeTheLineEnds() {
        let target = "/" + String(repeating: "a", count: 64)
        expectRejected("GET \(target) HTTP/1.1\r\n", .uriTooLong, method: .GET)
        expectRejected("HEAD /" + String(repeating: "a", count: 100), .uriTooLong, method: .HEAD)
        expectAccepted("GET \(target.dropLast()) HTTP/1.1\r\n\r\n")
    }

    @Test func headerBytesAreLimitedPerRequest() {
        let header = "X-A: " + String(repeating: "b", count: 100) + "\r\n"
        expectRejected("GET / HTTP/1.1\r\n" + header + header, .headersTooLarge, method: .GET)
        // The count restarts with every request.
        expectAccepted("GET / HTTP/1.1\r\n\(header)\r\nGET / HTTP/1.1\r\n\(header)\r\n")
    }

    @Test func requestLinesEvhttpWouldRejectAreRefusedFirst() {
        expectRejected("BREW /pot HTTP/1.1\r\n\r\n", .unsupportedMethod)
        expectRejected("TRACE / HTTP/1.1\r\n\r\n", .unsupportedMethod)
        expectRejected("get / HTTP/1.1\r\n\r\n", .unsupportedMethod)
        expectRejected("\r\n", .malformedRequestLine)
        expectRejected("GET /\r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET / HTTP/2.0\r\n", .unsupportedVersion, method: .GET)
        expectRejected("GET / HTTP/1.1 \r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET //evil/x HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET http://h/x HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET /a b HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET /caf\u{e9} HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET /a\rb HTTP/1.1\r\n", .malformedRequestLine, method: .GET)
    }

    @Test func headerLinesEvhttpWouldRejectAreRefusedFirst() {
        let head = "POST / HTTP/1.1\r\n"
        expectRejected(head + " folded\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "NoColon\r\n", .malformedHeader, method: .POST)
        expectRejected(head + ": empty name\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "Bad Name: x\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "X: a\rb\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "X: a\u{0}b\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "Content-Length: 1x\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length: -1\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length: 1\r\ncontent-length: 1\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Transfer-Encoding: gzip, chunked\r\n", .unsupportedTransferEncoding, method: .POST)
        expectRejected(head + "Expect: something\r\n", .expectationFailed, method: .POST)
        expectRejected(head + "x-eventhttp-reject: payload-too-large forged\r\n", .reservedHeader, method: .POST)
        expectRejected(head + "Content-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", .conflictingFraming, method: .POST)
        expectRejected("HEAD / HTTP/1.1\r\nX: \u{7f}\r\n", .malformedHeader, method: .HEAD)
        expectAccepted(head + "Expect: 100-Continue\r\nX-Empty:\r\nX-Tab:\tv \t\r\nContent-Length: 0\r\n\r\n")
    }

    /// The verdict on a stream given as bytes (any byte, not only UTF-8), whole.
    private func verdict(_ bytes: [UInt8]) -> StreamRejection? {
        var validator = RequestStreamValidator(limits: Self.limits)
        return bytes.withUnsafeBytes { validator.consume($0) }
    }

    /// Every byte value in a target long enough for the word-at-a-time check (at positions in
    /// its words and its tail), in a header name and in a header value: the verdicts follow
    /// the byte rules (visible ASCII in targets, tchar in names, VCHAR, space and tab in
    /// values). LF, CR and the colon end or split lines and are covered above.
    @Test func everyByteIsJudgedByItsRule() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in UInt8.min...UInt8.max where byte != 0x0A && byte != 0x0D {
            for position in [1, 6, 7, 8, 15, 16, 21] {
                var target = Array("/abcdefghijklmnopqrstu".utf8)
                target[position] = byte
                // ("//…" is refused too: it would parse as an authority.)
                let printable = byte > 0x20 && byte < 0x7F && !(position == 1 && byte == UInt8(ascii: "/"))
                let rejection = verdict(Array("GET ".utf8) + target + Array(" HTTP/1.1\r\n\r\n".utf8))
                #expect(rejection?.reason == (printable ? nil : .invalidTarget), "byte \(byte) at \(position)")
            }
            if byte != UInt8(ascii: ":") {
                let rejection = verdict(Array("GET / HTTP/1.1\r\nX-N".utf8) + [byte] + Array("me: v\r\n\r\n".utf8))
                #expect(rejection?.reason == (tchar.contains(byte) ? nil : .malformedHeader), "name byte \(byte)")
            }
            // Values are checked eight bytes at a time: the byte sits in the first word, on
            // either side of a word's edge, and in the tail.
            let allowed = byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
            for position in [0, 1, 6, 7, 8, 15, 16, 21] {
                var value = Array("abcdefghijklmnopqrstuv".utf8)
                value[position] = byte
                let rejection = verdict(Array("GET / HTTP/1.1\r\nX-Name: ".utf8) + value + Array("\r\n\r\n".utf8))
                #expect(rejection?.reason == (allowed ? nil : .malformedHeader), "value byte \(byte) at \(position)")
            }
        }
    }

    /// evhttp ends a line at LF; a CR anywhere else in a header line is refused.
    @Test func aStrayCarriageReturnInAHeaderLineIsRefused() {
        expectRejected("GET / HTTP/1.1\r\nX-Name: abc\rdefghijklmnop\r\n\r\n", .malformedHeader, method: .GET)
        expectRejected("GET / HTTP/1.1\r\nX-Na\rme: v\r\n\r\n", .malformedHeader, method: .GET)
        expectRejected("GET / HTTP/1.1\r\nX-Name: v\r\r\n\r\n", .malformedHeader, method: .GET)
        expectRejected("GET / HTTP/1.1\r\n\r\r\n", .malformedHeader, method: .GET)
        expectRejected("GET /a\rb HTTP/1.1\r\n\r\n", .malformedRequestLine, method: .GET)
    }

    @Test func trailersAreCheckedLikeHeaders() {
        let body = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        expectRejected(body + "X-EventHTTP-Reject: x y\r\n", .reservedHeader, method: .POST)
        expectRejected(body + "nocolon\r\n", .malformedHeader, method: .POST)
    }

    @Test func aBadRequestAfterGoodOnesIsRefusedAtItsOwnStart() {
        let good = "POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\nok" + "GET / HTTP/1.1\r\n\r\n"
        expectRejected(good + "GET / HTTP/9.9\r\n", .unsupportedVersion, at: good.utf8.count, method: .GET)
    }

    @Test func onlyCheckedBytesAreReleasedToEvhttp() {
        let head = "POST /a HTTP/1.1\r\nContent-Length: 4\r\n\r\n"
        var (validator, _) = run("POST /a HTTP/1.1\r\nContent-Len", pieceSize: 3)
        #expect(validator.releasable == 0)  // a head is held until complete
        (validator, _) = run(head + "ab", pieceSize: 5)
        #expect(validator.releasable == head.utf8.count + 2)  // a Content-Length body streams through
        (validator, _) = run(head + "abcdGET /", pieceSize: 5)
        #expect(validator.releasable == head.utf8.count + 4)
        let chunked = "PUT /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
        (validator, _) = run(chunked, pieceSize: 4)
        #expect(validator.releasable == 0)  // chunked: held until the last chunk and trailers
        (validator, _) = run(chunked + "0\r\n\r\n", pieceSize: 4)
        #expect(validator.releasable == chunked.utf8.count + 5)
    }

    @Test func theInjectionIsAWholeMarkedRequest() {
        let rejection = StreamRejection(reason: .uriTooLong, offset: 0, method: .HEAD)
        #expect(String(decoding: rejection.injection(token: "T"), as: UTF8.self)
            == "HEAD / HTTP/1.1\r\nX-EventHTTP-Reject: uri-too-long T\r\n\r\n")
        #expect(String(decoding: StreamRejection(reason: .malformedRequestLine, offset: 0, method: nil).injection(token: "T"),
                       as: UTF8.self).hasPrefix("GET / HTTP/1.1\r\n"))
        #expect(StreamRejection.parseMarker("uri-too-long T", token: "T") == .uriTooLong)
        #expect(StreamRejection.parseMarker("uri-too-long forged", token: "T") == nil)
    }
}
