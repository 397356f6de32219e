import Testing
@testable import EventHTTP

/// Whose body share a request counts against behind trusted proxies: the rightmost
/// `X-Forwarded-For` address that is not a trusted proxy, the peer when the header says
/// nothing usable, and always the peer when the peer is not trusted.
@Suite struct ForwardedClientTests {
    static let proxies = TrustedProxies([AddressRange("10.0.0.0/8")!, AddressRange("::1")!])
    static let peer = ClientAddress(text: "10.0.0.1")!

    private func client(_ lines: [String], name: String = "X-Forwarded-For") -> String {
        let fields = HeaderBlock([("Host", "t")] + lines.map { (name, $0) })
        return Self.proxies.forwardedClient(in: fields, peer: Self.peer).description
    }

    @Test func theRightmostUntrustedAddressIsTheClient() {
        #expect(client(["203.0.113.7"]) == "203.0.113.7")
        // What the client wrote itself (198.51.100.1) is left of the first untrusted hop.
        #expect(client(["198.51.100.1, 203.0.113.7"]) == "203.0.113.7")
        #expect(client(["198.51.100.1, 203.0.113.7, 10.0.0.2, 10.0.0.3"]) == "203.0.113.7")
        #expect(client(["2001:db8::7, ::1"]) == "2001:db8::7")
        // An IPv4-mapped hop is the IPv4 proxy it names.
        #expect(client(["203.0.113.7, ::ffff:10.0.0.9"]) == "203.0.113.7")
        // Only trusted proxies: the farthest of them.
        #expect(client(["10.0.0.5, 10.0.0.2"]) == "10.0.0.5")
    }

    @Test func severalFieldsAreOneListInTheirOrder() {
        #expect(client(["203.0.113.7", "198.51.100.1"]) == "198.51.100.1")
        #expect(client(["198.51.100.1", "203.0.113.7, 10.0.0.2"]) == "203.0.113.7")
        #expect(client(["203.0.113.7", "10.0.0.2", "10.0.0.3"]) == "203.0.113.7")
        #expect(client(["203.0.113.7"], name: "x-FORWARDED-for") == "203.0.113.7")
    }

    @Test func portsAndBracketsAreNotPartOfTheClient() {
        #expect(client(["203.0.113.7:4711"]) == "203.0.113.7")
        #expect(client(["[2001:db8::1]:4711"]) == "2001:db8::1")
        #expect(client(["[2001:db8::1]"]) == "2001:db8::1")
        #expect(client(["  203.0.113.7\t"]) == "203.0.113.7")
        // Empty list elements are ignored (RFC 9110 §5.6.1).
        #expect(client([", ,203.0.113.7 ,"]) == "203.0.113.7")
    }

    @Test func nothingUsableMeansThePeer() {
        let peer = Self.peer.description
        #expect(client([]) == peer)
        #expect(client([""]) == peer)
        #expect(client([" , "]) == peer)
        for garbage in [
            "unknown", "203.0.113.7, garbage", "10.0.0.2, _hidden, 10.0.0.3", "203.0.113.7:", "203.0.113.7:123456",
            "[2001:db8::1", "[2001:db8::1]x", "2001:db8::1:80:", "203.0.113.7 198.51.100.1", "1.2.3.4.5"
        ] {
            #expect(client([garbage]) == peer, "\(garbage)")
        }
        // Garbage left of the client is never reached.
        #expect(client(["garbage, 203.0.113.7"]) == "203.0.113.7")
    }

    /// The header counts only from a trusted peer: anyone else could name another client
    /// and spend its share.
    @Test func onlyATrustedPeerNamesTheClient() {
        let budget = ByteBudget(capacity: 100)
        let fields = HeaderBlock([("X-Forwarded-For", "203.0.113.7")])
        let trusted = BodyAccount(budget: budget, peer: Self.peer, trustedProxies: Self.proxies)
        #expect(trusted.client(of: fields) == ClientAddress(text: "203.0.113.7"))
        #expect(trusted.client(of: HeaderBlock()) == Self.peer)
        let stranger = ClientAddress(text: "198.51.100.1")!
        let untrusted = BodyAccount(budget: budget, peer: stranger, trustedProxies: Self.proxies)
        #expect(untrusted.client(of: fields) == stranger)
        let noProxies = BodyAccount(budget: budget, peer: Self.peer)
        #expect(noProxies.client(of: fields) == Self.peer)
        // A socket without a peer address (a socket pair) has no share at all.
        #expect(BodyAccount(budget: budget, trustedProxies: Self.proxies).client(of: fields) == nil)
    }
}
