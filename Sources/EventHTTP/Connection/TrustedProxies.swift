/// The proxies whose word the server takes for who their clients are (`--trusted-proxy`).
///
/// Behind a proxy every connection comes from the proxy's address, so the per-client body
/// share would make all clients one. A proxy in this list names the client it forwards for
/// in `X-Forwarded-For`; a peer outside it cannot, or any client could spend another's share
/// by naming it.
public struct TrustedProxies: Sendable, Hashable, CustomStringConvertible {
    public var ranges: [AddressRange]

    public init(_ ranges: [AddressRange] = []) {
        self.ranges = ranges
    }

    public var isEmpty: Bool { ranges.isEmpty }

    func contains(_ address: ClientAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client a request that came through trusted proxy `peer` is counted against: the
    /// rightmost `X-Forwarded-For` address that is not itself a trusted proxy (each proxy
    /// appends the address it was reached from, so everything left of the first untrusted
    /// hop is the client's to forge), the fields taken in order as one list (RFC 9110 §5.3).
    /// `peer` when there is none, or when an entry met on the way is not an address.
    func forwardedClient(in fields: HeaderBlock, peer: ClientAddress) -> ClientAddress {
        var list: [UInt8] = []
        fields.forEachValue(named: "x-forwarded-for") { value in
            if !list.isEmpty { list.append(UInt8(ascii: ",")) }
            list.append(contentsOf: value)
        }
        return list.withUnsafeBytes { forwardedClient(inList: $0) } ?? peer
    }

    /// The same over the list's bytes; nil for an empty list or one whose entries, read from
    /// the right, reach one that is not an address. When every entry is a trusted proxy the
    /// leftmost is the farthest hop known, so it is the client.
    func forwardedClient(inList list: UnsafeRawBufferPointer) -> ClientAddress? {
        var leftmost: ClientAddress?
        var end = list.count
        while end >= 0 {
            var start = end
            while start > 0, list[start - 1] != UInt8(ascii: ",") { start -= 1 }
            let entry = ForwardedEntry.trimmed(UnsafeRawBufferPointer(rebasing: list[start..<end]))
            // RFC 9110 §5.6.1: empty list elements are to be ignored.
            if !entry.isEmpty {
                guard let address = ForwardedEntry.address(entry) else { return nil }
                if !contains(address) { return address }
                leftmost = address
            }
            end = start - 1
        }
        return leftmost
    }

    /// "none", or the blocks comma-separated, as the help and the start-up log line show them.
    public var description: String {
        ranges.isEmpty ? "none" : ranges.map(\.description).joined(separator: ",")
    }
}

/// One entry of an `X-Forwarded-For` list. The header has no standard: proxies write a bare
/// address (HAProxy, nginx), and some add a port (`1.2.3.4:5678`, `[2001:db8::1]:5678`), which
/// is not part of the client.
enum ForwardedEntry {
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0, end = bytes.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The address of a trimmed entry, nil when it is not one.
    static func address(_ entry: UnsafeRawBufferPointer) -> ClientAddress? {
        if entry.first == UInt8(ascii: "[") {
            guard let close = entry.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let after = UnsafeRawBufferPointer(rebasing: entry[(close + 1)...])
            guard after.isEmpty || isPort(after) else { return nil }
            return ClientAddress(text: UnsafeRawBufferPointer(rebasing: entry[1..<close]))
        }
        let colons = entry.lazy.filter { $0 == UInt8(ascii: ":") }.count
        // One colon: IPv4 and a port (an IPv6 address has at least two).
        if colons == 1, let colon = entry.firstIndex(of: UInt8(ascii: ":")) {
            guard isPort(UnsafeRawBufferPointer(rebasing: entry[colon...])) else { return nil }
            return ClientAddress(text: UnsafeRawBufferPointer(rebasing: entry[..<colon]))
        }
        return ClientAddress(text: entry)
    }

    /// ":" and one to five digits.
    private static func isPort(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.first == UInt8(ascii: ":") && (2...6).contains(bytes.count) && bytes.dropFirst().allSatisfy(isDigit)
    }
}
