import ArgumentParser
import Telemetry

/// Every setting of `tessera serve`, one row each. Adding a setting is a row here, its words
/// in `ServeSettings+Help.swift` and its `@Option` line in `ServeCommand` (see there why the
/// options cannot come from this table), then `make configuration-doc` to rewrite
/// docs/configuration.md. Defaults live in the configuration structs (`HTTPServerConfiguration`,
/// `SessionStore.Configuration`, `TesseraService.Limits`, `ServeOptions`); the help and that
/// page read them.
enum ServeSettings {
    /// A row: the flag and what a valid value is, the help's name for a value, the
    /// `ServeCommand` property the flag fills, where the value goes in `ServeOptions` and, for a
    /// value worked out later, where the value in force is read. The help reads the rows in
    /// `ServeCommand`'s order; the start-up log line by key.
    // A table reads one row a line, so swift-format is told to leave it as written (it would
    // wrap the long rows over two or three lines).
    // swift-format-ignore
    static var all: [ServeSetting] {
        [
            // Listening and connections
            .value(.text("--host"), "address", \.host, into: \.http.host),
            .value(.integer("--port", in: 0...65535), "port", \.port, into: \.http.port),
            .value(.integer("--loops", in: 1...256), "n", \.loops, into: \.http.eventLoops),
            .value(.integer("--workers", in: 1...256), "n", \.workers, into: \.http.workerThreads),
            .value(.integer("--idle-timeout", in: 1...86_400), "seconds", \.idleTimeout, into: \.http.idleTimeoutSeconds),
            .value(.integer("--head-deadline-seconds", in: 0...86_400), "seconds", \.headDeadlineSeconds, into: \.http.headDeadlineSeconds),
            .unsetByDefault(.integer("--max-connections-per-loop", in: 1...1_000_000), "n", \.maxConnectionsPerLoop, into: \.http.maxConnectionsPerLoop, inForce: \.http.connectionCapPerLoop),
            .value(.integer("--linger-seconds", in: 0...60), "seconds", \.lingerSeconds, into: \.http.lingerSeconds),
            .value(.integer("--linger-max-bytes", in: 0...(1 << 32)), "bytes", \.lingerMaxBytes, into: \.http.lingerMaxBytes),
            .value(.integer("--gzip-min-bytes", in: 0...(1 << 32)), "bytes", \.gzipMinBytes, into: \.http.gzipReplyThreshold),
            .value(.integer("--shutdown-grace-seconds", in: 0...86_400), "seconds", \.shutdownGraceSeconds, into: \.shutdownGraceSeconds),
            // Sessions
            .value(.integer("--max-sessions", in: 1...1_000_000), "n", \.maxSessions, into: \.store.maxSessions),
            .value(.integer("--max-items-per-session", in: 1...100_000_000), "n", \.maxItemsPerSession, into: \.store.maxItemsPerSession),
            .value(.integer("--max-total-items", in: 1...1_000_000_000), "n", \.maxTotalItems, into: \.store.maxTotalItems),
            .value(.integer("--max-sections-per-session", in: 1...10_000_000), "n", \.maxSectionsPerSession, into: \.store.maxSectionsPerSession),
            .value(.integer("--max-identifier-bytes-per-session", in: 1...Int(UInt32.max)), "bytes", \.maxIdentifierBytesPerSession, into: \.store.maxIdentifierBytesPerSession),
            .value(.integer("--session-idle-seconds", in: 1...31_536_000), "seconds", \.sessionIdleSeconds, into: \.sessionIdleSeconds),
            .value(.integer("--reply-cache-bytes", in: 0...(1 << 40)), "bytes", \.replyCacheBytes, into: \.store.replyCacheBytes),
            .value(.integer("--store-sweep-seconds", in: 1...3600), "seconds", \.storeSweepSeconds, into: \.storeSweepSeconds),
            // What one request may cost and how long anything may hold on (issue 8)
            .value(maxBodyBytesRule, "bytes", \.maxBodyBytes, into: \.http.maxBodySize),
            .value(.integer("--max-elements-per-reply", in: 1...100_000_000), "n", \.maxElementsPerReply, into: \.service.maxElementsPerReply),
            .value(.integer("--max-queued-requests", in: 0...1_000_000), "n", \.maxQueuedRequests, into: \.http.maxQueuedRequests),
            .value(.integer("--max-queue-wait-seconds", in: 1...86_400), "seconds", \.maxQueueWaitSeconds, into: \.maxQueueWaitSeconds),
            .value(.integer("--max-body-bytes-in-flight", in: 1...(1 << 40)), "bytes", \.maxBodyBytesInFlight, into: \.http.maxBodyBytesInFlight),
            .unsetByDefault(.integer("--max-body-bytes-per-client", in: 1...(1 << 40)), "bytes", \.maxBodyBytesPerClient, into: \.http.maxBodyBytesPerClient, inForce: \.http.bodyShareBytes),
            .parsed(.addressBlocks("--trusted-proxy", variable: "TESSERA_TRUSTED_PROXIES"), "cidr", { try TrustedProxyList.fromFlags($0.trustedProxy, flag: "--trusted-proxy") }, into: \.http.trustedProxies),
            .value(.integer("--min-body-bytes-per-second", in: 0...(1 << 30)), "bytes", \.minBodyBytesPerSecond, into: \.http.minBodyBytesPerSecond),
            .value(.integer("--body-rate-grace-seconds", in: 0...86_400), "seconds", \.bodyRateGraceSeconds, into: \.http.bodyRateGraceSeconds),
            .value(.integer("--max-reply-bytes-in-flight", in: 1...(1 << 40)), "bytes", \.maxReplyBytesInFlight, into: \.http.maxReplyBytesInFlight),
            // Where sessions live
            .parsed(.store("--store"), "store", { try $0.store.map(ServeOptions.storeLocation) }, into: \.storeLocation),
            .passwordFile("--store-password-file", \.storePasswordFile, into: \.redis.password),
            .passwordFile("--sentinel-password-file", \.sentinelPasswordFile, into: \.redis.sentinelPassword),
            .unsetByDefault(.integer("--redis-min-replica-acks", in: 0...64), "n", \.redisMinReplicaAcks, into: \.redis.minReplicaAcks, inForce: \.redisMinReplicaAcksInForce),
            // Logs
            .value(.choice("--log-level"), "level", \.logLevel, into: \.logLevel),
            .value(.choice("--log-format"), "format", \.logFormat, into: \.logFormat)
        ]
    }

