import Foundation
import LoopbackHTTP
#if canImport(Glibc)
    import Glibc
#endif

/// A Redis master, its replicas and three sentinels watching it as `tessera`, all Debian's
/// redis-server on loopback ports, data in a directory the test owns. Sentinels decide a
/// master is down after `downAfterMilliseconds` without an answer and promote a replica.
final class RedisSentinelCluster: @unchecked Sendable {
    static let masterName = "tessera"
    let directory: String
    let downAfterMilliseconds: Int
    let master: RedisServer
    let replicas: [RedisServer]
    private(set) var sentinelPorts: [Int] = []
    private var sentinelPids: [pid_t] = []

    init(replicas count: Int = 1, downAfterMilliseconds: Int = 1000) throws {
        let directory = try temporaryDirectory()
        self.directory = directory
        self.downAfterMilliseconds = downAfterMilliseconds
        let master = try RedisServer(directory: directory + "/master")
        self.master = master
        replicas = try (0..<count).map { try RedisServer(directory: directory + "/replica-\($0)", replicaOf: master.port) }
        for n in 0..<3 {
            let port = try LoopbackPort.free()
            let file = "\(directory)/sentinel-\(n).conf"
            try """
            port \(port)
            bind 127.0.0.1
            daemonize no
            logfile "\(directory)/sentinel-\(n).log"
            dir "\(directory)"
            sentinel monitor \(Self.masterName) 127.0.0.1 \(master.port) 2
            sentinel down-after-milliseconds \(Self.masterName) \(downAfterMilliseconds)
            sentinel failover-timeout \(Self.masterName) 4000
            sentinel parallel-syncs \(Self.masterName) 1

            """.write(toFile: file, atomically: true, encoding: .utf8)
            sentinelPids.append(try spawnQuietly(RedisServer.binaryPath, [file, "--sentinel"]))
            sentinelPorts.append(port)
        }
        // Every replica synchronised (`state=online` in the master's INFO), so WAIT can count it.
        var online = false
        for _ in 0..<300 where !online {
            let info = LoopbackPort.redisCommand(master.port, "INFO replication") ?? ""
            online = info.components(separatedBy: "state=online").count - 1 == replicas.count
            if !online { usleep(50_000) }
        }
        guard online else { throw LoopbackHTTPClient.ClientError(description: "the replicas never synchronised") }
        // A sentinel learns of the replica from the master's INFO (every 10 s at first) and
        // of the other sentinels through hello messages: wait until each knows both, or a
        // failover could not happen.
        for port in sentinelPorts {
            var ready = false
            for _ in 0..<300 where !ready {
                let info = LoopbackPort.redisCommand(port, "SENTINEL MASTER \(Self.masterName)") ?? ""
                ready = Self.field("num-slaves", in: info) == "\(replicas.count)" && Self.field("num-other-sentinels", in: info) == "2"
                if !ready { usleep(100_000) }
            }
            guard ready else { throw LoopbackHTTPClient.ClientError(description: "sentinel on \(port) never saw the replica and its peers") }
        }
    }

    /// `redis-sentinel://…/tessera` for `--store`.
    var url: String {
        "redis-sentinel://" + sentinelPorts.map { "127.0.0.1:\($0)" }.joined(separator: ",") + "/\(Self.masterName)"
    }

    /// The master's port as the first sentinel names it now.
    var masterPortNow: Int? {
        guard let reply = LoopbackPort.redisCommand(sentinelPorts[0], "SENTINEL get-master-addr-by-name \(Self.masterName)") else { return nil }
        // *2\r\n$9\r\n127.0.0.1\r\n$5\r\n12345\r\n
        let lines = reply.split(separator: "\r\n")
        return lines.count >= 5 ? Int(lines[4]) : nil
    }

    func stop() {
        for pid in sentinelPids {
            kill(pid, SIGKILL)
            _ = TesseraServer.wait(pid)
        }
        sentinelPids = []
        master.stop()
        replicas.forEach { $0.stop() }
    }

    /// A field of a RESP array of alternating names and values, as `SENTINEL MASTER` answers.
    private static func field(_ name: String, in reply: String) -> String? {
        let lines = reply.split(separator: "\r\n").filter { !$0.hasPrefix("$") && !$0.hasPrefix("*") }
        guard let i = lines.firstIndex(where: { $0 == name }), i + 1 < lines.count else { return nil }
        return String(lines[i + 1])
    }
}
