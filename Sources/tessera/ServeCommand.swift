#if canImport(Glibc)
    import Glibc
#endif
import ArgumentParser
import EventHTTP
import LayoutService
import Logging
import Telemetry

/// `tessera serve`: options, wiring, signals; nothing else.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Tessera layout API over HTTP.",
        discussion: """
            Every option can also be set by the environment variable named in its help; \
            a flag wins over its variable, which wins over the default.
            """)

    // swift-argument-parser finds options by reflecting on stored properties, so they cannot
    // be generated from the settings table; each is declared here once, as one line, and
    // everything else (help, variable, range, default, where the value goes, its key in the
    // start-up log line) comes from its row in `ServeSettings` and its words in
    // `ServeSettings+Help.swift`. Declaring them keeps the parser's typed values, usage
    // errors, help layout and shell completion, which a hand-written parser of the table
    // would redo.
    @Option(help: ServeSettings.help("--host")) var host: String?
    @Option(help: ServeSettings.help("--port")) var port: Int?
    @Option(help: ServeSettings.help("--loops")) var loops: Int?
    @Option(help: ServeSettings.help("--max-body-bytes")) var maxBodyBytes: Int?
    @Option(help: ServeSettings.help("--gzip-min-bytes")) var gzipMinBytes: Int?
    @Option(help: ServeSettings.help("--idle-timeout")) var idleTimeout: Int?
    @Option(help: ServeSettings.help("--max-sessions")) var maxSessions: Int?
    @Option(help: ServeSettings.help("--max-items-per-session")) var maxItemsPerSession: Int?
    @Option(help: ServeSettings.help("--max-total-items")) var maxTotalItems: Int?
    @Option(help: ServeSettings.help("--session-idle-seconds")) var sessionIdleSeconds: Int?
    @Option(help: ServeSettings.help("--max-sections-per-session")) var maxSectionsPerSession: Int?
    @Option(help: ServeSettings.help("--max-identifier-bytes-per-session")) var maxIdentifierBytesPerSession: Int?
    @Option(help: ServeSettings.help("--reply-cache-bytes")) var replyCacheBytes: Int?
    @Option(help: ServeSettings.help("--max-elements-per-reply")) var maxElementsPerReply: Int?
    @Option(help: ServeSettings.help("--workers")) var workers: Int?
    @Option(help: ServeSettings.help("--max-queued-requests")) var maxQueuedRequests: Int?
    @Option(help: ServeSettings.help("--max-queue-wait-seconds")) var maxQueueWaitSeconds: Int?
    @Option(help: ServeSettings.help("--max-body-bytes-in-flight")) var maxBodyBytesInFlight: Int?
    @Option(help: ServeSettings.help("--max-body-bytes-per-client")) var maxBodyBytesPerClient: Int?
    @Option(help: ServeSettings.help("--trusted-proxy")) var trustedProxy: [String] = []
    @Option(help: ServeSettings.help("--min-body-bytes-per-second")) var minBodyBytesPerSecond: Int?
    @Option(help: ServeSettings.help("--body-rate-grace-seconds")) var bodyRateGraceSeconds: Int?
    @Option(help: ServeSettings.help("--max-reply-bytes-in-flight")) var maxReplyBytesInFlight: Int?
    @Option(help: ServeSettings.help("--head-deadline-seconds")) var headDeadlineSeconds: Int?
    @Option(help: ServeSettings.help("--max-connections-per-loop")) var maxConnectionsPerLoop: Int?
    @Option(help: ServeSettings.help("--linger-seconds")) var lingerSeconds: Int?
    @Option(help: ServeSettings.help("--linger-max-bytes")) var lingerMaxBytes: Int?
    @Option(help: ServeSettings.help("--store-sweep-seconds")) var storeSweepSeconds: Int?
    @Option(help: ServeSettings.help("--shutdown-grace-seconds")) var shutdownGraceSeconds: Int?
    @Option(help: ServeSettings.help("--store")) var store: String?
    @Option(help: ServeSettings.help("--store-password-file")) var storePasswordFile: String?
    @Option(help: ServeSettings.help("--sentinel-password-file")) var sentinelPasswordFile: String?
    @Option(help: ServeSettings.help("--redis-min-replica-acks")) var redisMinReplicaAcks: Int?
    @Option(help: ServeSettings.help("--log-level")) var logLevel: Logger.Level?
    @Option(help: ServeSettings.help("--log-format")) var logFormat: LogFormat?

    /// A bad value stops the command before anything starts (`run` resolves them again).
    func validate() throws {
        _ = try ServeOptions(self, environment: processEnvironment)
    }

    func run() throws {
        let options = try ServeOptions(self, environment: processEnvironment)
        let status = Self.serve(options)
        if status != 0 { throw ExitCode(status) }
    }

    static func serve(_ options: ServeOptions) -> Int32 {
        // A parent may have blocked these (signal masks are inherited); the graceful
        // shutdown needs them delivered.
        var shutdownSignals = sigset_t()
        sigemptyset(&shutdownSignals)
        sigaddset(&shutdownSignals, SIGINT)
        sigaddset(&shutdownSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &shutdownSignals, nil)
        // Logs and metrics first: handles made before their bootstrap would stay no-ops.
        let (logger, logSink) = Self.bootstrapLogging(options)
        defer { logSink.flush() } // the writer thread dies with the process: nothing queued may be lost
        let exposition = PrometheusExposition.bootstrap()
        // Under a file size limit (`ulimit -f`) a store write past it must fail with EFBIG,
        // answered 503 like a full disk, not kill the server (SIGXFSZ's default action).
        signal(SIGXFSZ, SIG_IGN)
        let store: SessionStore
        do {
            store = try SessionStore.open(options.storeLocation, configuration: options.store, redis: options.redis)
        } catch {
            // A database that fails its check stops the start with the reason: serving on
            // without it would silently drop every session it holds.
            Output.emit("tessera: cannot open the session store \(options.storeLocation): \(error)\n", to: Output.standardError)
            return 1
        }
        let service = TesseraService(store: store, limits: options.service)
        var router = Routes.make(service)
        Routes.addMetrics(to: &router, exposition: exposition, store: service.store)
        let telemetry = ServerTelemetry(
            accessLog: AccessLog(logger: logger, sink: logSink, eventLoops: options.http.eventLoops),
            metrics: HTTPMetrics(eventLoops: options.http.eventLoops))
        var http = options.http
        // The server's own warnings (accept failures, the shutdown grace period) go to the log.
        http.warn = { logger.warning("\($0)") }
        let server = HTTPServer(configuration: http, router: router, observer: telemetry)
        do {
            try server.start()
        } catch {
            Output.emit("tessera: cannot serve on \(options.http.host):\(options.http.port): \(error)\n", to: Output.standardError)
            logger.critical("tessera cannot serve", error: error, metadata: options.logMetadata)
            return 1
        }
        // Expired sessions are dropped when touched or when the store is full; the sweep also
        // frees the memory of ones nobody touches again. (On a loop timer and a worker, not
        // libdispatch: its lazy set-up needs descriptors, and aborted the process when a
        // flood of connections had taken them all.)
        let sweptStore = service.store
        server.runPeriodically(everySeconds: options.storeSweepSeconds) { sweptStore.sweep() }
        // Everything is set up before the line that tells scripts and tests the server is
        // ready: a SIGTERM sent right after it must find nothing left to set up (one used to
        // land between the line and the sweep's set-up, which then trapped: exit 132).
        server.installSignalHandlers()
        let startTime = ContinuousClock.now
        // The line first: with the log on the same pipe, readers expect it before any log line.
        Output.emit("tessera listening on http://\(options.http.host):\(server.boundPort)\n", to: Output.standardOutput)
        var started = options.logMetadata
        started["port"] = .stringConvertible(server.boundPort)
        started["version"] = .string(TesseraCommand.configuration.version)
        logger.info("tessera started", metadata: started)
        server.runUntilShutdown()
        // Every request is answered: hand the sessions over (issue 39), so that another
        // replica's next change waits for none of this one's read leases to expire.
        let released = service.store.storage.releaseLeases()
        if released > 0 { logger.info("read leases released", metadata: ["leases": .stringConvertible(released)]) }
        // Exit 0 also when the grace period cut requests off: the shutdown was asked for
        // and done (the loops warned about what they closed unanswered).
        Output.emit("tessera stopped\n", to: Output.standardOutput)
        let uptime = (ContinuousClock.now - startTime).components.seconds
        logger.info(
            "tessera stopped",
            metadata: [
                "uptime_s": .stringConvertible(Int(uptime)),
                "sessions": .stringConvertible(service.store.count)
            ])
        return 0
    }

    /// swift-log writes through `LineLogHandler` to standard error (standard output keeps
    /// the one "listening on" line that scripts read).
    static func bootstrapLogging(_ options: ServeOptions) -> (Logger, LogSink) {
        let sink = LogSink(format: options.logFormat)
        let level = options.logLevel
        LoggingSystem.bootstrap { LineLogHandler(label: $0, sink: sink, level: level) }
        return (Logger(label: "tessera"), sink)
    }
}
