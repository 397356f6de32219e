import Glibc

/// A client as the body shares count it: an IPv4 or IPv6 address, without a port (a client's
/// connections share one account). IPv4 addresses are kept IPv4-mapped (`::ffff:a.b.c.d`, RFC
/// 4291 §2.5.5.2), so a peer seen through a dual-stack socket and the same address written as
/// IPv4 are one client, and one 128-bit comparison serves both families.
struct ClientAddress: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// An IPv4 address given as a host-order number (127.0.0.1 is 0x7F00_0001).
    init(ipv4 value: UInt32) {
        self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(value))
    }

    /// The sixteen bytes of an IPv6 address, in network order.
    init(ipv6 bytes: UnsafeRawBufferPointer) {
        self.init(
            high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

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
            self.init(ipv4: UInt32(bigEndian: address))
        case AF_INET6:
            let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }.sin6_addr
            self = withUnsafeBytes(of: address) { ClientAddress(ipv6: $0) }
        default:
            return nil
        }
    }

    /// The longest address text inet_pton takes (an IPv6 address ending in IPv4 form).
    static let maxTextLength = 45

    /// An address written as text: dotted-quad IPv4 or RFC 4291 IPv6 (IPv4-mapped included),
    /// as inet_pton reads them (no leading zeros in IPv4, no zone index); nil for anything else.
    init?(text: UnsafeRawBufferPointer) {
        guard !text.isEmpty, text.count <= Self.maxTextLength else { return nil }
        let parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Self.maxTextLength + 1) { cString in
            for (index, byte) in text.enumerated() { cString[index] = CChar(bitPattern: byte) }
            cString[text.count] = 0
            return Self.parse(cString.baseAddress!)
        }
        guard let parsed else { return nil }
        self = parsed
    }

    init?(text: String) {
        var text = text
        guard let parsed = text.withUTF8({ ClientAddress(text: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    private static func parse(_ cString: UnsafePointer<CChar>) -> ClientAddress? {
        var v4 = in_addr()
        if inet_pton(AF_INET, cString, &v4) == 1 { return ClientAddress(ipv4: UInt32(bigEndian: v4.s_addr)) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, cString, &v6) == 1 { return withUnsafeBytes(of: v6) { ClientAddress(ipv6: $0) } }
        return nil
    }

    /// Whether this is an IPv4 address (kept IPv4-mapped).
    var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// The address with all but its first `bits` bits cleared (0...128).
    func masked(toPrefix bits: Int) -> ClientAddress {
        func mask(_ bits: Int) -> UInt64 { bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> UInt64(bits)) }
        return ClientAddress(high: high & mask(bits), low: low & mask(bits - 64))
    }
}

extension ClientAddress: CustomStringConvertible {
    /// Dotted-quad for IPv4, inet_ntop's IPv6 form otherwise.
    var description: String {
        if isIPv4 {
            let value = UInt32(truncatingIfNeeded: low)
            return [24, 16, 8, 0].map { String(value >> $0 & 0xFF) }.joined(separator: ".")
        }
        var bytes = in6_addr()
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
