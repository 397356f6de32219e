import Testing
@testable import EventHTTP

/// `--trusted-proxy` blocks: CIDR text read as RFC 4632 and RFC 4291 write it, matched bit by
/// bit. The expectations are worked by hand from the addresses' bits.
@Suite struct AddressRangeTests {
    private func address(_ text: String) -> ClientAddress {
        guard let address = ClientAddress(text: text) else { fatalError("not an address: \(text)") }
        return address
    }

    private func range(_ text: String) -> AddressRange {
        guard let range = AddressRange(text) else { fatalError("not a block: \(text)") }
        return range
    }

    @Test func addressesAreReadAsInetPtonReadsThem() {
        #expect(address("127.0.0.1") == ClientAddress(ipv4: 0x7F00_0001))
        #expect(address("127.0.0.1") == ClientAddress(high: 0, low: 0xFFFF_7F00_0001))
        #expect(address("::1") == ClientAddress(high: 0, low: 1))
        #expect(address("2001:db8::1") == ClientAddress(high: 0x2001_0DB8_0000_0000, low: 1))
        // An IPv4-mapped IPv6 address is the IPv4 address (a dual-stack socket's peer).
        #expect(address("::ffff:192.0.2.1") == address("192.0.2.1"))
        #expect(address("::FFFF:c000:0201") == address("192.0.2.1"))
        for text in ["", "1.2.3", "1.2.3.4.5", "256.0.0.1", "010.0.0.1", " 1.2.3.4", "1.2.3.4 ", "fe80::1%eth0", "::1::", "host", "1.2.3.4:80"] {
            #expect(ClientAddress(text: text) == nil, "\(text)")
        }
        #expect(address("10.20.30.40").description == "10.20.30.40")
        #expect(address("2001:0db8:0000::0001").description == "2001:db8::1")
        #expect(address("::1").description == "::1")
    }

    @Test func ipv4Blocks() {
        let ten = range("10.0.0.0/8")
        #expect(ten.contains(address("10.0.0.0")) && ten.contains(address("10.255.255.255")))
        #expect(!ten.contains(address("11.0.0.0")) && !ten.contains(address("9.255.255.255")))
        // 172.16.0.0/12: the first 12 bits are 1010 1100 0001, so 172.16 to 172.31.
        let private172 = range("172.16.0.0/12")
        #expect(private172.contains(address("172.31.255.255")))
        #expect(!private172.contains(address("172.32.0.1")) && !private172.contains(address("172.15.0.1")))
        let subnet = range("192.168.1.0/24")
        #expect(subnet.contains(address("192.168.1.77")) && !subnet.contains(address("192.168.2.1")))
        // /31 (RFC 3021): two addresses, .4 and .5.
        let pair = range("198.51.100.4/31")
        #expect(pair.contains(address("198.51.100.5")) && !pair.contains(address("198.51.100.6")))
        // A bare address is the block of itself.
        let one = range("127.0.0.1")
        #expect(one.contains(address("127.0.0.1")) && !one.contains(address("127.0.0.2")))
        #expect(one.description == "127.0.0.1/32")
        // Host bits are cleared, as most tools read them.
        #expect(range("10.1.2.3/8") == ten && range("10.1.2.3/8").description == "10.0.0.0/8")
        // Every IPv4 address, and no IPv6 one.
        let allIPv4 = range("0.0.0.0/0")
        #expect(allIPv4.contains(address("203.0.113.9")) && !allIPv4.contains(address("::1")))
        #expect(allIPv4.description == "0.0.0.0/0")
    }

    @Test func ipv6Blocks() {
        let documentation = range("2001:db8::/32")
        #expect(documentation.contains(address("2001:db8:ffff:ffff::1")))
        #expect(!documentation.contains(address("2001:db9::1")))
        #expect(documentation.description == "2001:db8::/32")
        // fe80::/10: 1111 1110 10, so fe80 to febf.
        let linkLocal = range("fe80::/10")
        #expect(linkLocal.contains(address("febf::1")) && !linkLocal.contains(address("fec0::1")))
        // The /64 boundary lies between the two halves of the address.
        let lan = range("2001:db8:1:2::/64")
        #expect(lan.contains(address("2001:db8:1:2:ffff:ffff:ffff:ffff")) && !lan.contains(address("2001:db8:1:3::")))
        let loopback = range("::1")
        #expect(loopback.contains(address("::1")) && !loopback.contains(address("::2")))
        #expect(loopback == range("::1/128") && loopback.description == "::1/128")
        // ::/0 holds the IPv4-mapped block, and so every IPv4 address.
        #expect(range("::/0").contains(address("192.0.2.1")))
    }

    @Test func ipv4MappedBlocksAreTheIPv4Blocks() {
        #expect(range("::ffff:10.0.0.0/104") == range("10.0.0.0/8"))
        #expect(range("::ffff:10.0.0.0/104").description == "10.0.0.0/8")
        #expect(range("10.0.0.0/8").contains(address("::ffff:10.9.8.7")))
        #expect(range("::ffff:0:0/96").contains(address("198.51.100.1")))
        #expect(!range("::ffff:0:0/96").contains(address("::1")))
    }

    @Test func whatIsNotABlockIsRefused() {
        let invalid = [
            "", "/8", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8/8", "10.0.0.0/ 8",
            "10.0.0.0/1000", "10.0.0/8", "::1/129", "::ffff:10.0.0.0/129", "fe80::/1O", "localhost", "*"
        ]
        for text in invalid { #expect(AddressRange(text) == nil, "\(text)") }
    }

    @Test func trustedProxiesSayNoneOrTheirBlocks() {
        #expect(TrustedProxies().description == "none")
        #expect(TrustedProxies([range("10.0.0.0/8"), range("::1")]).description == "10.0.0.0/8,::1/128")
    }
}
