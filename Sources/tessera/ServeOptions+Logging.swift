import Logging

extension ServeOptions {
    /// The configuration in force, as the start-up log line carries it.
    var logMetadata: Logger.Metadata {
        [
            "host": .string(http.host),
            "port": .stringConvertible(http.port),
            "loops": .stringConvertible(http.eventLoops),
            "workers": .stringConvertible(http.workerThreads),
            "max_body_bytes": .stringConvertible(http.maxBodySize),
            "idle_timeout_s": .stringConvertible(http.idleTimeoutSeconds),
            "max_sessions": .stringConvertible(store.maxSessions),
            "max_items_per_session": .stringConvertible(store.maxItemsPerSession),
            "max_total_items": .stringConvertible(store.maxTotalItems),
            "session_idle_s": .stringConvertible(Int(store.idleExpirySeconds)),
            "log_level": .string(logLevel.rawValue),
            "log_format": .string(logFormat.rawValue),
        ]
    }
}
