import CLibevent
import Glibc

/// The listening sockets: one per event loop, all bound to the same address with
/// SO_REUSEPORT so the kernel spreads connections evenly across the loops.
enum ListeningSocket {
    struct Address {
        var storage = sockaddr_storage()
        var length: socklen_t = 0
        var family: Int32 { Int32(storage.ss_family) }
    }

    static func resolve(host: String, port: Int) throws(HTTPServerError) -> Address {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .cannotResolve(host: host)
        }
        defer { freeaddrinfo(list) }
        var address = Address()
        address.length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &address.storage) { storage in
            storage.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        }
        return address
    }

    /// One listening socket per loop, all on the same port; returns them and the port.
    ///
    /// A fixed port is first bound by a probe socket WITHOUT SO_REUSEPORT: SO_REUSEPORT lets
    /// another process of the same user bind the port silently and take part of the
    /// connections, and the probe turns that into a clear "address in use". Port 0 needs
    /// no probe: the first socket binds port 0 itself (Linux never hands an ephemeral bind a
    /// port a reuseport group holds), and the others join its port. A probe there would
    /// leave a window in which the port it found is free for anyone's bind(0).
    static func openGroup(
        _ address: Address, port: Int, count: Int, backlog: Int,
        host: String
    ) throws(HTTPServerError) -> (sockets: [Int32], port: Int) {
        var port = port
        if port != 0 {
            let probe = try makeSocket(address, reusePort: false, host: host, port: port)
            close(probe)
        }
        var sockets: [Int32] = []
        do throws(HTTPServerError) {
            for _ in 0..<max(1, count) {
                let socket = try open(address, port: port, backlog: backlog, host: host)
                sockets.append(socket)
                port = localPort(socket)
            }
        } catch {
            sockets.forEach { close($0) }
            throw error
        }
        return (sockets, port)
    }

    /// A non-blocking listening socket with SO_REUSEPORT and TCP_NODELAY; Linux copies
    /// TCP_NODELAY to every accepted socket, so small replies are not held back by Nagle.
    static func open(_ address: Address, port: Int, backlog: Int, host: String) throws(HTTPServerError) -> Int32 {
        let fd = try makeSocket(address, reusePort: true, host: host, port: port)
        var one: Int32 = 1
        guard setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0,
            listen(fd, Int32(backlog)) == 0
        else {
            let code = errno
            close(fd)
            throw code == EADDRINUSE ? .addressInUse(host: host, port: port) : .socket(operation: "listen", errno: code)
        }
        return fd
    }

    static func localPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return withUnsafeBytes(of: &storage) { raw in
            // sin_port and sin6_port sit at the same offset, in network byte order.
            Int(UInt16(bigEndian: raw.load(fromByteOffset: 2, as: UInt16.self)))
        }
    }

    private static func setPort(_ address: inout Address, _ port: Int) {
        withUnsafeMutableBytes(of: &address.storage) { raw in
            raw.storeBytes(of: UInt16(port).bigEndian, toByteOffset: 2, as: UInt16.self)
        }
    }

    private static func makeSocket(
        _ address: Address, reusePort: Bool, host: String,
        port: Int
    ) throws(HTTPServerError) -> Int32 {
        var address = address
        setPort(&address, port)
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(operation: "socket", errno: errno) }
        var one: Int32 = 1
        // SO_REUSEADDR: restart at once even with connections of a previous run in TIME_WAIT.
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if reusePort {
            setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = address.storage
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.length) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw code == EADDRINUSE ? .addressInUse(host: host, port: port) : .socket(operation: "bind", errno: code)
        }
        return fd
    }
}
