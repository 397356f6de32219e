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

    @Option(help: ArgumentHelp("Address to listen on (TESSERA_HOST; default 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("TCP port, 0 for any free one (TESSERA_PORT; default 8080).", valueName: "port"))
    var port: Int?

    @Option(help: ArgumentHelp("Event loops (TESSERA_LOOPS; default one per CPU the process may use: cgroup quota and affinity).", valueName: "n"))
    var loops: Int?

    @Option(help: ArgumentHelp("Request body limit in bytes (TESSERA_MAX_BODY_BYTES; default 67108864 = 64 MiB).", valueName: "bytes"))
    var maxBodyBytes: Int?

    @Option(help: ArgumentHelp("Replies of at least this many bytes are gzipped for clients that accept it, 0 never (TESSERA_GZIP_MIN_BYTES; default 16384).", valueName: "bytes"))
    var gzipMinBytes: Int?

    @Option(help: ArgumentHelp("Seconds before an idle connection is closed (TESSERA_IDLE_TIMEOUT; default 60).", valueName: "seconds"))
    var idleTimeout: Int?

    @Option(help: ArgumentHelp("Sessions kept at once (TESSERA_MAX_SESSIONS; default 1024).", valueName: "n"))
    var maxSessions: Int?

    @Option(help: ArgumentHelp("Items in one session or request (TESSERA_MAX_ITEMS_PER_SESSION; default 5000000).", valueName: "n"))
    var maxItemsPerSession: Int?

    @Option(help: ArgumentHelp("Items across all sessions (TESSERA_MAX_TOTAL_ITEMS; default 50000000).", valueName: "n"))
    var maxTotalItems: Int?

    @Option(help: ArgumentHelp("An unused session expires after this long (TESSERA_SESSION_IDLE_SECONDS; default 900).", valueName: "seconds"))
    var sessionIdleSeconds: Int?

    @Option(help: ArgumentHelp("Sections in one session or request (TESSERA_MAX_SECTIONS_PER_SESSION; default 2000).", valueName: "n"))
    var maxSectionsPerSession: Int?

    @Option(help: ArgumentHelp("Bytes of cached rect-query replies, all sessions together; 0 turns the cache off (TESSERA_REPLY_CACHE_BYTES; default 67108864 = 64 MiB).", valueName: "bytes"))
    var replyCacheBytes: Int?

    @Option(help: ArgumentHelp("Elements (or animation plan entries) one reply may list (TESSERA_MAX_ELEMENTS_PER_REPLY; default 250000).", valueName: "n"))
    var maxElementsPerReply: Int?

    @Option(help: ArgumentHelp("Threads that run the offloaded requests (TESSERA_WORKERS; default one per usable CPU).", valueName: "n"))
    var workers: Int?

    @Option(help: ArgumentHelp("Offloaded requests waiting for a worker; more are answered 503 (TESSERA_MAX_QUEUED_REQUESTS; default 64).", valueName: "n"))
    var maxQueuedRequests: Int?

    @Option(help: ArgumentHelp("Seconds a request may wait for a worker before it is answered 503 instead (TESSERA_MAX_QUEUE_WAIT_SECONDS; default 10).", valueName: "seconds"))
    var maxQueueWaitSeconds: Int?

    @Option(help: ArgumentHelp("Request body bytes held at once, all connections together; a body that does not fit is answered 503 before it is read (TESSERA_MAX_BODY_BYTES_IN_FLIGHT; default 268435456 = 256 MiB).", valueName: "bytes"))
    var maxBodyBytesInFlight: Int?

    @Option(help: ArgumentHelp("Request body bytes one client (peer address) may hold at once, out of --max-body-bytes-in-flight; more is answered 503 before it is read (TESSERA_MAX_BODY_BYTES_PER_CLIENT; default a quarter of --max-body-bytes-in-flight, at least --max-body-bytes).", valueName: "bytes"))
    var maxBodyBytesPerClient: Int?

    @Option(help: ArgumentHelp("Bytes a second a request body must average once its grace has passed, or it is answered 408 and closed; 0 for no minimum (TESSERA_MIN_BODY_BYTES_PER_SECOND; default 16384).", valueName: "bytes"))
    var minBodyBytesPerSecond: Int?

    @Option(help: ArgumentHelp("Seconds after its head before a request body's minimum rate counts (TESSERA_BODY_RATE_GRACE_SECONDS; default 10).", valueName: "seconds"))
    var bodyRateGraceSeconds: Int?

    @Option(help: ArgumentHelp("Reply bytes handed out and not yet read by their clients, all connections together; a reply that does not fit is answered 503 (TESSERA_MAX_REPLY_BYTES_IN_FLIGHT; default 536870912 = 512 MiB, at least 64 MiB).", valueName: "bytes"))
    var maxReplyBytesInFlight: Int?

    @Option(help: ArgumentHelp("Seconds a request head may take from its first byte; 0 for no deadline (TESSERA_HEAD_DEADLINE_SECONDS; default 20).", valueName: "seconds"))
    var headDeadlineSeconds: Int?

    @Option(help: ArgumentHelp("Connections one event loop holds at once (TESSERA_MAX_CONNECTIONS_PER_LOOP; default: the descriptor limit less 64, shared by the loops, at most 4096).", valueName: "n"))
    var maxConnectionsPerLoop: Int?

    @Option(help: ArgumentHelp("Seconds, in all, to read and discard what a refused client still sends before closing (TESSERA_LINGER_SECONDS; default 2).", valueName: "seconds"))
    var lingerSeconds: Int?

    @Option(help: ArgumentHelp("Bytes, at most, read and discarded after refusing a request (TESSERA_LINGER_MAX_BYTES; default 1048576).", valueName: "bytes"))
    var lingerMaxBytes: Int?

    @Option(help: ArgumentHelp("Seconds between sweeps of the session store: expired sessions go, and copies of sessions deleted through another replica (TESSERA_STORE_SWEEP_SECONDS; default 30).", valueName: "seconds"))
    var storeSweepSeconds: Int?

    @Option(help: ArgumentHelp("Seconds a graceful shutdown waits for the requests in flight; 0 waits for them however long (TESSERA_SHUTDOWN_GRACE_SECONDS; default 30).", valueName: "seconds"))
    var shutdownGraceSeconds: Int?

    @Option(help: ArgumentHelp("Where sessions live: memory, sqlite:PATH, redis://HOST:PORT[/DB] or redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB] (TESSERA_STORE; default memory).", valueName: "store"))
    var store: String?

    @Option(help: ArgumentHelp("A file holding the Redis password (AUTH), so that it is on no command line and in no log (TESSERA_STORE_PASSWORD_FILE).", valueName: "path"))
    var storePasswordFile: String?

    @Option(help: ArgumentHelp("A file holding the sentinels' password (TESSERA_SENTINEL_PASSWORD_FILE).", valueName: "path"))
    var sentinelPasswordFile: String?

    @Option(help: ArgumentHelp("Redis replicas that must confirm a change (WAIT) before it is acknowledged (TESSERA_REDIS_MIN_REPLICA_ACKS; default 1 with redis-sentinel://, 0 with redis://).", valueName: "n"))
    var redisMinReplicaAcks: Int?

    @Option(help: ArgumentHelp("Least severe log level written: trace, debug, info, notice, warning, error, critical (TESSERA_LOG_LEVEL; default info). Access lines are info.", valueName: "level"))
    var logLevel: Logger.Level?

    @Option(help: ArgumentHelp("Log lines as json (one object per line) or text (TESSERA_LOG_FORMAT; default json).", valueName: "format"))
    var logFormat: LogFormat?

    /// The settings in force, after flags, environment and defaults; set by `validate()`.
    private var resolved: ServeOptions?

    private enum CodingKeys: String, CodingKey {
        case host, port, loops, maxBodyBytes, idleTimeout, maxSessions, maxItemsPerSession
        case maxTotalItems, sessionIdleSeconds, store, logLevel, logFormat
        case storePasswordFile, sentinelPasswordFile, redisMinReplicaAcks
        case gzipMinBytes
        case maxSectionsPerSession, replyCacheBytes, maxElementsPerReply, workers, maxQueuedRequests
        case maxQueueWaitSeconds, maxBodyBytesInFlight, maxReplyBytesInFlight, headDeadlineSeconds, maxConnectionsPerLoop
        case lingerSeconds, lingerMaxBytes, shutdownGraceSeconds, storeSweepSeconds
        case maxBodyBytesPerClient, minBodyBytesPerSecond, bodyRateGraceSeconds
    }

    mutating func validate() throws {
        resolved = try ServeOptions(self, environment: processEnvironment)
    }

    func run() throws {
        let options = try resolved ?? ServeOptions(self, environment: processEnvironment)
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
        defer { logSink.flush() }  // the writer thread dies with the process: nothing queued may be lost
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
        let telemetry = ServerTelemetry(accessLog: AccessLog(logger: logger, sink: logSink, eventLoops: options.http.eventLoops),
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
        // Exit 0 also when the grace period cut requests off: the shutdown was asked for
        // and done (the loops warned about what they closed unanswered).
        Output.emit("tessera stopped\n", to: Output.standardOutput)
        let uptime = (ContinuousClock.now - startTime).components.seconds
        logger.info("tessera stopped", metadata: ["uptime_s": .stringConvertible(Int(uptime)),
                                                  "sessions": .stringConvertible(service.store.count)])
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