    /// Also the one-shot commands' input limit (`BodyLimitOption`), so the rule stands alone.
    static var maxBodyBytesRule: EnvironmentSetting<Int> { .integer("--max-body-bytes", in: 1...(1 << 32)) }

    /// The row of `flag`; every `@Option` of `ServeCommand` has one.
    static func row(_ flag: String) -> ServeSetting {
        guard let row = all.first(where: { $0.flag == flag }) else { preconditionFailure("\(flag) is not in ServeSettings.all") }
        return row
    }

    /// The help of `flag`'s option, generated from its row and its words (`summary` for other
    /// words than `tessera serve`'s).
    static func help(_ flag: String, summary: String? = nil) -> ArgumentHelp {
        // Words left behind by a removed row: every debug run of `tessera serve` (the HTTP
        // tests start one) checks that each entry still has its row.
        // (`all` is built once for the check: once per word, it made `serve --help` take
        // half a minute in a debug build.)
        assert(
            Set(all.map(\.flag)).isSuperset(of: [summaries.keys, defaultsInWords.keys, details.keys].joined()),
            "ServeSettings+Help.swift has words for a flag that has no row")
        return row(flag).help(summary ?? Self.summary(flag), defaultInWords: defaultsInWords[flag])
    }

    /// The help's words for `flag`; every row has them.
    static func summary(_ flag: String) -> String {
        guard let summary = summaries[flag] else { preconditionFailure("\(flag) has no summary in ServeSettings.summaries") }
        return summary
    }
}
