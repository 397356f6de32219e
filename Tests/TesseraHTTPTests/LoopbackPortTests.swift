import Testing
#if canImport(Glibc)
    import Glibc
#endif
import LoopbackHTTP

/// The ports the tests start Redis nodes on: a node killed and started again must find its
/// port free, so none may come from the range outgoing connections draw their local ports from.
@Suite("Loopback ports for test servers")
struct LoopbackPortTests {
    /// The first port of the kernel's ephemeral range, read here on its own.
    private var ephemeralLow: Int {
        guard let file = fopen("/proc/sys/net/ipv4/ip_local_port_range", "r") else { return 32768 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, 64, file) != nil else { return 32768 }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Int(text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 32768
    }

    @Test func portsComeFromBelowTheEphemeralRangeAndNeverTwice() throws {
        var seen: Set<Int> = []
        for _ in 0..<200 {
            let port = try LoopbackPort.free()
            #expect(port >= 10_000 && port < ephemeralLow)
            #expect(seen.insert(port).inserted, "port \(port) handed out twice")
        }
    }

    @Test func aClusterNodesBusPortIsBelowTheRangeToo() throws {
        for _ in 0..<50 {
            let port = try LoopbackPort.free(alsoFreeAt: 10_000)
            #expect(port + 10_000 < ephemeralLow)
            // Neither may be handed out again, as a node's port or as anything's.
            let later = try LoopbackPort.free()
            #expect(later != port && later != port + 10_000)
        }
    }
}
