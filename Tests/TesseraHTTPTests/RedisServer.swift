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

    /// Replicates the master on this port (`--replicaof`), when set.
    let replicaOf: Int?

    /// More redis-server arguments (`--requirepass …`).
    let arguments: [String]

    init(directory: String, port: Int? = nil, replicaOf: Int? = nil, arguments: [String] = []) throws {
        self.directory = directory
        self.replicaOf = replicaOf
        self.arguments = arguments
        self.port = try port ?? LoopbackPort.free()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try start()
    }

    /// Starts (or restarts) the server and waits until it answers PING.
    func start() throws {
        let replication = replicaOf.map { ["--replicaof", "127.0.0.1", "\($0)"] } ?? []
        pid = try spawnQuietly(
            RedisServer.binaryPath,
            [
                "--port", "\(port)", "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "yes", "--appendfsync", "always",
                "--dir", directory, "--logfile", "/dev/null", "--daemonize", "no",
                // A replica's first sync starts at once (Redis 7 waits 5 s for others).
                "--repl-diskless-sync-delay", "0"
            ]
                + replication + arguments)
        for _ in 0..<200 {
            // A password-protected Redis answers PING with -NOAUTH: it is up all the same.
            if LoopbackPort.redisCommand(port, "PING").map({ $0.hasPrefix("+PONG") || $0.hasPrefix("-NOAUTH") }) == true { return }
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
}

/// Starts a program with its output discarded; it is killed if the test run exits first.
func spawnQuietly(_ path: String, _ arguments: [String]) throws -> pid_t {
    let (pid, output) = try TesseraServer.spawn(arguments, executable: path)
    close(output)
    return pid
}

/// A fresh directory for one test's files.
func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
