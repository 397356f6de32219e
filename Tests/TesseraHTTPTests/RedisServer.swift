import Foundation
import LoopbackHTTP
#if canImport(Glibc)
import Glibc
#endif

/// A real `redis-server` (Debian's) on a free loopback port, with its data in a directory the
/// test owns: append-only file fsynced on every write, so a stop and restart keeps the data.
final class RedisServer: @unchecked Sendable {
    private(set) var pid: pid_t = 0
    let port: Int
    let directory: String

    static var binaryPath: String { ProcessInfo.processInfo.environment["REDIS_SERVER"] ?? "/usr/bin/redis-server" }

    init(directory: String, port: Int? = nil) throws {
        self.directory = directory
        self.port = try port ?? RedisServer.freePort()
        try start()
    }

    /// Starts (or restarts) the server and waits until it answers PING.
    func start() throws {
        pid = try spawnQuietly(RedisServer.binaryPath, ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "",
                                                        "--appendonly", "yes", "--appendfsync", "always",
                                                        "--dir", directory, "--daemonize", "no"])
        for _ in 0..<200 {
            if RedisServer.ping(port) { return }
            usleep(50_000)
        }
        throw LoopbackHTTPClient.ClientError(description: "redis-server on port \(port) did not answer PING")
    }

    /// SIGTERM (Redis flushes its append-only file) and wait.
    func stop() {
        kill(pid, SIGTERM)
        _ = TesseraServer.wait(pid)
    }

    var url: String { "redis://127.0.0.1:\(port)" }

    /// A port nobody listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { throw LoopbackHTTPClient.ClientError(description: "no free port") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Whether a Redis answers `PING` on the port.
    static func ping(_ port: Int) -> Bool {
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
        guard connected else { return false }
        let ping = Array("PING\r\n".utf8)
        guard ping.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == ping.count else { return false }
        var reply = [UInt8](repeating: 0, count: 16)
        let n = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n >= 5 && String(decoding: reply[0..<5], as: UTF8.self) == "+PONG"
    }
}

/// Starts a program with its output discarded; it is killed if the test run exits first.
func spawnQuietly(_ path: String, _ arguments: [String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard rc == 0 else { throw LoopbackHTTPClient.ClientError(description: "posix_spawn \(path) failed: \(rc)") }
    SpawnedServers.add(pid)
    return pid
}

/// A fresh directory for one test's files.
func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
