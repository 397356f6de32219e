/// Where `--store` says sessions live: `memory`, `sqlite:PATH` or `redis://HOST:PORT[/DB]`.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case memory
    case sqlite(path: String)
    case redis(RedisEndpoint)

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
                  (1...65535).contains(port), colon != rest.startIndex else {
                return .failure(StoreLocationError(message: "expected redis://HOST:PORT[/DB]"))
            }
            return .success(.redis(RedisEndpoint(host: String(rest[..<colon]), port: port, database: database)))
        }
        return .failure(StoreLocationError(message: "expected memory, sqlite:PATH or redis://HOST:PORT[/DB]"))
    }

    public var description: String {
        switch self {
        case .memory: "memory"
        case .sqlite(let path): "sqlite:\(path)"
        case .redis(let e): "redis://\(e.host):\(e.port)/\(e.database)"
        }
    }
}

public struct StoreLocationError: Error, Sendable {
    public let message: String
}
