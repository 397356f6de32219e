/// A block of addresses in CIDR notation (RFC 4632 §3.1, RFC 4291 §2.3): `10.0.0.0/8`,
/// `fd00::/8`, or a bare address, which is the block of itself (/32 or /128). An IPv4 block
/// is kept as the IPv4-mapped block that holds it (`10.0.0.0/8` is `::ffff:10.0.0.0/104`), so
/// it also holds the IPv4 peers a dual-stack socket reports as mapped IPv6 addresses.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the block: host bits are cleared, so `10.1.2.3/8` is `10.0.0.0/8`,
    /// as most tools read it.
    let network: ClientAddress
    /// Leading bits every address of the block shares, of the 128 (IPv4-mapped for IPv4).
    let prefixLength: Int

    /// nil unless `text` is an address, or an address, "/" and a prefix length in decimal
    /// digits (at most 32 after an IPv4 address, 128 after an IPv6 one).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = ClientAddress(text: String(parts[0])) else { return nil }
        let width = address.isIPv4 && !parts[0].contains(":") ? 32 : 128
        var bits = width
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits),
                value <= width
            else { return nil }
            bits = value
        }
        prefixLength = bits + (128 - width)
        network = address.masked(toPrefix: prefixLength)
    }

    func contains(_ address: ClientAddress) -> Bool {
        address.masked(toPrefix: prefixLength) == network
    }

    /// IPv4 blocks as written for IPv4 (`10.0.0.0/8`), the others in IPv6 form.
    public var description: String {
        network.isIPv4 && prefixLength >= 96 ? "\(network)/\(prefixLength - 96)" : "\(network)/\(prefixLength)"
    }
}
