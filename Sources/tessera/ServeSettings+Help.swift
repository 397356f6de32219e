import Logging

/// The help's words for each row of `ServeSettings.all`, by flag, and the configuration page's
/// longer ones. Apart from the rows: beside a row's few short columns they would make lines of
/// two or three hundred characters.
extension ServeSettings {
    /// What the help says before its "(VARIABLE; default …)" part.
    // A table reads one entry a line: swift-format would move the long ones' text to a line of
    // its own.
    // swift-format-ignore
    static var summaries: [String: String] {
        [
            // Listening and connections
            "--host": "Address to listen on",
            "--port": "TCP port, 0 for any free one",
            "--loops": "Event loops",
            "--workers": "Threads that run the offloaded requests",
            "--idle-timeout": "Seconds before an idle connection is closed",
            "--head-deadline-seconds": "Seconds a request head may take from its first byte; 0 for no deadline",
            "--max-connections-per-loop": "Connections one event loop holds at once",
            "--linger-seconds": "Seconds, in all, to read and discard what a refused client still sends before closing",
            "--linger-max-bytes": "Bytes, at most, read and discarded after refusing a request",
            "--gzip-min-bytes": "Replies of at least this many bytes are gzipped for clients that accept it, 0 never",
            "--shutdown-grace-seconds": "Seconds a graceful shutdown waits for the requests in flight; 0 waits for them however long",
            // Sessions
            "--max-sessions": "Sessions kept at once",
            "--max-items-per-session": "Items in one session or request",
            "--max-total-items": "Items across all sessions",
            "--max-sections-per-session": "Sections in one session or request",
            "--max-identifier-bytes-per-session": "Bytes of section and item identifiers in one session (also counted by --max-total-items, 32 bytes a unit)",
            "--session-idle-seconds": "An unused session expires after this long",
            "--reply-cache-bytes": "Bytes of cached rect-query replies, all sessions together, each kept from its second request; 0 turns the cache off",
            "--store-sweep-seconds": "Seconds between sweeps of the session store: expired sessions go, and copies of sessions deleted through another replica",
            // What one request may cost and how long anything may hold on (issue 8)
            "--max-body-bytes": "Request body limit in bytes",
            "--max-elements-per-reply": "Elements (or animation plan entries) one reply may list",
            "--max-queued-requests": "Offloaded requests waiting for a worker; more are answered 503",
            "--max-queue-wait-seconds": "Seconds a request may wait for a worker before it is answered 503 instead",
            "--max-body-bytes-in-flight": "Request body bytes held at once, all connections together, each body counting the bytes it has sent so far; a body whose bytes do not fit is answered 503",
            "--max-body-bytes-per-client": "Request body bytes one client address may hold at once, out of --max-body-bytes-in-flight; more is answered 503. The address is the peer's, or the X-Forwarded-For client of a --trusted-proxy",
            "--trusted-proxy": "A proxy address or CIDR block (10.0.0.0/8, ::1/128) whose X-Forwarded-For names the client a body counts against (the rightmost address in it that is not a trusted proxy); repeat it or separate blocks with commas. Other peers' X-Forwarded-For is ignored",
            "--min-body-bytes-per-second": "Bytes a second a request body must average once its grace has passed, or it is answered 408 and closed; 0 for no minimum",
            "--body-rate-grace-seconds": "Seconds after its head before a request body's minimum rate counts",
            "--max-reply-bytes-in-flight": "Reply bytes handed out and not yet read by their clients, all connections together, never less than 64 MiB; a reply that does not fit is answered 503, one larger than the whole budget 507",
            // Where sessions live
            "--store": "Where sessions live: memory, sqlite:PATH, redis://HOST:PORT[/DB], redis-sentinel://HOST:PORT,HOST:PORT,…/MASTER-NAME[/DB] or redis-cluster://HOST:PORT,HOST:PORT,…",
            "--store-password-file": "A file holding the Redis password (AUTH), so that it is on no command line and in no log",
            "--sentinel-password-file": "A file holding the sentinels' password",
            "--redis-min-replica-acks": "Redis replicas that must confirm a change (WAIT) before it is acknowledged",
            // Logs
            "--log-level": "Least severe log level written: \(words(Logger.Level.self)); access lines are info",
            "--log-format": "Log lines as json (one object per line) or text"
        ]
    }

    /// Defaults worked out when the server starts, from the machine or from other settings:
    /// the help says how instead of showing this machine's figure.
    static var defaultsInWords: [String: String] {
        [
            "--loops": "one per CPU the process may use: cgroup quota and affinity",
            "--workers": "one per usable CPU",
            "--max-connections-per-loop": "the descriptor limit less 64, shared by the loops, at most 4096",
            "--max-body-bytes-per-client": "a quarter of --max-body-bytes-in-flight, at least --max-body-bytes",
            "--redis-min-replica-acks": "1 with redis-sentinel:// and redis-cluster://, 0 with redis://"
        ]
    }

