#if canImport(Glibc)
    import Glibc
#endif

/// A minimal blocking HTTP/1.1 client over one keep-alive TCP connection to a loopback
/// server, for the HTTP tests and the benchmark. It sends exactly the bytes it is given, so
/// tests can also send malformed requests.
public final class LoopbackHTTPClient {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct ClientError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    /// Where `recv` writes heads and chunked bodies, reused (a fresh zeroed chunk per read
    /// cost the benchmark's 20 MB replies milliseconds of the time it reports for the server).
    private let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 18)
    public let port: Int

    public init(port: Int, timeoutSeconds: Int = 30) throws {
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            close(fd)
            throw ClientError(description: "connect to 127.0.0.1:\(port) failed (errno \(errno))")
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
        chunk.deallocate()
    }

    /// Sends raw bytes.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError(description: "send failed (errno \(errno))") }
            sent += n
        }
    }

    /// One request and its response on this connection.
    public func request(
        _ method: String, _ target: String, body: [UInt8]? = nil,
        headers: [(String, String)] = []
    ) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body {
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                head += "Content-Type: application/json\r\n"
            }
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try send(Array(head.utf8) + (body ?? []))
        return try readResponse(isHead: method == "HEAD")
    }

    public func request(_ method: String, _ target: String, json: String, headers: [(String, String)] = []) throws -> Response {
        try request(method, target, body: Array(json.utf8), headers: headers)
    }

    /// Reads one response (Content-Length or chunked; none for HEAD, 204 and 304).
    public func readResponse(isHead: Bool = false) throws -> Response {
        let headEnd = try readUntilHeadersEnd()
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw ClientError(description: "bad status line: \(headText)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmed))
        }
        var response = Response(status: status, headers: headers, body: [])
        if isHead || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            response.body = try readChunked()
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            if buffer.count >= length {
                response.body = Array(buffer[..<length])
                buffer.removeFirst(length)
            } else {
                response.body = try receiveBody(length)
            }
        }
        return response
    }

    /// Waits until the next response has begun to arrive, and keeps what came for
    /// `readResponse` (a test that must know a reply is under way but not read it yet).
    public func awaitFirstBytes() throws {
        if buffer.isEmpty { try readMore() }
    }

    private func readMore() throws {
        let n = recv(fd, chunk.baseAddress, chunk.count, 0)
        guard n > 0 else { throw ClientError(description: n == 0 ? "connection closed" : "recv failed (errno \(errno))") }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<n]))
    }

    /// A body of `length` bytes in its own array: what already arrived, then `recv` straight
    /// into the rest, never past it (a 20 MB reply is copied once, by the kernel).
    private func receiveBody(_ length: Int) throws -> [UInt8] {
        var failure: ClientError?
        let body = [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
            var n = buffer.count
            _ = UnsafeMutableBufferPointer(rebasing: out[..<n]).initialize(from: buffer)
            buffer.removeAll(keepingCapacity: true)
            while n < length {
                let received = recv(fd, out.baseAddress! + n, length - n, 0)
                guard received > 0 else {
                    failure = ClientError(description: received == 0 ? "connection closed" : "recv failed (errno \(errno))")
                    break
                }
                n += received
            }
            initialized = n
        }
        if let failure { throw failure }
        return body
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count { try readMore() }
    }

    private func readUntilHeadersEnd() throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= 4 {
                var i = searchFrom
                while i + 3 < buffer.count {
                    if buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 { return i }
                    i += 1
                }
                searchFrom = max(0, buffer.count - 3)
            }
            try readMore()
        }
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readLine()
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";")[0]
            buffer.removeFirst(lineEnd + 2)
            guard let size = Int(sizeText.trimmingCharacters(), radix: 16) else { throw ClientError(description: "bad chunk size") }
            if size == 0 {
                _ = try readLine()
                buffer.removeFirst(2)
                return body
            }
            try fill(size + 2)
            body.append(contentsOf: buffer[..<size])
            buffer.removeFirst(size + 2)
        }
    }

    private func readLine() throws -> Int {
        while true {
            if let i = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) { return i }
            try readMore()
        }
    }

    /// True when bytes of an answer (or the connection's end) wait to be read right now.
    public var hasSomethingToRead: Bool {
        guard buffer.isEmpty else { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0
    }

    /// True when the server has closed the connection (reads EOF within `timeoutMs`).
    public func isClosedByPeer(timeoutMs: Int32 = 2000) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, timeoutMs) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) == 0
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    func trimmingCharacters() -> String { String(self).trimmed }
}
