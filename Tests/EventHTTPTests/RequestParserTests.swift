import Testing
@testable import EventHTTP

/// The HTTP/1.1 parser alone: bytes in, requests or a refusal out. Every case runs with the
/// input cut into pieces of several sizes, because TCP may deliver a request in any pieces,
/// and every piece size must give the same requests and the same verdict.
@Suite struct RequestParserTests {
    static let limits = RequestParser.Limits(maxTargetLength: 64, maxHeaderBytes: 128, maxBodyBytes: 100)
    static let pieceSizes = [1, 2, 7, 1 << 20]

    struct Run {
        var parser: RequestParser
        var messages: [RequestMessage] = []
        var rejection: StreamRejection?
    }

    private func run(_ bytes: [UInt8], pieceSize: Int) -> Run {
        var run = Run(parser: RequestParser(limits: Self.limits))
        var index = 0
        while index < bytes.count && run.rejection == nil {
            let end = min(bytes.count, index + pieceSize)
            var piece = Array(bytes[index..<end])
            index = end
            while !piece.isEmpty {
                let (consumed, outcome) = piece.withUnsafeBytes { run.parser.consume($0) }
                piece.removeFirst(consumed)
                switch outcome {
                case .needMore:
                    #expect(piece.isEmpty, "needMore left bytes unconsumed")
                case .message:
                    run.messages.append(run.parser.takeMessage())
                case .rejected(let rejection):
                    run.rejection = rejection
                    piece.removeAll()
                }
            }
        }
        return run
    }

    private func run(_ text: String, pieceSize: Int) -> Run {
        run(Array(text.utf8), pieceSize: pieceSize)
    }

    /// Parses `text` at every piece size; expects no refusal and returns the requests
    /// (checked to be the same at every size).
    @discardableResult
    private func expectAccepted(
        _ text: String, endsIn phase: RequestParser.Phase = .requestLine,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RequestMessage] {
        var first: [RequestMessage]?
        for size in Self.pieceSizes {
            let result = run(text, pieceSize: size)
            #expect(result.rejection == nil, "piece size \(size)", sourceLocation: sourceLocation)
            #expect(result.parser.phase == phase, "piece size \(size)", sourceLocation: sourceLocation)
            if let first {
                #expect(result.messages == first, "piece size \(size)", sourceLocation: sourceLocation)
            } else {
                first = result.messages
            }
        }
        return first ?? []
    }