    /// What the configuration page (docs/configuration.md, written by `tessera settings
    /// --markdown`) says after a row's summary, where the summary alone leaves out something
    /// an operator needs; `--help` stays with the summaries. Markdown, with links relative to
    /// docs/ (`make check-docs` resolves them in the page).
    // One entry a line, as above.
    // swift-format-ignore
    static var details: [String: String] {
        [
            // Listening and connections
            "--port": "The first line the server prints names the port it bound.",
            "--loops": "Each loop accepts on its own `SO_REUSEPORT` socket. The default counts the CPUs the process may use, not the host's cores: its cgroup quota (`docker run --cpus`, Kubernetes limits; cgroup v2 `cpu.max` or the v1 CFS quota, rounded up) and its affinity mask.",
            "--workers": "The offloaded requests are creates, updates and big queries ([limits.md](limits.md#what-a-cheap-request-cannot-do)).",
            "--idle-timeout": "Idle means that no request bytes arrive and the client takes none of its reply; checked once a second. A request a worker is still computing is never cut off.",
            "--head-deadline-seconds": "For a connection's first request the time counts from the accept. Beyond it the answer is 408 and the connection closes.",
            "--max-connections-per-loop": "At the cap a loop stops accepting; new connections wait in the kernel's backlog.",
            "--linger-seconds": "A refusal is, for instance, a 413 answered before the body was read.",
            "--gzip-min-bytes": "Clients accept it with `Accept-Encoding: gzip`. A smaller reply fits in TCP's first flight, where compressing saves no round trip ([the measurement](performance.md#gzip-threshold)).",
            "--shutdown-grace-seconds": "What a shutdown does: [operations.md](operations.md#shutdown).",
            // Sessions
            "--max-sessions": "A create beyond it is answered 503 `too_many_sessions` ([when the store is full](limits.md#when-the-session-store-is-full)).",
            "--max-total-items": "Counted in units across the whole store, on every change: a unit is an item, a section, or 32 bytes of identifiers. Each million units costs up to 85 MB ([memory](limits.md#memory)).",
            "--max-sections-per-session": "Beyond it: 400, or 422 for an update.",
            "--max-identifier-bytes-per-session": "Identifiers are counted packed, as a session keeps them: a tag byte plus the UTF-8 bytes, or 9 bytes for an integer. Beyond it: 400.",
            "--session-idle-seconds": "This is the store's time to live for a session.",
            // What one request may cost and how long anything may hold on (issue 8)
            "--max-body-bytes": "A larger body is answered 413 without being read. The one-shot commands (`tessera layout`, `render`, `validate`) read at most this much of their input too.",
            "--max-elements-per-reply": "With or without a rect. Beyond it the answer is a 400 naming `rect`, and the query stops there.",
            "--max-queued-requests": "The 503 is `server_busy`.",
            "--max-queue-wait-seconds": "The 503 is `server_busy`, and the request is not run.",
            "--max-body-bytes-in-flight": "A body holds the bytes it has received, from their arrival until its reply is written, never the length its head declares. The 503 is `server_busy`, and its connection closes.",
            "--max-body-bytes-per-client": "Counted as for `--max-body-bytes-in-flight`, across the client's connections; the 503 is `server_busy` ([behind a proxy](deployment.md#behind-a-proxy)).",
            "--trusted-proxy": "Without the header, or when its entries are not addresses, the body counts against the proxy itself ([behind a proxy](deployment.md#behind-a-proxy)).",
            "--min-body-bytes-per-second": "Checked once a second.",
            "--max-reply-bytes-in-flight": "The 503 is `server_busy`; the 507, `reply_too_large`, is for a reply that could never fit. The floor, 64 MiB, holds one reply of the most elements.",
            // Where sessions live
            "--store": "`sqlite:PATH` is durable (`make run` and the container image use it); `redis://` is shared by replicas; `redis-sentinel://` is shared and follows Sentinel's failovers; `redis-cluster://` shards sessions over a Redis Cluster's masters and follows its failovers and resharding ([deployment.md](deployment.md)).",
            "--store-password-file": "The password is the file's first line.",
            "--sentinel-password-file": "The password is the file's first line, as for `--store-password-file`.",
            "--redis-min-replica-acks": "`WAIT` gives them a second; with fewer confirmations the answer is 503 `store_outcome_unknown`.",
            // Logs
            "--log-format": "A text line is `time level message key=value …` ([logs](operations.md#logs))."
        ]
    }

    private static func words<Choice: CaseIterable & RawRepresentable>(_: Choice.Type) -> String where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
