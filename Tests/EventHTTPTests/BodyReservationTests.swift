import Testing
@testable import EventHTTP

/// A body holds, against the server's budget and its client's share, the bytes it has
/// received: nothing for what its head only declares (issue 34). It holds them until its
/// request is answered or its connection closes; bytes that do not fit refuse the request
/// where they arrive, and what it held goes back.
@Suite struct BodyReservationTests {
    static let limits = RequestParser.Limits(maxTargetLength: 64, maxHeaderBytes: 256, maxBodyBytes: 100_000)
    static let alice = ClientAddress(text: "192.0.2.1")!
    static let bob = ClientAddress(text: "192.0.2.2")!

    /// A parser for a connection from `peer`, counting against `budget` and `shares`.
    private func makeParser(
        _ budget: ByteBudget, _ shares: ClientBodyShares? = nil, peer: ClientAddress? = alice,
        trusting proxies: TrustedProxies = TrustedProxies()
    ) -> RequestParser {
        RequestParser(limits: Self.limits, bodyAccount: BodyAccount(budget: budget, shares: shares, peer: peer, trustedProxies: proxies))
    }

    /// Feeds `text` whole (requests that complete are taken); the last outcome.
    @discardableResult
    private func feed(_ parser: inout RequestParser, _ text: String) -> RequestParser.Outcome {
        var bytes = Array(text.utf8)[...]
        while true {
            let (consumed, outcome) = bytes.withUnsafeBytes { parser.consume($0) }
            bytes = bytes.dropFirst(consumed)
            switch outcome {
            case .message:
                _ = parser.takeMessage()
                if bytes.isEmpty { return outcome }
            case .needMore, .rejected:
                return outcome
            }
        }
    }

    private func head(_ length: Int, _ fields: String = "") -> String {
        "POST / HTTP/1.1\r\n\(fields)Content-Length: \(length)\r\n\r\n"
    }

    @Test func aBodyHoldsWhatHasArrivedAndItsClientShareToo() {
        let budget = ByteBudget(capacity: 1000), shares = ClientBodyShares(capacity: 500)
        var parser = makeParser(budget, shares)
        #expect(feed(&parser, head(100)) == .needMore)
        #expect(budget.inUse == 0 && parser.currentReservation == 0)
        feed(&parser, String(repeating: "a", count: 10))
        #expect(budget.inUse == 10 && shares.held(by: Self.alice) == 10)
        feed(&parser, String(repeating: "a", count: 30))
        #expect(budget.inUse == 40 && shares.held(by: Self.alice) == 40)
        #expect(feed(&parser, String(repeating: "a", count: 60)) == .message)
        #expect(budget.inUse == 100 && shares.held(by: Self.alice) == 100)
        parser.releaseReservations(answered: 1)
        #expect(budget.inUse == 0 && shares.held(by: Self.alice) == 0)
    }