    /// - Parameter offset: where the refused request starts.
    private func expectRejected(
        _ text: String, _ reason: RejectionReason, at offset: Int = 0,
        method: HTTPMethod? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for size in Self.pieceSizes {
            let result = run(text, pieceSize: size)
            #expect(
                result.rejection == StreamRejection(reason: reason, offset: offset, method: method),
                "piece size \(size)", sourceLocation: sourceLocation)
            #expect(result.parser.phase == .rejected, sourceLocation: sourceLocation)
        }
    }

    private func fields(_ message: RequestMessage) -> [String] {
        message.fields.fields.map { "\($0.name)=\($0.value)" }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func pipelinedRequestsAreFramedAndRead() {
        let text =
            "GET /a?q=1 HTTP/1.1\r\nHost: x\r\nAccept:  */* \t\r\n\r\n"
            + "POST /b HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
            + "PUT /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n3;name=\"v\\\"x\";flag\r\n, w\r\n0\r\nX-Trailer: 1\r\n\r\n"
            + "HEAD /d HTTP/1.0\r\n\r\n"
        let messages = expectAccepted(text)
        #expect(messages.map(\.method) == [.GET, .POST, .PUT, .HEAD])
        #expect(messages.map { self.text($0.target) } == ["/a?q=1", "/b", "/c", "/d"])
        #expect(messages.map(\.minorVersion) == [1, 1, 1, 0])
        // Values lose their surrounding whitespace; names keep their spelling.
        #expect(fields(messages[0]) == ["Host=x", "Accept=*/*"])
        #expect(messages.map { self.text($0.body) } == ["", "hello", "hello, w", ""])
        // Trailers are checked, then dropped.
        #expect(fields(messages[2]) == ["Transfer-Encoding=chunked"])
        // HTTP/1.0 without keep-alive closes after its reply (RFC 9112 §9.3).
        #expect(messages.map(\.keepAlive) == [true, true, true, false])
        let partial = expectAccepted("POST /b HTTP/1.1\r\nContent-Length: 5\r\n\r\nhel", endsIn: .body(remaining: 2))
        #expect(partial.isEmpty)
    }

    @Test func keepAliveFollowsTheVersionAndConnectionOptions() {
        func keepAlive(_ version: String, _ connection: String?) -> Bool? {
            let field = connection.map { "Connection: \($0)\r\n" } ?? ""
            return expectAccepted("GET / HTTP/\(version)\r\n\(field)\r\n").first?.keepAlive
        }
        #expect(keepAlive("1.1", nil) == true)
        #expect(keepAlive("1.1", "close") == false)
        #expect(keepAlive("1.1", "Upgrade, CLOSE") == false)
        #expect(keepAlive("1.1", "keep-alive") == true)
        #expect(keepAlive("1.0", nil) == false)
        #expect(keepAlive("1.0", "Keep-Alive") == true)
        #expect(keepAlive("1.0", "keep-alive, close") == false)
        #expect(keepAlive("1.0", "keep-alives") == false)
    }

    /// RFC 9112 §6.3: a request's body length comes from its fields whatever its method,
    /// HEAD included (only a reply to HEAD has no body).
    @Test func aHeadRequestsBodyIsFramedLikeAnyOther() {
        let messages = expectAccepted("HEAD / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET / HTTP/1.1\r\n\r\n")
        #expect(messages.map { text($0.body) } == ["abc", ""])
    }

    /// RFC 9112 §2.2: empty lines before a request line are ignored.
    @Test func emptyLinesBeforeARequestAreSkipped() {
        let messages = expectAccepted("\r\n\r\nGET /a HTTP/1.1\r\n\r\n\r\nGET /b HTTP/1.1\r\n\r\n")
        #expect(messages.map { text($0.target) } == ["/a", "/b"])
        expectAccepted("\r\n")
    }

    @Test func expectContinueIsDueOnlyForABodyOverHTTP11() {
        for size in Self.pieceSizes {
            var result = run("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n", pieceSize: size)
            #expect(result.parser.continueDue)
            result = run("POST / HTTP/1.1\r\nExpect: 100-Continue\r\nContent-Length: 0\r\n\r\n", pieceSize: size)
            #expect(!result.parser.continueDue)
            result = run("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n", pieceSize: size)
            #expect(!result.parser.continueDue)
            result = run("POST / HTTP/1.1\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n", pieceSize: size)
            #expect(result.parser.continueDue)
        }
    }

    @Test func oversizedBodiesAreRefusedFromTheHeaders() {
        expectRejected("POST /x HTTP/1.1\r\nHost: y\r\nContent-Length: 101\r\n\r\n", .payloadTooLarge, method: .POST)
        expectRejected(
            "POST /x HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", .payloadTooLarge,
            method: .POST)
        let messages = expectAccepted("POST /x HTTP/1.1\r\nContent-Length: 100\r\n\r\n" + String(repeating: "a", count: 100))
        #expect(messages.first?.body.count == 100)
    }

    @Test func chunkedBodiesCountAgainstTheLimitBeforeEachChunk() {
        let head = "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        expectRejected(
            "PUT /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n32\r\n" + String(repeating: "a", count: 50)
                + "\r\n33\r\n", .payloadTooLarge, method: .PUT)
        expectRejected(head + "1\r\nab\r\n", .malformedChunk, method: .POST)
        // Sixteen significant hex digits exceed any limit; leading zeros do not count.
        expectRejected(head + "1000000000000000\r\n", .payloadTooLarge, method: .POST)
        let messages = expectAccepted(head + "000000000000000000002\r\nab\r\n0\r\n\r\n")
        #expect(messages.first.map { text($0.body) } == "ab")
    }

    /// RFC 9112 §7.1.1: extensions are parsed and ignored; no whitespace around them.
    @Test func chunkExtensionsAreCheckedAndIgnored() {
        let head = "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        for extensions in [";a", ";a=b", ";a=\"b c\"", ";a=\"q\\\"\";b;c=d", ";a=\"\""] {
            let messages = expectAccepted(head + "2\(extensions)\r\nok\r\n0\r\n\r\n")
            #expect(messages.first.map { text($0.body) } == "ok", "\(extensions)")
        }
        for extensions in [";", " ;a", "; a", ";a=", ";a=\"b", ";a b", ";a=b c", ";a=\"\u{7f}\"", "x"] {
            expectRejected(head + "2\(extensions)\r\n", .malformedChunk, method: .POST)
        }
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

    @Test func malformedRequestLinesAreRefused() {
        expectRejected("BREW /pot HTTP/1.1\r\n\r\n", .unsupportedMethod)
        expectRejected("TRACE / HTTP/1.1\r\n\r\n", .unsupportedMethod)
        expectRejected("get / HTTP/1.1\r\n\r\n", .unsupportedMethod)
        expectRejected("GET /\r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET / HTTP/2.0\r\n", .unsupportedVersion, method: .GET)
        expectRejected("GET / HTTP/0.9\r\n", .unsupportedVersion, method: .GET)
        expectRejected("GET / HTTP/1.10\r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET / http/1.1\r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET / HTTP/1.1 \r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET  / HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET /a b HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET /caf\u{e9} HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET /a\rb HTTP/1.1\r\n", .malformedRequestLine, method: .GET)
        expectRejected("GET * HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET ftp://h/x HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET http:///x HTTP/1.1\r\n", .invalidTarget, method: .GET)
        expectRejected("GET / HTTP/1.1\n", .malformedRequestLine, method: .GET)
    }

    /// RFC 9112 §3.2.1 and §3.2.2: "//x" is an origin-form path (its first segment empty),
    /// and an absolute-form target is routed on its path and query.
    @Test func originAndAbsoluteFormTargetsAreRead() {
        let messages = expectAccepted(
            "GET //evil/x HTTP/1.1\r\n\r\nGET http://h/x?y HTTP/1.1\r\n\r\n"
                + "GET HTTPS://h:8/ HTTP/1.1\r\n\r\nGET http://h?q HTTP/1.1\r\n\r\n")
        #expect(messages.map { text($0.target) } == ["//evil/x", "http://h/x?y", "HTTPS://h:8/", "http://h?q"])
        #expect(messages.map { text($0.routingTarget) } == ["//evil/x", "/x?y", "/", "/?q"])
    }

    @Test func malformedFieldLinesAreRefused() {
        let head = "POST / HTTP/1.1\r\n"
        expectRejected(head + " folded\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "X: a\r\n folded\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "NoColon\r\n", .malformedHeader, method: .POST)
        expectRejected(head + ": empty name\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "Bad Name: x\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "Name : x\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "X: a\rb\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "X: a\u{0}b\r\n", .malformedHeader, method: .POST)
        expectRejected(head + "X: a\n", .malformedHeader, method: .POST)
        expectRejected(head + "Content-Length: 1x\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length: -1\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length: 1, 1\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length:\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length: 1\r\ncontent-length: 1\r\n", .invalidContentLength, method: .POST)
        expectRejected(head + "Transfer-Encoding: gzip, chunked\r\n", .unsupportedTransferEncoding, method: .POST)
        expectRejected(
            head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", .malformedHeader,
            method: .POST)
        expectRejected(head + "Expect: something\r\n", .expectationFailed, method: .POST)
        expectRejected(head + "Host: a\r\nhost: a\r\n", .duplicateHost, method: .POST)
        expectRejected(head + "Content-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", .conflictingFraming, method: .POST)
        expectRejected("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .transferEncodingInHTTP10, method: .POST)
        expectRejected("HEAD / HTTP/1.1\r\nX: \u{7f}\r\n", .malformedHeader, method: .HEAD)
        let messages = expectAccepted(head + "Expect: 100-Continue\r\nX-Empty:\r\nX-Tab:\tv \t\r\nContent-Length: 0\r\n\r\n")
        #expect(messages.first.map(fields) == ["Expect=100-Continue", "X-Empty=", "X-Tab=v", "Content-Length=0"])
    }

    /// The verdict on a stream given as bytes (any byte, not only UTF-8), whole.
    private func verdict(_ bytes: [UInt8]) -> StreamRejection? {
        run(bytes, pieceSize: bytes.count).rejection
    }

    /// Every byte value in a target long enough for the word-at-a-time check (at positions in
    /// its words and its tail), in a header name and in a header value: the verdicts follow
    /// the byte rules (visible ASCII in targets, tchar in names, VCHAR, obs-text, space and
    /// tab in values). LF, CR and the colon end or split lines and are covered above.
    @Test func everyByteIsJudgedByItsRule() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in UInt8.min...UInt8.max where byte != 0x0A && byte != 0x0D {
            for position in [1, 6, 7, 8, 15, 16, 21] {
                var target = Array("/abcdefghijklmnopqrstu".utf8)
                target[position] = byte
                let printable = byte > 0x20 && byte < 0x7F
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

    /// Lines end in CRLF; a CR anywhere else is refused.
    @Test func aStrayCarriageReturnIsRefused() {
        expectRejected("GET / HTTP/1.1\r\nX-Name: abc\rdefghijklmnop\r\n\r\n", .malformedHeader, method: .GET)
        expectRejected("GET / HTTP/1.1\r\nX-Na\rme: v\r\n\r\n", .malformedHeader, method: .GET)
        expectRejected("GET / HTTP/1.1\r\nX-Name: v\r\r\n\r\n", .malformedHeader, method: .GET)
        expectRejected("GET / HTTP/1.1\r\n\r\r\n", .malformedHeader, method: .GET)
        expectRejected("GET /a\rb HTTP/1.1\r\n\r\n", .malformedRequestLine, method: .GET)
        expectRejected("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\n", .malformedChunk, method: .POST)
    }

    @Test func trailersAreCheckedLikeHeaders() {
        let body = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        expectRejected(body + "nocolon\r\n", .malformedHeader, method: .POST)
        expectRejected(body + "X: a\n", .malformedHeader, method: .POST)
    }

    /// Found by the llhttp differential (docs/http1.md): leading zeros are digits of a valid
    /// Content-Length (RFC 9110 §8.6, 1*DIGIT), not a length over the limit.
    @Test func contentLengthLeadingZerosDoNotCountAgainstTheLimit() {
        let messages = expectAccepted("POST / HTTP/1.1\r\nContent-Length: 000000000000000000000002\r\n\r\nok")
        #expect(messages.first.map { text($0.body) } == "ok")
        expectAccepted("POST / HTTP/1.1\r\nContent-Length: 0000000000000000000000\r\n\r\n")
        expectRejected("POST / HTTP/1.1\r\nContent-Length: 00000000000000000101\r\n\r\n", .payloadTooLarge, method: .POST)
    }

    /// Found by the llhttp differential: a trailing HTAB after a framing field's value is
    /// kept, so the value is refused, as llhttp refuses it (a trailing space is dropped).
    @Test func aTrailingTabInAFramingFieldIsRefused() {
        let head = "POST / HTTP/1.1\r\n"
        expectRejected(head + "Content-Length: 2\t\r\n\r\nok", .invalidContentLength, method: .POST)
        expectRejected(head + "Content-Length:\t2 \t \r\n\r\nok", .invalidContentLength, method: .POST)
        expectRejected(head + "Transfer-Encoding: chunked\t\r\n\r\n0\r\n\r\n", .unsupportedTransferEncoding, method: .POST)
        let messages = expectAccepted(
            head + "Content-Length:\t2  \r\nX: a\t\r\n\r\nok"
                + head + "Transfer-Encoding: \tchunked \r\n\r\n0\r\n\r\n")
        #expect(messages.map { fields($0) } == [["Content-Length=2", "X=a"], ["Transfer-Encoding=chunked"]])
    }

    /// Found by the llhttp differential: a framing field is no trailer (RFC 9110 §6.5.1);
    /// llhttp refuses both, and a reader that merged trailers would frame differently.
    @Test func framingFieldsAreRefusedAsTrailers() {
        let body = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n"
        expectRejected(body + "Content-Length: 5\r\n\r\n", .malformedChunk, method: .POST)
        expectRejected(body + "X: 1\r\ntransfer-encoding: chunked\r\n\r\n", .malformedChunk, method: .POST)
        expectAccepted(body + "Content-Lengths: 5\r\nX-Content-Length: 5\r\n\r\n")
    }

    /// Found by the llhttp differential: an absolute-form target's authority is RFC 3986
    /// §3.2 bytes with at most one "@", and no fragment follows it (an absolute-URI has none).
    @Test func absoluteFormAuthoritiesAreChecked() {
        for target in [
            "http://h#f", "http://h{}/x", "http://h\"/", "http://a@@b/", "http://a@b@c/", "http://h\\/x",
            "https://h^/", "http://h|/", "http://h`/", "http://h</"
        ] {
            expectRejected("GET \(target) HTTP/1.1\r\n\r\n", .invalidTarget, method: .GET)
        }
        let messages = expectAccepted(
            "GET http://u:p@h:8/x HTTP/1.1\r\n\r\nGET http://[::1]:8?q HTTP/1.1\r\n\r\n"
                + "GET http://h%41!$&'()*+,;=-._~/x#f HTTP/1.1\r\n\r\n")
        #expect(messages.map { text($0.routingTarget) } == ["/x", "/?q", "/x#f"])
    }

    @Test func aBadRequestAfterGoodOnesIsRefusedAtItsOwnStart() {
        let good = "POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\nok" + "GET / HTTP/1.1\r\n\r\n"
        expectRejected(good + "GET / HTTP/9.9\r\n", .unsupportedVersion, at: good.utf8.count, method: .GET)
    }

    @Test func deadlinesRefuseOnlyWhereTheyApply() {
        var parser = RequestParser(limits: Self.limits)
        #expect(parser.expireBody() == nil)
        _ = Array("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nab".utf8).withUnsafeBytes { parser.consume($0) }
        #expect(parser.expireHead() == nil)
        #expect(parser.expireBody() == StreamRejection(reason: .bodyTimeout, offset: 0, method: .POST))
        var idle = RequestParser(limits: Self.limits)
        #expect(idle.expireHead() == StreamRejection(reason: .headTimeout, offset: 0, method: nil))
    }
}
