/// What a cluster node's error reply says about where a command belongs (the cluster
/// specification's "Redirection and resharding"), or about the cluster itself.
enum RedisClusterRedirection: Equatable, Sendable {
    /// `-MOVED slot host:port`: the slot lives on another node for good; the slot map is stale.
    case moved(slot: Int, to: RedisAddress)
    /// `-ASK slot host:port`: this one command, during a migration, goes to that node after
    /// `ASKING`; the slot map stays as it is.
    case ask(slot: Int, to: RedisAddress)
    /// `-TRYAGAIN`: a multi-key command met a slot in the middle of a migration; try again soon.
    case tryAgain
    /// `-CLUSTERDOWN`: the cluster cannot serve the slot now (a failover under way, slots
    /// uncovered): unavailable.
    case clusterDown

    /// The redirection an error reply names, or nil for any other error. `node` is the node
    /// that answered: a redirection with an empty host (a node that does not know how it is
    /// reached, `cluster-preferred-endpoint-type unknown-endpoint`) means that node's host.
    init?(error: String, from node: RedisAddress) {
        let words = error.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard let first = words.first else { return nil }
        switch first {
        case "TRYAGAIN": self = .tryAgain
        case "CLUSTERDOWN": self = .clusterDown
        case "MOVED", "ASK":
            guard words.count == 3, let slot = Int(words[1]), (0..<RedisClusterSlot.count).contains(slot),
                let address = Self.address(String(words[2]), default: node.host)
            else { return nil }
            self = first == "MOVED" ? .moved(slot: slot, to: address) : .ask(slot: slot, to: address)
        default: return nil
        }
    }

    /// `host:port`, `[v6]:port` or `:port`; the port after the last colon.
    static func address(_ text: String, default host: String) -> RedisAddress? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        var name = String(text[..<colon])
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        return RedisAddress(host: name.isEmpty ? host : name, port: port)
    }
}
