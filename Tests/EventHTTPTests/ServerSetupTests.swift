import TesseraSupport
import CLibevent
import Glibc
import Testing
@testable import EventHTTP

/// Sockets, loops and the tuning that ARCHITECTURE.md measured.
@Suite struct ServerSetupTests {
    private func configuration(port: Int, loops: Int = 1) -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.port = port
        configuration.eventLoops = loops
        configuration.workerThreads = 1
        return configuration
    }

    /// A plain listening socket on an ephemeral port, as another program would hold it.
    private func occupyPort() throws -> (fd: Int32, port: Int) {
        let address = try ListeningSocket.resolve(host: "127.0.0.1", port: 0)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var storage = address.storage
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.length) }
        }
        #expect(bound == 0)
        #expect(listen(fd, 4) == 0)
        return (fd, ListeningSocket.localPort(fd))
    }

    @Test func aPortInUseIsAClearError() throws {
        let (fd, port) = try occupyPort()
        defer { close(fd) }
        let server = HTTPServer(configuration: configuration(port: port), router: Router())
        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: port)) { try server.start() }
        #expect(HTTPServerError.addressInUse(host: "127.0.0.1", port: port).description.contains("already in use"))
    }

    @Test func aSecondServerCannotSilentlyShareThePort() throws {
        // SO_REUSEPORT alone would let it bind and take half the connections.
        try withServer(router: TestRoutes.standard(), loops: 2) { _, port in
            let second = HTTPServer(configuration: configuration(port: port), router: Router())
            #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: port)) { try second.start() }
        }
    }

    @Test func startingTwiceIsAnError() throws {
        try withServer(router: Router()) { server, _ in
            #expect(throws: HTTPServerError.self) { try server.start() }
        }
    }

    @Test func connectionsAreSpreadOverTheLoops() throws {
        var router = Router()
        router.add(.GET, "/thread") { _ in .text(200, String(UInt(bitPattern: Int(bitPattern: pthread_self())))) }
        try withServer(router: router, loops: 2) { server, port in
            #expect(server.loops.count == 2)
            var threads: Set<String> = []
            // 32 connections all hashed to one of two sockets: probability 2^-31.
            for _ in 0..<32 {
                let client = try RawHTTPClient(port: port)
                threads.insert(try client.request("GET /thread HTTP/1.1\r\n\r\n").text)
            }
            #expect(threads.count == 2)
        }
    }

    @Test func acceptedSocketsInheritTCPNoDelay() throws {
        let address = try ListeningSocket.resolve(host: "127.0.0.1", port: 0)
        let listener = try ListeningSocket.open(address, port: 0, backlog: 4, host: "127.0.0.1")
        defer { close(listener) }
        let client = try RawHTTPClient(port: ListeningSocket.localPort(listener))
        var accepted: Int32 = -1
        for _ in 0..<1000 where accepted < 0 { // the listener is non-blocking
            accepted = accept(listener, nil, nil)
            if accepted < 0 { usleep(2_000) }
        }
        defer { close(accepted) }
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        #expect(getsockopt(accepted, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length) == 0)
        #expect(value == 1)
        _ = client
    }

    @Test func aClientLeavingMidReplyDoesNotKillTheProcess() throws {
        var router = Router()
        router.add(.GET, "/big") { _ in .json(200, [UInt8](repeating: 0x20, count: 8 << 20)) }
        try withServer(router: router) { server, port in
            var action = sigaction()
            sigaction(SIGPIPE, nil, &action)
            let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
            #expect(handler == unsafeBitCast(SIG_IGN, to: Int.self))
            for _ in 0..<4 {
                let leaver = try RawHTTPClient(port: port)
                // SO_LINGER 0: close with RST, so the server's next write fails (EPIPE/ECONNRESET).
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(leaver.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                try leaver.send("GET /big HTTP/1.1\r\n\r\n")
            }
            let client = try RawHTTPClient(port: port)
            #expect(try client.request("GET /big HTTP/1.1\r\n\r\n").body.count == 8 << 20)
            #expect(waitUntil { liveConnectionStates(server) == 1 })
        }
    }

    @Test func connectionStateIsReleasedWhenClientsLeave() throws {
        try withServer(router: TestRoutes.standard()) { server, port in
            do {
                let talkers = try (0..<8).map { _ in try RawHTTPClient(port: port) }
                for client in talkers { #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200) }
                let silent = try (0..<3).map { _ in try RawHTTPClient(port: port) }
                let partial = try RawHTTPClient(port: port)
                try partial.send("GET /text HTTP/1.1\r\nHos")
                #expect(liveConnectionStates(server) > 0)
                _ = silent
            }
            // Each loop notices the closes on its own thread.
            #expect(waitUntil { liveConnectionStates(server) == 0 })
        }
    }

    @Test func theReplysContentTypeBytesAreTheJSONContentType() {
        #expect(String(decoding: Reply.jsonContentTypeBytes, as: UTF8.self) == Reply.jsonContentType)
        #expect(String(decoding: Reply.closeBytes, as: UTF8.self) == "close")
    }

    @Test func libeventCoreIsLoadedOnlyOnce() throws {
        // ARCHITECTURE.md: link event_core/event_extra, never plain `event`,
        // which would load libevent's core a second time (Package.swift's pkgConfig must
        // name libevent_core, not libevent).
        let maps = try #require(readFile("/proc/self/maps"))
        #expect(maps.contains("libevent_core-2.1.so"))
        #expect(!maps.contains("/libevent-2.1.so"))
    }
}

/// Counts per-connection states on every loop, on the loops' own threads.
func liveConnectionStates(_ server: HTTPServer) -> Int {
    onEveryLoop(server) { $0.connections.count }
}

/// Counts refused connections still being drained before close.
func lingeringSockets(_ server: HTTPServer) -> Int {
    onEveryLoop(server) { $0.lingering.count }
}

func onEveryLoop(_ server: HTTPServer, _ count: @escaping @Sendable (EventLoop) -> Int) -> Int {
    final class Result: @unchecked Sendable { var value = 0 }
    return server.loops.reduce(0) { total, loop in
        let result = Result()
        let done = Gate()
        loop.post {
            result.value = count(loop)
            done.open()
        }
        done.wait()
        return total + result.value
    }
}

/// Polls a condition the loops reach asynchronously; the bound (5 s) only stops a hang.
func waitUntil(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
    for _ in 0..<(seconds * 200) {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

private func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}
