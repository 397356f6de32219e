import ArgumentParser
import Logging
import Telemetry

/// Every setting of `tessera serve`, one row each. Adding a setting is a row here and its
/// `@Option` line in `ServeCommand` (see there why the options cannot come from this table).
/// Defaults live in the configuration structs (`HTTPServerConfiguration`,
/// `SessionStore.Configuration`, `TesseraService.Limits`, `ServeOptions`); the help reads them.
enum ServeSettings {
    static var all: [ServeSetting] { listening + sessions + requestCosts + storage + logging }

    /// The row of `flag`; every `@Option` of `ServeCommand` has one.
    static func row(_ flag: String) -> ServeSetting {
        guard let row = all.first(where: { $0.flag == flag }) else { preconditionFailure("\(flag) is not in ServeSettings.all") }
        return row
    }

    /// The help of `flag`'s option, generated from its row.
    static func help(_ flag: String) -> ArgumentHelp { row(flag).help }

    /// Also the one-shot commands' input limit (`BodyLimitOption`), so the rule stands alone.
    static var maxBodyBytesRule: EnvironmentSetting<Int> { .integer("--max-body-bytes", "TESSERA_MAX_BODY_BYTES", in: 1...(1 << 32)) }

    static var maxBodyBytes: ServeSetting {
        .value(maxBodyBytesRule, "bytes", "Request body limit in bytes", flag: \.maxBodyBytes, into: \.http.maxBodySize)
    }

    private static var listening: [ServeSetting] {
        [
            .value(.text("--host", "TESSERA_HOST"), "address", "Address to listen on", flag: \.host, into: \.http.host),
            .value(
                .integer("--port", "TESSERA_PORT", in: 0...65535), "port", "TCP port, 0 for any free one",
                flag: \.port, into: \.http.port),
            .value(
                .integer("--loops", "TESSERA_LOOPS", in: 1...256), "n", "Event loops", flag: \.loops, into: \.http.eventLoops,
                defaultWords: "one per CPU the process may use: cgroup quota and affinity"),
            .value(
                .integer("--workers", "TESSERA_WORKERS", in: 1...256), "n", "Threads that run the offloaded requests",
                flag: \.workers, into: \.http.workerThreads, defaultWords: "one per usable CPU"),
            .value(
                .integer("--idle-timeout", "TESSERA_IDLE_TIMEOUT", in: 1...86_400), "seconds",
                "Seconds before an idle connection is closed", flag: \.idleTimeout, into: \.http.idleTimeoutSeconds),
            .value(
                .integer("--head-deadline-seconds", "TESSERA_HEAD_DEADLINE_SECONDS", in: 0...86_400), "seconds",
                "Seconds a request head may take from its first byte; 0 for no deadline",
                flag: \.headDeadlineSeconds, into: \.http.headDeadlineSeconds),
            .unsetByDefault(
                .integer("--max-connections-per-loop", "TESSERA_MAX_CONNECTIONS_PER_LOOP", in: 1...1_000_000), "n",
                "Connections one event loop holds at once",
                flag: \.maxConnectionsPerLoop, into: \.http.maxConnectionsPerLoop,
                defaultWords: "the descriptor limit less 64, shared by the loops, at most 4096"),
            .value(
                .integer("--linger-seconds", "TESSERA_LINGER_SECONDS", in: 0...60), "seconds",
                "Seconds, in all, to read and discard what a refused client still sends before closing",
                flag: \.lingerSeconds, into: \.http.lingerSeconds),
            .value(
                .integer("--linger-max-bytes", "TESSERA_LINGER_MAX_BYTES", in: 0...(1 << 32)), "bytes",
                "Bytes, at most, read and discarded after refusing a request", flag: \.lingerMaxBytes, into: \.http.lingerMaxBytes),
            .value(
                .integer("--gzip-min-bytes", "TESSERA_GZIP_MIN_BYTES", in: 0...(1 << 32)), "bytes",
                "Replies of at least this many bytes are gzipped for clients that accept it, 0 never",
                flag: \.gzipMinBytes, into: \.http.gzipReplyThreshold),
            .value(
                .integer("--shutdown-grace-seconds", "TESSERA_SHUTDOWN_GRACE_SECONDS", in: 0...86_400), "seconds",
                "Seconds a graceful shutdown waits for the requests in flight; 0 waits for them however long",
                flag: \.shutdownGraceSeconds, into: \.shutdownGraceSeconds)
        ]
    }

    private static var sessions: [ServeSetting] {
        [
            .value(
                .integer("--max-sessions", "TESSERA_MAX_SESSIONS", in: 1...1_000_000), "n", "Sessions kept at once",
                flag: \.maxSessions, into: \.store.maxSessions),
            .value(
                .integer("--max-items-per-session", "TESSERA_MAX_ITEMS_PER_SESSION", in: 1...100_000_000), "n",
                "Items in one session or request", flag: \.maxItemsPerSession, into: \.store.maxItemsPerSession),
            .value(
                .integer("--max-total-items", "TESSERA_MAX_TOTAL_ITEMS", in: 1...1_000_000_000), "n",
                "Items across all sessions", flag: \.maxTotalItems, into: \.store.maxTotalItems),
            .value(
                .integer("--max-sections-per-session", "TESSERA_MAX_SECTIONS_PER_SESSION", in: 1...10_000_000), "n",
                "Sections in one session or request", flag: \.maxSectionsPerSession, into: \.store.maxSectionsPerSession),
            .value(
                .integer("--session-idle-seconds", "TESSERA_SESSION_IDLE_SECONDS", in: 1...31_536_000), "seconds",
                "An unused session expires after this long", flag: \.sessionIdleSeconds, into: \.sessionIdleSeconds),
            .value(
                .integer("--reply-cache-bytes", "TESSERA_REPLY_CACHE_BYTES", in: 0...(1 << 40)), "bytes",
                "Bytes of cached rect-query replies, all sessions together; 0 turns the cache off",
                flag: \.replyCacheBytes, into: \.store.replyCacheBytes),
            .value(
                .integer("--store-sweep-seconds", "TESSERA_STORE_SWEEP_SECONDS", in: 1...3600), "seconds",
                "Seconds between sweeps of the session store: expired sessions go, and copies of sessions deleted through another replica",
                flag: \.storeSweepSeconds, into: \.storeSweepSeconds)
        ]
    }

