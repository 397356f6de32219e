import CLibevent
import Glibc

struct ClientError: Error, CustomStringConvertible {
    let description: String
}

/// A parsed HTTP/1.1 response as the raw client read it.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first(where: { $0.name.lowercased() == name.lowercased() })?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// `error.code` of the API's error shape, found without a JSON parser (the test target
    /// stays Foundation-free like the module it tests).
    var errorCode: String? {
        guard let range = text.firstRange(of: #"{"error":{"code":""#) else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// A blocking HTTP/1.1 client on a plain socket, so tests can send anything: malformed
/// requests, HEAD, pipelined requests, a Content-Length without its body. Every read has a
/// generous timeout so a server bug fails the test instead of hanging it.
final class RawHTTPClient {
    let fd: Int32
    private var pending: [UInt8] = []

    /// - Parameter receiveBufferBytes: a fixed receive buffer (SO_RCVBUF, set before
    ///   connecting, which turns off the kernel's autotuning): how much a client that does
    ///   not read can take in.
    /// - Parameter sourceHost: the last byte of the loopback address to connect from
    ///   (127.0.0.`sourceHost`): another client, as the server tells clients apart.
    init(port: Int, timeoutSeconds: Int = 10, receiveBufferBytes: Int32? = nil, sourceHost: UInt8? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: \(errno)") }
        if let sourceHost {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = (UInt32(0x7F00_0000) | UInt32(sourceHost)).bigEndian
            let bound = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw ClientError(description: "bind 127.0.0.\(sourceHost): \(errno)")
            }
        }
        if var bytes = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw ClientError(description: "connect: \(String(cString: strerror(code)))")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ClientError(description: "send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Half-closes: the server reads EOF, the client can still read.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// One request, one response.
    func request(_ text: String, isHead: Bool = false) throws -> RawResponse {
        try send(text)
        return try readResponse(isHead: isHead)
    }

    /// Reads one response: status line, headers, then a body framed by Content-Length or
    /// chunked encoding (none for HEAD, 1xx, 204, 304).
    func readResponse(isHead: Bool = false) throws -> RawResponse {
        let head = try readUntil(Array("\r\n\r\n".utf8))
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw ClientError(description: "bad status line: \(lines[0])")
        }
        var response = RawResponse(status: status, headers: [], body: [])
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError(description: "bad header: \(line)") }
            response.headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces()))
        }
        if isHead || status < 200 || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            throw ClientError(description: "unexpected chunked response")
        }
        guard let lengthText = response.header("Content-Length"), let length = Int(lengthText) else {
            response.body = try readToEnd()
            return response
        }
        response.body = try readExactly(length)
        return response
    }

    /// Everything until the server closes the connection.
    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { pending = [] }
        return pending
    }

    /// True when no byte waits to be read (nothing buffered here, nothing on the socket).
    func hasNothingToRead() -> Bool {
        guard pending.isEmpty else { return false }
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) == 0
    }

    /// True when the server has closed the connection (after any buffered bytes).
    func isClosedByServer() throws -> Bool {
        if !pending.isEmpty { return false }
        return try !fill()
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while pending.count < count {
            guard try fill() else { throw ClientError(description: "connection closed mid-body") }
        }
        defer { pending.removeFirst(count) }
        return Array(pending[..<count])
    }

    private func readUntil(_ delimiter: [UInt8]) throws -> [UInt8] {
        while true {
            if let end = pending.firstRange(of: delimiter) {
                defer { pending.removeFirst(end.upperBound) }
                return Array(pending[..<end.upperBound])
            }
            guard try fill() else { throw ClientError(description: "connection closed before a response") }
        }
    }

    /// Reads more bytes; false on EOF.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if received > 0 {
            pending.append(contentsOf: chunk[..<received])
            return true
        }
        if received == 0 || errno == ECONNRESET { return false }
        throw ClientError(description: "recv: \(String(cString: strerror(errno)))")
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