    @Test func aChunkedBodyHoldsWhatHasArrivedNotItsChunkSizes() {
        let budget = ByteBudget(capacity: 1000)
        var parser = makeParser(budget)
        feed(&parser, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n64\r\n")
        #expect(budget.inUse == 0)
        feed(&parser, "abcde")
        #expect(budget.inUse == 5)
        #expect(feed(&parser, String(repeating: "f", count: 95) + "\r\n3;x=y\r\nxyz\r\n0\r\nT: 1\r\n\r\n") == .message)
        #expect(budget.inUse == 103)
        parser.releaseReservations(answered: 1)
        #expect(budget.inUse == 0)
    }

    /// Four tricklers of one client declaring the largest body hold four bytes: the same
    /// client's small body still fits (it was refused while declared bytes were reserved).
    @Test func trickledBodiesDoNotSpendTheirClientsShare() {
        let budget = ByteBudget(capacity: 400_000), shares = ClientBodyShares(capacity: 100_000)
        var tricklers = (0..<4).map { _ in makeParser(budget, shares) }
        for index in tricklers.indices { #expect(feed(&tricklers[index], head(100_000) + "{") == .needMore) }
        #expect(budget.inUse == 4 && shares.held(by: Self.alice) == 4)
        var create = makeParser(budget, shares)
        #expect(feed(&create, head(200) + String(repeating: "c", count: 200)) == .message)
        #expect(shares.held(by: Self.alice) == 204)
        for index in tricklers.indices { tricklers[index].releaseAllReservations() }
        create.releaseAllReservations()
        #expect(budget.inUse == 0 && shares.held(by: Self.alice) == 0)
    }

    /// Requests read whole hold their bodies until answered, pipelined ones too; a close
    /// gives back everything, the body under way included.
    @Test func bodiesAreHeldUntilAnsweredOrClosed() {
        let budget = ByteBudget(capacity: 1000)
        var parser = makeParser(budget)
        #expect(feed(&parser, head(4) + "abcd" + head(5) + "ab") == .needMore)
        #expect(budget.inUse == 6)
        parser.releaseReservations(answered: 1)
        #expect(budget.inUse == 2)
        parser.releaseAllReservations()
        #expect(budget.inUse == 0)
    }

    /// Bytes past the budget or the share refuse their request where they arrive (the same
    /// 503 reasons a head got when declared bytes were reserved); what it held goes back.
    @Test func bytesThatDoNotFitRefuseTheRequest() {
        let budget = ByteBudget(capacity: 50), shares = ClientBodyShares(capacity: 30)
        var bob = makeParser(budget, shares, peer: Self.bob)
        feed(&bob, head(25) + String(repeating: "b", count: 25))
        var alice = makeParser(budget, shares)
        #expect(feed(&alice, head(30) + "12345") == .needMore)
        #expect(budget.inUse == 30)
        let refused = feed(&alice, "1234567890123456789012345")
        #expect(refused == .rejected(StreamRejection(reason: .serverBusy, offset: 0, method: .POST)))
        #expect(alice.phase == .rejected)
        #expect(budget.inUse == 25 && shares.held(by: Self.alice) == 0)
        // Bob's next body passes his share: refused with his share's reason.
        #expect(feed(&bob, head(10) + "1234") == .needMore)
        let spent = feed(&bob, "567890")
        #expect(spent == .rejected(StreamRejection(reason: .clientShareSpent, offset: head(25).utf8.count + 25, method: .POST)))
        #expect(budget.inUse == 25 && shares.held(by: Self.bob) == 25)
        bob.releaseAllReservations()
        #expect(budget.inUse == 0 && shares.held(by: Self.bob) == 0)
    }

    /// The body rate's refusal gives back what the slow body held.
    @Test func anExpiredBodyGivesBackWhatItHeld() {
        let budget = ByteBudget(capacity: 100)
        var parser = makeParser(budget)
        feed(&parser, head(50) + "12345")
        #expect(budget.inUse == 5)
        #expect(parser.expireBody()?.reason == .bodyTimeout)
        #expect(budget.inUse == 0)
    }

    /// A client that waits for 100 Continue is refused at once when its declared body would
    /// not fit now, rather than invited to send it; nothing is reserved either way.
    @Test func aBodyThatWouldNotFitIsNotInvited() {
        let budget = ByteBudget(capacity: 100)
        var holder = makeParser(budget)
        feed(&holder, head(60) + String(repeating: "h", count: 60))
        var tooLarge = makeParser(budget)
        let expect = "Expect: 100-continue\r\n"
        #expect(feed(&tooLarge, head(50, expect)) == .rejected(StreamRejection(reason: .serverBusy, offset: 0, method: .POST)))
        #expect(!tooLarge.continueDue)
        var fits = makeParser(budget)
        #expect(feed(&fits, head(40, expect)) == .needMore)
        #expect(fits.continueDue && budget.inUse == 60)
        // Without Expect the head is not refused: its bytes are counted as they come.
        var unasked = makeParser(budget)
        #expect(feed(&unasked, head(50)) == .needMore)
        #expect(budget.inUse == 60)
    }

    /// Through a trusted proxy, each request's body counts against the client its
    /// `X-Forwarded-For` names, pipelined requests of one connection each against its own.
    @Test func aProxysRequestsCountAgainstTheirOwnClients() {
        let budget = ByteBudget(capacity: 1000), shares = ClientBodyShares(capacity: 500)
        let proxy = ClientAddress(text: "10.0.0.1")!
        var parser = makeParser(budget, shares, peer: proxy, trusting: TrustedProxies([AddressRange("10.0.0.0/8")!]))
        let first = head(4, "X-Forwarded-For: 192.0.2.1\r\n") + "abcd"
        #expect(feed(&parser, first + head(5, "X-Forwarded-For: 192.0.2.2, 10.0.0.7\r\n") + "ab") == .needMore)
        #expect(shares.held(by: Self.alice) == 4 && shares.held(by: Self.bob) == 2 && shares.held(by: proxy) == 0)
        parser.releaseReservations(answered: 1)
        #expect(shares.held(by: Self.alice) == 0 && shares.held(by: Self.bob) == 2)
        parser.releaseAllReservations()
        #expect(shares.held(by: Self.bob) == 0 && budget.inUse == 0)
        // From a peer that is not trusted the header is ignored.
        var direct = makeParser(budget, shares, peer: Self.bob, trusting: TrustedProxies([AddressRange("10.0.0.0/8")!]))
        feed(&direct, head(3, "X-Forwarded-For: 192.0.2.1\r\n") + "xyz")
        #expect(shares.held(by: Self.bob) == 3 && shares.held(by: Self.alice) == 0)
        direct.releaseAllReservations()
    }
}
