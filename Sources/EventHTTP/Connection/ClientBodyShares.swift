import Glibc
import Synchronization

/// A client as the body share counts it: its peer address (IPv4 or IPv6; the port is not
/// part of it, so a client's connections share one account).
struct ClientAddress: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// The peer of socket `descriptor`; nil when it has none (a socket pair in tests).
    init?(peerOf descriptor: Int32) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) == 0 }
        }
        guard found else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }.sin_addr.s_addr
            self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(UInt32(bigEndian: address)))
        case AF_INET6:
            let bytes = withUnsafeBytes(of: storage) { raw in
                withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
            }
            self.init(
                high: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) },
                low: bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) })
        default:
            return nil
        }
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// Request body bytes each client holds, across every loop, within a per-client share of
/// the body budget: without it four connections of one client declaring 64 MiB bodies held
/// the whole default budget and every other client's upload was a 503.
final class ClientBodyShares: Sendable {
    let capacity: Int
    private let held = Mutex<[ClientAddress: Int]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes `bytes` of `client`'s share if they fit; false (and nothing taken) otherwise.
    func tryReserve(_ bytes: Int, for client: ClientAddress) -> Bool {
        held.withLock { held in
            let current = held[client, default: 0]
            guard bytes <= capacity - current else { return false }
            held[client] = current + bytes
            return true
        }
    }

    func release(_ bytes: Int, for client: ClientAddress) {
        held.withLock { held in
            let left = held[client, default: 0] - bytes
            held[client] = left > 0 ? left : nil
        }
    }

    /// Bytes `client` holds now (tests).
    func held(by client: ClientAddress) -> Int { held.withLock { $0[client, default: 0] } }
}

/// Where one connection's request bodies are reserved: the server's budget for bodies in
/// flight and, when the connection has a peer address, its client's share of it.
struct BodyAccount: Sendable {
    let budget: ByteBudget
    let shares: ClientBodyShares?
    let client: ClientAddress?

    init(budget: ByteBudget, shares: ClientBodyShares? = nil, client: ClientAddress? = nil) {
        self.budget = budget
        self.shares = shares
        self.client = client
    }

    /// Takes `bytes` from both; nil when they fit, else why not (nothing taken then).
    func tryReserve(_ bytes: Int) -> RejectionReason? {
        guard bytes > 0 else { return nil }
        if let shares, let client, !shares.tryReserve(bytes, for: client) { return .clientShareSpent }
        guard budget.tryReserve(bytes) else {
            if let shares, let client { shares.release(bytes, for: client) }
            return .serverBusy
        }
        return nil
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        budget.release(bytes)
        if let shares, let client { shares.release(bytes, for: client) }
    }
}
