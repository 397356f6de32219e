/// Where `--store` says sessions live: `memory`, `sqlite:PATH`, `redis://HOST:PORT[/DB]` or
/// `redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB]`.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case memory
    case sqlite(path: String)
    case redis(RedisEndpoint)
    case redisSentinel(RedisSentinels)

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
        return .failure(
            StoreLocationError(message: "expected memory, sqlite:PATH, redis://HOST:PORT[/DB] or redis-sentinel://HOST:PORT,…/MASTER[/DB]"))
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
        var sentinels: [RedisAddress] = []
        for item in parts[0].split(separator: ",") {
            guard let colon = item.lastIndex(of: ":"), colon != item.startIndex,
                let port = Int(item[item.index(after: colon)...]), (1...65535).contains(port)
            else { return .failure(usage) }
            sentinels.append(RedisAddress(host: String(item[..<colon]), port: port))
        }
        guard !sentinels.isEmpty else { return .failure(usage) }
        return .success(.redisSentinel(RedisSentinels(sentinels: sentinels, masterName: String(parts[1]), database: database)))
    }

    public var description: String {
        switch self {
        case .memory: "memory"
        case .sqlite(let path): "sqlite:\(path)"
        case .redis(let e): "redis://\(e.host):\(e.port)/\(e.database)"
        case .redisSentinel(let w):
            "redis-sentinel://\(w.sentinels.map { "\($0.host):\($0.port)" }.joined(separator: ","))/\(w.masterName)/\(w.database)"
        }
    }
}

public struct StoreLocationError: Error, Sendable {
    public let message: String
}
