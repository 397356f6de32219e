#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// Loopback ports for the servers that tests and the benchmark start themselves.
public enum LoopbackPort {
    /// A port nobody listens on right now, below the kernel's ephemeral range, and never
    /// handed out before by this process.
    ///
    /// Not the kernel's pick for a socket bound to port 0: that port lies in the ephemeral
    /// range, which every outgoing connection draws its local port from. A Redis node killed
    /// and started again on its port (the failover tests) left the port free for seconds while
    /// the test's clients opened connections, and once one of them took it ("redis-server on
    /// 54729 did not start", CI). Below the range only a listener can hold a port.
    /// - Parameter alsoFreeAt: an offset whose port must be free and below the range too (a
    ///   Redis Cluster node's bus listens at port + 10000).
    public static func free(alsoFreeAt offset: Int = 0) throws -> Int {
        let ceiling = ephemeralLow - offset
        guard ceiling > lowest + 1 else { throw LoopbackHTTPClient.ClientError(description: "no room below the ephemeral range") }
        for _ in 0..<10_000 {
            let port = Int.random(in: lowest..<ceiling)
            guard canBind(port), offset == 0 || canBind(port + offset) else { continue }
            if given.withLock({ $0.insert(port).inserted && (offset == 0 || $0.insert(port + offset).inserted) }) { return port }
        }
        throw LoopbackHTTPClient.ClientError(description: "no free loopback port below \(ephemeralLow)")
    }

    /// The lowest port this hands out: above the well-known and most registered services.
    private static let lowest = 10_000

    /// Ports handed out by this process, so two tests running at once never share one.
    private static let given = Mutex<Set<Int>>([])

    /// The first port of the kernel's ephemeral range (Linux's default when unreadable).
    private static let ephemeralLow: Int = {
        let fd = open("/proc/sys/net/ipv4/ip_local_port_range", O_RDONLY)
        guard fd >= 0 else { return 32768 }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        let first = bytes.prefix(max(n, 0)).prefix { $0 >= 0x30 && $0 <= 0x39 }
        return Int(String(decoding: first, as: UTF8.self)) ?? 32768
    }()

    private static func canBind(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Whether a Redis answers `PING` on the port within a second.
    public static func redisAnswers(_ port: Int) -> Bool {
        redisCommand(port, "PING")?.hasPrefix("+PONG") == true
    }

    /// Sends one inline command to the Redis on `port` and returns the first bytes of its
    /// reply (`+OK`, `:3`, `-ERR …`), or nil when nothing answered within a second.
    public static func redisCommand(_ port: Int, _ command: String) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return nil }
        let line = Array("\(command)\r\n".utf8)
        guard line.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == line.count else { return nil }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            reply += chunk[0..<n]
            // A long reply (SENTINEL MASTER) may come in pieces: take what follows within 50 ms.
            var more = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&more, 1, 50) <= 0 { break }
        }
        return reply.isEmpty ? nil : String(decoding: reply, as: UTF8.self)
    }
}
