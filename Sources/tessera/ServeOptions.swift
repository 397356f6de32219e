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

    init(_ command: ServeCommand, environment: (String) -> String?) throws {
        http.host = try EnvironmentSetting.text("--host", "TESSERA_HOST")
            .resolve(command.host, default: "127.0.0.1", environment: environment)
        http.port = try EnvironmentSetting.integer("--port", "TESSERA_PORT", in: 0...65535)
            .resolve(command.port, default: 8080, environment: environment)
        http.eventLoops = try EnvironmentSetting.integer("--loops", "TESSERA_LOOPS", in: 1...256)
            .resolve(command.loops, default: AvailableCPUs.count, environment: environment)
        http.maxBodySize = try BodyLimitOption.setting
            .resolve(command.maxBodyBytes, default: BodyLimitOption.defaultBytes, environment: environment)
        http.gzipReplyThreshold = try EnvironmentSetting.integer("--gzip-min-bytes", "TESSERA_GZIP_MIN_BYTES", in: 0...(1 << 32))
            .resolve(command.gzipMinBytes, default: 16 << 10, environment: environment)
        http.idleTimeoutSeconds = try EnvironmentSetting.integer("--idle-timeout", "TESSERA_IDLE_TIMEOUT", in: 1...86_400)
            .resolve(command.idleTimeout, default: 60, environment: environment)
        store.maxSessions = try EnvironmentSetting.integer("--max-sessions", "TESSERA_MAX_SESSIONS", in: 1...1_000_000)
            .resolve(command.maxSessions, default: store.maxSessions, environment: environment)
        store.maxItemsPerSession = try EnvironmentSetting.integer("--max-items-per-session", "TESSERA_MAX_ITEMS_PER_SESSION", in: 1...100_000_000)
            .resolve(command.maxItemsPerSession, default: store.maxItemsPerSession, environment: environment)
        store.maxTotalItems = try EnvironmentSetting.integer("--max-total-items", "TESSERA_MAX_TOTAL_ITEMS", in: 1...1_000_000_000)
            .resolve(command.maxTotalItems, default: store.maxTotalItems, environment: environment)
        store.idleExpirySeconds = UInt64(try EnvironmentSetting.integer("--session-idle-seconds", "TESSERA_SESSION_IDLE_SECONDS", in: 1...31_536_000)
            .resolve(command.sessionIdleSeconds, default: Int(store.idleExpirySeconds), environment: environment))
        storeLocation = try EnvironmentSetting.store("--store", "TESSERA_STORE")
            .resolve(try command.store.map(Self.storeLocation), default: .memory, environment: environment)
        redis.password = try EnvironmentSetting.text("--store-password-file", "TESSERA_STORE_PASSWORD_FILE")
            .resolve(command.storePasswordFile, environment: environment).map { try Self.secret(in: $0, flag: "--store-password-file") }
        redis.sentinelPassword = try EnvironmentSetting.text("--sentinel-password-file", "TESSERA_SENTINEL_PASSWORD_FILE")
            .resolve(command.sentinelPasswordFile, environment: environment).map { try Self.secret(in: $0, flag: "--sentinel-password-file") }
        redis.minReplicaAcks = try EnvironmentSetting.integer("--redis-min-replica-acks", "TESSERA_REDIS_MIN_REPLICA_ACKS", in: 0...64)
            .resolve(command.redisMinReplicaAcks, environment: environment)
        logLevel = try EnvironmentSetting.choice("--log-level", "TESSERA_LOG_LEVEL")
            .resolve(command.logLevel, default: logLevel, environment: environment)
        logFormat = try EnvironmentSetting.choice("--log-format", "TESSERA_LOG_FORMAT")
            .resolve(command.logFormat, default: logFormat, environment: environment)
        try resolveLimits(command, environment: environment)
    }

    /// The limits of issue 8: what one request may cost and how long anything may hold on.
    private mutating func resolveLimits(_ command: ServeCommand, environment: (String) -> String?) throws {
        func integer(_ flag: String, _ variable: String, _ range: ClosedRange<Int>, _ value: Int?, _ fallback: Int) throws -> Int {
            try EnvironmentSetting.integer(flag, variable, in: range).resolve(value, default: fallback, environment: environment)
        }
        store.maxSectionsPerSession = try integer("--max-sections-per-session", "TESSERA_MAX_SECTIONS_PER_SESSION",
                                                  1...10_000_000, command.maxSectionsPerSession, store.maxSectionsPerSession)
        store.replyCacheBytes = try integer("--reply-cache-bytes", "TESSERA_REPLY_CACHE_BYTES", 0...(1 << 40),
                                            command.replyCacheBytes, store.replyCacheBytes)
        service.maxElementsPerReply = try integer("--max-elements-per-reply", "TESSERA_MAX_ELEMENTS_PER_REPLY", 1...100_000_000,
                                                  command.maxElementsPerReply, service.maxElementsPerReply)
        http.workerThreads = try integer("--workers", "TESSERA_WORKERS", 1...256, command.workers, http.workerThreads)
        http.maxQueuedRequests = try integer("--max-queued-requests", "TESSERA_MAX_QUEUED_REQUESTS", 0...1_000_000,
                                             command.maxQueuedRequests, http.maxQueuedRequests)
        http.maxQueueWaitSeconds = Double(try integer("--max-queue-wait-seconds", "TESSERA_MAX_QUEUE_WAIT_SECONDS", 1...86_400,
                                                      command.maxQueueWaitSeconds, Int(http.maxQueueWaitSeconds)))
        http.maxBodyBytesInFlight = try integer("--max-body-bytes-in-flight", "TESSERA_MAX_BODY_BYTES_IN_FLIGHT", 1...(1 << 40),
                                                command.maxBodyBytesInFlight, http.maxBodyBytesInFlight)
        http.maxBodyBytesPerClient = try EnvironmentSetting.integer("--max-body-bytes-per-client", "TESSERA_MAX_BODY_BYTES_PER_CLIENT",
                                                                    in: 1...(1 << 40))
            .resolve(command.maxBodyBytesPerClient, environment: environment)
        http.minBodyBytesPerSecond = try integer("--min-body-bytes-per-second", "TESSERA_MIN_BODY_BYTES_PER_SECOND", 0...(1 << 30),
                                                 command.minBodyBytesPerSecond, http.minBodyBytesPerSecond)
        http.bodyRateGraceSeconds = try integer("--body-rate-grace-seconds", "TESSERA_BODY_RATE_GRACE_SECONDS", 0...86_400,
                                                command.bodyRateGraceSeconds, http.bodyRateGraceSeconds)
        http.maxReplyBytesInFlight = try integer("--max-reply-bytes-in-flight", "TESSERA_MAX_REPLY_BYTES_IN_FLIGHT", 1...(1 << 40),
                                                 command.maxReplyBytesInFlight, http.maxReplyBytesInFlight)
        http.headDeadlineSeconds = try integer("--head-deadline-seconds", "TESSERA_HEAD_DEADLINE_SECONDS", 0...86_400,
                                               command.headDeadlineSeconds, http.headDeadlineSeconds)
        http.maxConnectionsPerLoop = try EnvironmentSetting.integer("--max-connections-per-loop", "TESSERA_MAX_CONNECTIONS_PER_LOOP",
                                                                    in: 1...1_000_000)
            .resolve(command.maxConnectionsPerLoop, environment: environment)
        http.lingerSeconds = try integer("--linger-seconds", "TESSERA_LINGER_SECONDS", 0...60, command.lingerSeconds, http.lingerSeconds)
        http.lingerMaxBytes = try integer("--linger-max-bytes", "TESSERA_LINGER_MAX_BYTES", 0...(1 << 32),
                                          command.lingerMaxBytes, http.lingerMaxBytes)
        storeSweepSeconds = try integer("--store-sweep-seconds", "TESSERA_STORE_SWEEP_SECONDS", 1...3600,
                                        command.storeSweepSeconds, storeSweepSeconds)
        http.shutdownGraceSeconds = Double(try integer("--shutdown-grace-seconds", "TESSERA_SHUTDOWN_GRACE_SECONDS", 0...86_400,
                                                       command.shutdownGraceSeconds, Int(http.shutdownGraceSeconds)))
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
