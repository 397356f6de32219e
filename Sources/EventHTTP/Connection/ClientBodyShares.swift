import Synchronization

/// Request body bytes each client holds, across every loop, within a per-client share of
/// the body budget: without it one client's uploads (four connections sending 64 MiB bodies)
/// could take the whole default budget and make every other client's upload a 503.
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

    /// Bytes `client` holds now.
    func held(by client: ClientAddress) -> Int { held.withLock { $0[client, default: 0] } }
}
