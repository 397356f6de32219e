/// Reads without the master, under Sentinel (issue 34, point 5): while the master cannot be
/// reached (killed, partitioned, not yet replaced), a read takes the session from a replica.
///
/// Which replica keeps read-your-writes: every acknowledged change waited for `WAIT N`, so
/// it is on at least N of the R replicas Sentinel lists. Any R − N + 1 of them therefore
/// include one that has it, and each replica's data is a prefix of the one stream the
/// master sent, so the replica with the largest replication offset among those that answer
/// has every change any of them has. Fewer answering (or N = 0, no `WAIT`): no replica can
/// vouch for what was acknowledged, and the read fails as before.
final class RedisReplicaQuorum: Sendable {
    let watched: RedisSentinels
    let password: String?
    let sentinelPassword: String?
    let minReplicaAcks: Int
    let connectTimeoutMilliseconds: Int
    let commandTimeoutMilliseconds: Int

    init(
        watched: RedisSentinels, password: String?, sentinelPassword: String?, minReplicaAcks: Int,
        connectTimeoutMilliseconds: Int, commandTimeoutMilliseconds: Int
    ) {
        self.watched = watched
        self.password = password
        self.sentinelPassword = sentinelPassword
        self.minReplicaAcks = minReplicaAcks
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.commandTimeoutMilliseconds = commandTimeoutMilliseconds
    }

    /// A connection to the replica that holds every acknowledged change, or why there is none.
    func freshestReplica() throws(StorageError) -> RedisConnection {
        guard minReplicaAcks > 0 else { throw .unavailable("no Redis master, and no replica is known to hold every acknowledged change (no WAIT)") }
        let replicas = try listedReplicas()
        let needed = replicas.count - minReplicaAcks + 1
        guard needed >= 1, !replicas.isEmpty else { throw .unavailable("no Redis master, and Sentinel lists no replica") }
        var best: (offset: Int, connection: RedisConnection)?
        var answered = 0
        for endpoint in replicas {
            guard
                let connection = try? RedisConnection(
                    endpoint, password: password, connectTimeoutMilliseconds: connectTimeoutMilliseconds,
                    commandTimeoutMilliseconds: commandTimeoutMilliseconds),
                let info = (try? connection.command(["INFO", "replication"]))?.bytes,
                let offset = Self.replicationOffset(in: info)
            else { continue }
            answered += 1
            if best == nil || offset > best!.offset { best = (offset, connection) }
        }
        guard answered >= needed, let best else {
            throw .unavailable(
                "no Redis master, and \(answered) of the \(replicas.count) replicas answered (\(needed) needed to be sure of every acknowledged change)"
            )
        }
        return best.connection
    }

    /// `master_repl_offset` of `INFO replication`: on a replica, how much of the master's
    /// stream it has.
    static func replicationOffset(in info: [UInt8]) -> Int? {
        let text = String(decoding: info, as: UTF8.self)
        // "\r\n" is one Character: split on it, not on "\r" or "\n".
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }) where line.hasPrefix("master_repl_offset:") {
            return Int(line.dropFirst("master_repl_offset:".count))
        }
        return nil
    }

    /// The replicas the first sentinel that answers lists (`SENTINEL REPLICAS`), down or not:
    /// a replica that is down may be the one that has an acknowledged change.
    private func listedReplicas() throws(StorageError) -> [RedisEndpoint] {
        var problems: [String] = []
        for sentinel in watched.sentinels {
            do {
                let c = try RedisConnection(
                    RedisEndpoint(host: sentinel.host, port: sentinel.port), password: sentinelPassword,
                    connectTimeoutMilliseconds: connectTimeoutMilliseconds, commandTimeoutMilliseconds: commandTimeoutMilliseconds)
                guard let entries = try c.command(["SENTINEL", "REPLICAS", watched.masterName]).elements else {
                    problems.append("\(sentinel.host):\(sentinel.port) does not know master '\(watched.masterName)'")
                    continue
                }
                return entries.compactMap { entry in
                    let fields = entry.elements ?? []
                    func field(_ name: String) -> String? {
                        var i = 0
                        while i + 1 < fields.count {
                            if fields[i].bytes.map({ String(decoding: $0, as: UTF8.self) }) == name {
                                return fields[i + 1].bytes.map { String(decoding: $0, as: UTF8.self) }
                            }
                            i += 2
                        }
                        return nil
                    }
                    guard let host = field("ip"), let port = field("port").flatMap({ Int($0) }) else { return nil }
                    return RedisEndpoint(host: host, port: port, database: watched.database)
                }
            } catch {
                problems.append("\(error)")
            }
        }
        throw .unavailable("no sentinel listed the replicas: \(problems.joined(separator: "; "))")
    }
}