    /// The limits of issue 8: what one request may cost and how long anything may hold on.
    private static var requestCosts: [ServeSetting] {
        [
            maxBodyBytes,
            .value(
                .integer("--max-elements-per-reply", "TESSERA_MAX_ELEMENTS_PER_REPLY", in: 1...100_000_000), "n",
                "Elements (or animation plan entries) one reply may list",
                flag: \.maxElementsPerReply, into: \.service.maxElementsPerReply),
            .value(
                .integer("--max-queued-requests", "TESSERA_MAX_QUEUED_REQUESTS", in: 0...1_000_000), "n",
                "Offloaded requests waiting for a worker; more are answered 503",
                flag: \.maxQueuedRequests, into: \.http.maxQueuedRequests),
            .value(
                .integer("--max-queue-wait-seconds", "TESSERA_MAX_QUEUE_WAIT_SECONDS", in: 1...86_400), "seconds",
                "Seconds a request may wait for a worker before it is answered 503 instead",
                flag: \.maxQueueWaitSeconds, into: \.maxQueueWaitSeconds),
            .value(
                .integer("--max-body-bytes-in-flight", "TESSERA_MAX_BODY_BYTES_IN_FLIGHT", in: 1...(1 << 40)), "bytes",
                "Request body bytes held at once, all connections together; a body that does not fit is answered 503 before it is read",
                flag: \.maxBodyBytesInFlight, into: \.http.maxBodyBytesInFlight),
            .unsetByDefault(
                .integer("--max-body-bytes-per-client", "TESSERA_MAX_BODY_BYTES_PER_CLIENT", in: 1...(1 << 40)), "bytes",
                "Request body bytes one client (peer address) may hold at once, out of --max-body-bytes-in-flight; more is answered 503 before it is read",
                flag: \.maxBodyBytesPerClient, into: \.http.maxBodyBytesPerClient,
                defaultWords: "a quarter of --max-body-bytes-in-flight, at least --max-body-bytes"),
            .value(
                .integer("--min-body-bytes-per-second", "TESSERA_MIN_BODY_BYTES_PER_SECOND", in: 0...(1 << 30)), "bytes",
                "Bytes a second a request body must average once its grace has passed, or it is answered 408 and closed; 0 for no minimum",
                flag: \.minBodyBytesPerSecond, into: \.http.minBodyBytesPerSecond),
            .value(
                .integer("--body-rate-grace-seconds", "TESSERA_BODY_RATE_GRACE_SECONDS", in: 0...86_400), "seconds",
                "Seconds after its head before a request body's minimum rate counts",
                flag: \.bodyRateGraceSeconds, into: \.http.bodyRateGraceSeconds),
            .value(
                .integer("--max-reply-bytes-in-flight", "TESSERA_MAX_REPLY_BYTES_IN_FLIGHT", in: 1...(1 << 40)), "bytes",
                "Reply bytes handed out and not yet read by their clients, all connections together, never less than 64 MiB; a reply that does not fit is answered 503",
                flag: \.maxReplyBytesInFlight, into: \.http.maxReplyBytesInFlight)
        ]
    }

    private static var storage: [ServeSetting] {
        [
            .parsed(
                .store("--store", "TESSERA_STORE"), "store",
                "Where sessions live: memory, sqlite:PATH, redis://HOST:PORT[/DB] or redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB]",
                flag: { try $0.store.map(ServeOptions.storeLocation) }, into: \.storeLocation),
            .passwordFile(
                "--store-password-file", "TESSERA_STORE_PASSWORD_FILE",
                "A file holding the Redis password (AUTH), so that it is on no command line and in no log",
                flag: \.storePasswordFile, into: \.redis.password),
            .passwordFile(
                "--sentinel-password-file", "TESSERA_SENTINEL_PASSWORD_FILE", "A file holding the sentinels' password",
                flag: \.sentinelPasswordFile, into: \.redis.sentinelPassword),
            .unsetByDefault(
                .integer("--redis-min-replica-acks", "TESSERA_REDIS_MIN_REPLICA_ACKS", in: 0...64), "n",
                "Redis replicas that must confirm a change (WAIT) before it is acknowledged",
                flag: \.redisMinReplicaAcks, into: \.redis.minReplicaAcks,
                defaultWords: "1 with redis-sentinel://, 0 with redis://")
        ]
    }

    private static var logging: [ServeSetting] {
        [
            .value(
                .choice("--log-level", "TESSERA_LOG_LEVEL"), "level",
                "Least severe log level written: \(words(Logger.Level.self)); access lines are info",
                flag: \.logLevel, into: \.logLevel),
            .value(
                .choice("--log-format", "TESSERA_LOG_FORMAT"), "format",
                "Log lines as json (one object per line) or text", flag: \.logFormat, into: \.logFormat)
        ]
    }

    private static func words<Choice: CaseIterable & RawRepresentable>(_: Choice.Type) -> String where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
