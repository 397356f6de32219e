/// Where one connection's request bodies are counted: the server's budget for bodies in
/// flight and, when the connection has a peer address, the share of the client each request
/// comes from. That client is the peer, unless the peer is a trusted proxy: then it is the
/// one the request's `X-Forwarded-For` names, so it is worked out request by request (one
/// proxy connection carries many clients' requests).
struct BodyAccount: Sendable {
    let budget: ByteBudget
    let shares: ClientBodyShares?
    let peer: ClientAddress?
    /// The trusted proxies, kept only when the peer is one of them (decided once, at accept).
    private let forwardedBy: TrustedProxies?

    init(
        budget: ByteBudget, shares: ClientBodyShares? = nil, peer: ClientAddress? = nil,
        trustedProxies: TrustedProxies = TrustedProxies()
    ) {
        self.budget = budget
        self.shares = shares
        self.peer = peer
        forwardedBy = peer.map(trustedProxies.contains) == true ? trustedProxies : nil
    }

    /// Whose share the body of a request with these fields counts against (nil: no share,
    /// as for a socket without a peer address).
    func client(of fields: HeaderBlock) -> ClientAddress? {
        guard let peer, let forwardedBy else { return peer }
        return forwardedBy.forwardedClient(in: fields, peer: peer)
    }

    /// Takes `bytes` from both; nil when they fit, else why not (nothing taken then).
    func tryReserve(_ bytes: Int, for client: ClientAddress?) -> RejectionReason? {
        guard bytes > 0 else { return nil }
        if let shares, let client, !shares.tryReserve(bytes, for: client) { return .clientShareSpent }
        guard budget.tryReserve(bytes) else {
            if let shares, let client { shares.release(bytes, for: client) }
            return .serverBusy
        }
        return nil
    }

    /// What `tryReserve` would answer now, taking nothing: a head that asks before sending
    /// its body (`Expect: 100-continue`) is not invited to send one that would be refused.
    func refusal(ifAdding bytes: Int, for client: ClientAddress?) -> RejectionReason? {
        if let shares, let client, bytes > shares.capacity - shares.held(by: client) { return .clientShareSpent }
        return bytes > budget.capacity - budget.inUse ? .serverBusy : nil
    }

    func release(_ bytes: Int, for client: ClientAddress?) {
        guard bytes > 0 else { return }
        budget.release(bytes)
        if let shares, let client { shares.release(bytes, for: client) }
    }
}
