#if canImport(Glibc)
    import Glibc
#endif

/// Loopback ports for the servers that tests and the benchmark start themselves.
public enum LoopbackPort {
    /// A port nobody listens on right now (the kernel's pick for a socket bound to port 0).
    public static func free() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw LoopbackHTTPClient.ClientError(description: "no free loopback port") }
        return Int(UInt16(bigEndian: addr.sin_port))
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
