#if canImport(Glibc)
    import Glibc
#endif
import EventHTTP
import ArgumentParser
import LayoutService
import Logging
import SessionStorage
import Telemetry

/// What `tessera serve` runs with: its flags resolved against the environment and defaults.
struct ServeOptions {
    var http = HTTPServerConfiguration()
    var store = SessionStore.Configuration()
    var service = TesseraService.Limits()
    var storeLocation = StoreLocation.memory
    var redis = RedisOptions()
    var storeSweepSeconds = 30
    var logLevel = Logger.Level.info
    var logFormat = LogFormat.json

    /// The defaults, which the help shows.
    init() {}

    /// The options in force: each row of the settings table applied over the defaults.
    init(_ command: ServeCommand, environment: (String) -> String?) throws {
        for setting in ServeSettings.all {
            try setting.apply(command, environment, &self)
        }
    }
}

/// Whole seconds, as the flags give them, over the configuration's own units.
extension ServeOptions {
    var sessionIdleSeconds: Int {
        get { Int(store.idleExpirySeconds) }
        set { store.idleExpirySeconds = UInt64(newValue) }
    }

    var maxQueueWaitSeconds: Int {
        get { Int(http.maxQueueWaitSeconds) }
        set { http.maxQueueWaitSeconds = Double(newValue) }
    }

    var shutdownGraceSeconds: Int {
        get { Int(http.shutdownGraceSeconds) }
        set { http.shutdownGraceSeconds = Double(newValue) }
    }
}

extension ServeOptions {
    /// The replicas a Redis change waits for: `--redis-min-replica-acks` when given, else the
    /// default for the store named (with a store that is not Redis it plays no part).
    var redisMinReplicaAcksInForce: Int {
        if case .redisSentinel = storeLocation { return redis.replicaAcks(underSentinel: true) }
        if case .redisCluster = storeLocation { return redis.replicaAcks(underSentinel: true) }
        return redis.replicaAcks(underSentinel: false)
    }
}

extension ServeOptions {
    /// The first line of a password file, without its line ending. A file that cannot be read
    /// is a usage error naming the flag and the file, never its content.
    static func secret(in path: String, flag: String) throws -> String {
        let bytes: [UInt8]
        do { bytes = try SecretFile.read(path) } catch { throw ValidationError("\(flag) '\(path)': \(error)") }
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        guard !line.isEmpty else { throw ValidationError("\(flag) '\(path)': the file holds no password") }
        return String(decoding: line, as: UTF8.self)
    }

    static func storeLocation(_ text: String) throws -> StoreLocation {
        switch StoreLocation.parse(text) {
        case .success(let location): return location
        case .failure(let error): throw ValidationError("--store '\(text)': \(error.message)")
        }
    }
}
