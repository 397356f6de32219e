import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import LoopbackHTTP
import StorageTestSupport

/// A Redis Cluster of real `redis-server`s (Debian's 7.0) on loopback, made with
/// `redis-cli --cluster create`; every node is stopped when the harness is. Shared by the
/// storage tests (the router) and the HTTP tests (the `redis-cluster://` store).
public final class RedisClusterHarness: @unchecked Sendable {
    public let ports: [Int]
    private var processes: [Int: Process] = [:]
    public let directory: String

    /// `masters` masters with `replicasEach` replicas each; waits until `cluster_state:ok`.
    /// - Parameter nodeTimeoutMilliseconds: how long a master may be silent before its
    ///   replicas elect one of them in its place.
    public init(masters: Int, replicasEach: Int = 0, nodeTimeoutMilliseconds: Int = 2000, arguments: [String] = []) throws {
        directory = try temporaryDirectory()
        var ports: [Int] = []
        while ports.count < masters * (1 + replicasEach) {
            // The cluster bus listens at port + 10000: both must be free.
            ports.append(try LoopbackPort.free(alsoFreeAt: 10000))
        }
        self.ports = ports
        self.arguments =
            [
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--cluster-enabled", "yes",
                "--cluster-node-timeout", "\(nodeTimeoutMilliseconds)", "--dir", directory, "--daemonize", "no"
            ] + arguments
        for port in ports { try start(port) }
        let created = try Self.cli(
            ["--cluster", "create"] + ports.map { "127.0.0.1:\($0)" } + ["--cluster-replicas", "\(replicasEach)", "--cluster-yes"])
        guard created.contains("[OK] All 16384 slots covered") else { throw HarnessError("cluster create: \(created)") }
        for port in ports {
            var ok = false
            for _ in 0..<200 where !ok {
                ok = (try? Self.cli(["-p", "\(port)", "CLUSTER", "INFO"]))?.contains("cluster_state:ok") == true
                if !ok { usleep(50_000) }
            }
            guard ok else { throw HarnessError("node \(port) never saw cluster_state:ok") }
        }
    }

    private let arguments: [String]

    deinit { stop() }

    /// Starts (or restarts, with its node configuration file) the node on `port` and waits
    /// until it answers.
    /// - Parameter extra: arguments for this start only, after the harness's.
    public func start(_ port: Int, extra: [String] = []) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        // Each node's files its own (they share the directory): its node table, its append-only
        // directory and its snapshot.
        p.arguments =
            [
                "--port", "\(port)", "--cluster-config-file", "\(directory)/nodes-\(port).conf", "--appenddirname", "aof-\(port)",
                "--dbfilename", "dump-\(port).rdb", "--logfile", "\(directory)/redis-\(port).log"
            ] + arguments + extra
        try p.run()
        processes[port] = p
        var up = false
        for _ in 0..<100 where !up {
            up = LoopbackPort.redisAnswers(port)
            if !up { usleep(50_000) }
        }
        guard up else {
            // Its own log says why (a port taken, a configuration it refused).
            let log = (try? String(contentsOfFile: "\(directory)/redis-\(port).log", encoding: .utf8)) ?? ""
            let lastLines = log.split(separator: "\n").suffix(5).joined(separator: " | ")
            throw HarnessError("redis-server on \(port) did not start (running: \(p.isRunning)); its log ends: \(lastLines)")
        }
    }

    /// Starts a node that is not in the cluster yet, on a free port (with its bus port free),
    /// and answers its port: `--cluster add-node` makes it a master or a replica.
    public func addNode(extra: [String] = []) throws -> Int {
        let port = try LoopbackPort.free(alsoFreeAt: 10000)
        try start(port, extra: extra)
        return port
    }

    /// `kill -9` of the node on `port`.
    public func kill9(_ port: Int) {
        guard let p = processes.removeValue(forKey: port) else { return }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
    }

    /// SIGKILL: the nodes keep nothing worth flushing, and a test process may block SIGTERM
    /// in the children it starts with Foundation's Process (the signal mask is inherited).
    public func stop() {
        for p in processes.values where p.isRunning { kill(p.processIdentifier, SIGKILL) }
        for p in processes.values { p.waitUntilExit() }
        processes.removeAll()
    }

    /// Every node as `HOST:PORT,…`: the seeds of a `redis-cluster://` store.
    public var seeds: String { ports.map { "127.0.0.1:\($0)" }.joined(separator: ",") }

    /// The ports of the running nodes that say they are masters.
    public func masters() throws -> [Int] {
        try processes.keys.sorted().filter { try cli($0, "ROLE").hasPrefix("master") }
    }

    /// Waits until every running replica's link to its master is up (`master_link_status:up`),
    /// so a master's writes can be confirmed by one.
    public func awaitReplication(attempts: Int = 400) throws {
        for port in processes.keys {
            var ok = false
            for _ in 0..<attempts where !ok {
                let info = (try? cli(port, "INFO", "replication")) ?? ""
                ok = info.contains("role:master") || info.contains("master_link_status:up")
                if !ok { usleep(50_000) }
            }
            guard ok else { throw HarnessError("replica \(port) never linked to its master") }
        }
    }

    /// Waits until every running node reports `cluster_state:ok` (after a failover, say).
    public func awaitClusterOK(attempts: Int = 400) throws {
        for port in processes.keys {
            var ok = false
            for _ in 0..<attempts where !ok {
                ok = (try? Self.cli(["-p", "\(port)", "CLUSTER", "INFO"]))?.contains("cluster_state:ok") == true
                if !ok { usleep(50_000) }
            }
            guard ok else { throw HarnessError("node \(port) never saw cluster_state:ok") }
        }
    }

    /// `redis-cli ARGS…` on loopback, its output.
    @discardableResult
    public static func cli(_ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
        p.arguments = ["-h", "127.0.0.1"] + arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `redis-cli` on `port` reading one command a line from its input (a pipeline of any
    /// length in one process), its output.
    public func pipe(_ port: Int, _ commands: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
        p.arguments = ["-h", "127.0.0.1", "-p", "\(port)"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = output
        try p.run()
        let writer = input.fileHandleForWriting
        let text = Data((commands.joined(separator: "\n") + "\n").utf8)
        DispatchQueue.global().async {
            writer.write(text)
            try? writer.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    public func cli(_ port: Int, _ arguments: String...) throws -> String {
        try Self.cli(["-p", "\(port)"] + arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The node id of the node on `port`.
    public func nodeID(_ port: Int) throws -> String { try cli(port, "CLUSTER", "MYID") }

    /// The port of the master that serves `slot`, as the node on `ports[0]` sees it.
    public func owner(of slot: Int, askingPort: Int? = nil) throws -> Int {
        let nodes = try cli(askingPort ?? ports[0], "CLUSTER", "NODES").split(separator: "\n")
        for line in nodes {
            let f = line.split(separator: " ")
            guard f.count > 8, f[2].contains("master"), !f[2].contains("fail") else { continue }
            for range in f[8...] {
                let bounds = range.split(separator: "-").compactMap { Int($0) }
                if bounds.count == 2, (bounds[0]...bounds[1]).contains(slot) || bounds.count == 1 && bounds[0] == slot {
                    return Int(f[1].split(separator: ":")[1].split(separator: "@")[0])!
                }
                if bounds.count == 1, bounds[0] == slot { return Int(f[1].split(separator: ":")[1].split(separator: "@")[0])! }
            }
        }
        throw HarnessError("no master serves slot \(slot)")
    }

    public struct HarnessError: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }
}
