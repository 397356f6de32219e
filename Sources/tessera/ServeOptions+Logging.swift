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
            "max_sections_per_session": .stringConvertible(store.maxSectionsPerSession),
            "reply_cache_bytes": .stringConvertible(store.replyCacheBytes),
            "max_elements_per_reply": .stringConvertible(service.maxElementsPerReply),
            "max_queued_requests": .stringConvertible(http.maxQueuedRequests),
            "max_queue_wait_s": .stringConvertible(http.maxQueueWaitSeconds),
            "max_body_bytes_in_flight": .stringConvertible(http.maxBodyBytesInFlight),
            "max_body_bytes_per_client": .stringConvertible(http.bodyShareBytes),
            "min_body_bytes_per_s": .stringConvertible(http.minBodyBytesPerSecond),
            "body_rate_grace_s": .stringConvertible(http.bodyRateGraceSeconds),
            "max_reply_bytes_in_flight": .stringConvertible(http.maxReplyBytesInFlight),
            "head_deadline_s": .stringConvertible(http.headDeadlineSeconds),
            "max_connections_per_loop": .stringConvertible(http.connectionCapPerLoop),
            "linger_s": .stringConvertible(http.lingerSeconds),
            "linger_max_bytes": .stringConvertible(http.lingerMaxBytes),
            "shutdown_grace_s": .stringConvertible(http.shutdownGraceSeconds),
            "store_sweep_s": .stringConvertible(storeSweepSeconds),
            "log_level": .string(logLevel.rawValue),
            "log_format": .string(logFormat.rawValue)
        ]
    }
}
