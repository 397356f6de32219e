/// Where `--store` says sessions live: `memory`, `sqlite:PATH`, `redis://HOST:PORT[/DB]`,
/// `redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB]` or
/// `redis-cluster://HOST:PORT,HOST:PORT,…` (seed nodes of a Redis Cluster, which has one
/// database only).
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case memory
    case sqlite(path: String)
    case redis(RedisEndpoint)
    case redisSentinel(RedisSentinels)
    case redisCluster([RedisAddress])

    /// Nil with a reason when the text is none of the three forms.
    public static func parse(_ text: String) -> Result<StoreLocation, StoreLocationError> {
        if text == "memory" { return .success(.memory) }
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { return .failure(StoreLocationError(message: "sqlite: needs a file path (sqlite:PATH)")) }
            return .success(.sqlite(path: path))
        }
        if text.hasPrefix("redis://") {
            var rest = Substring(text.dropFirst("redis://".count))
            var database = 0
            if let slash = rest.firstIndex(of: "/") {
                guard let db = Int(rest[rest.index(after: slash)...]), (0...1_000_000).contains(db) else {
                    return .failure(StoreLocationError(message: "the Redis database after '/' must be a number"))
                }
                database = db
                rest = rest[..<slash]
            }
            guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
                (1...65535).contains(port), colon != rest.startIndex
            else {
                return .failure(StoreLocationError(message: "expected redis://HOST:PORT[/DB]"))
            }
            return .success(.redis(RedisEndpoint(host: String(rest[..<colon]), port: port, database: database)))
        }
        if text.hasPrefix("redis-sentinel://") {
            return parseSentinels(Substring(text.dropFirst("redis-sentinel://".count)))
        }
        if text.hasPrefix("redis-cluster://") {
            let usage = StoreLocationError(message: "expected redis-cluster://HOST:PORT,HOST:PORT,… (a cluster has no database number)")
            guard let seeds = parseAddresses(Substring(text.dropFirst("redis-cluster://".count))) else { return .failure(usage) }
            return .success(.redisCluster(seeds))
        }
        return .failure(
            StoreLocationError(
                message:
                    "expected memory, sqlite:PATH, redis://HOST:PORT[/DB], redis-sentinel://HOST:PORT,…/MASTER[/DB] or redis-cluster://HOST:PORT,…"
            ))
    }

    /// `HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB]`.
    private static func parseSentinels(_ rest: Substring) -> Result<StoreLocation, StoreLocationError> {
        let usage = StoreLocationError(message: "expected redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB]")
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, !parts[1].isEmpty else { return .failure(usage) }
        var database = 0
        if parts.count == 3 {
            guard let db = Int(parts[2]), (0...1_000_000).contains(db) else {
                return .failure(StoreLocationError(message: "the Redis database after the master name must be a number"))
            }
            database = db
        }
        guard let sentinels = parseAddresses(parts[0]) else { return .failure(usage) }
        return .success(.redisSentinel(RedisSentinels(sentinels: sentinels, masterName: String(parts[1]), database: database)))
    }

    /// `HOST:PORT,HOST:PORT,…`, at least one; nil when any is not that.
    private static func parseAddresses(_ text: Substring) -> [RedisAddress]? {
        var addresses: [RedisAddress] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let colon = item.lastIndex(of: ":"), colon != item.startIndex,
                let port = Int(item[item.index(after: colon)...]), (1...65535).contains(port)
            else { return nil }
            addresses.append(RedisAddress(host: String(item[..<colon]), port: port))
        }
        return addresses.isEmpty ? nil : addresses
    }

    public var description: String {
        switch self {
        case .memory: "memory"
        case .sqlite(let path): "sqlite:\(path)"
        case .redis(let e): "redis://\(e.host):\(e.port)/\(e.database)"
        case .redisSentinel(let w):
            "redis-sentinel://\(w.sentinels.map { "\($0.host):\($0.port)" }.joined(separator: ","))/\(w.masterName)/\(w.database)"
        case .redisCluster(let seeds): "redis-cluster://\(seeds.map { "\($0.host):\($0.port)" }.joined(separator: ","))"
        }
    }
}

public struct StoreLocationError: Error, Sendable {
    public let message: String
}
