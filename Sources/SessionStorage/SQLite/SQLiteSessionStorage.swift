import Dispatch
import Synchronization
import TesseraSupport

/// The embedded durable store: one SQLite database in WAL mode, every acknowledged change
/// committed with `synchronous=FULL` before the reply. Sessions are a row of counters, a
/// session image row and log rows, so appending to a big session writes only the new entry.
/// (The images live in the table `snapshots`, and their size in `sessions.snapshot_bytes`:
/// the stored names keep the old word, so files written before the rename still open.)
public final class SQLiteSessionStorage: SessionStorage {
    /// Idle connections: readers run in parallel (WAL), one per thread at a time.
    private let poolLock = BlockingLock()
    nonisolated(unsafe) private var idle: [SQLiteConnection]
    /// Writers of this process take turns here rather than in SQLite's busy handler, which
    /// sleeps in steps of milliseconds.
    private let writeLock = BlockingLock()
    public let path: String
    private let now: @Sendable () -> Int64

    /// Opens (or creates) the database and checks it: a file that is not a Tessera session
    /// database (another application's, a newer Tessera's), or that fails SQLite's integrity
    /// check, is refused with its path and the reason (for the operator: this happens once,
    /// at start-up, and goes to stderr, never into a reply).
    public init(path: String, now: @escaping @Sendable () -> Int64 = { WallClock.milliseconds() }) throws(StorageError) {
        let opened: (SQLiteConnection, SQLiteConnection)
        do {
            let c = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
            let schema = try SQLiteSchema.check(c)
            if schema == .none {
                // Big pages suit session images of megabytes (a new file only; an existing one keeps its).
                try c.execute("PRAGMA page_size=65536")
            }
            try c.execute("PRAGMA journal_mode=WAL")
            try Self.configure(c)
            if schema == .version1 {
                try c.execute(SQLiteSchema.upgrade)
            } else if schema != .current {
                // A new file, or one of an earlier Tessera that did not record its version: one
                // transaction creates what is missing and records the version, so a file never
                // holds half a schema. An up-to-date file is not written to here (a full disk
                // must not stop the start of a replica that can still serve reads).
                try c.execute("BEGIN IMMEDIATE; \(SQLiteSchema.create) PRAGMA user_version=\(SQLiteSchema.version); COMMIT")
            }
            opened = (c, try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000))
        } catch {
            throw error.naming(path)
        }
        self.idle = [opened.0]
        self.checkpointer = opened.1
        self.path = path
        self.now = now
    }

    private let checkpointer: SQLiteConnection
    private let checkpointLock = BlockingLock()
    private let checkpointState = Mutex((running: false, bytesSince: 0))

    /// Copies the write-ahead log into the database once a few megabytes have gone into it,
    /// on a background thread (PASSIVE: it never blocks readers or writers).
    private func wrote(_ bytes: Int) {
        let start = checkpointState.withLock { state -> Bool in
            state.bytesSince += bytes
            guard !state.running, state.bytesSince > 4 << 20 else { return false }
            state = (true, 0)
            return true
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            checkpointLock.locked { try? checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)") }
            checkpointState.withLock { $0.running = false }
        }
    }

    public var keepsSessionData: Bool { true }

    public var metricsName: String? { "sqlite" }

    /// Per-connection settings: every commit fsynced before it returns; checkpoints (copying
    /// the log into the database file) run on their own connection off the request path, not
    /// inside the commit that crossed a threshold.
    private static func configure(_ c: SQLiteConnection) throws(StorageError) {
        try c.execute("PRAGMA synchronous=FULL")
        try c.execute("PRAGMA wal_autocheckpoint=0")
    }

    private func withConnection<T>(write: Bool = false, _ body: (SQLiteConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        let taken = poolLock.locked { idle.popLast() }
        let c: SQLiteConnection
        if let taken {
            c = taken
        } else {
            c = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
            try Self.configure(c)
        }
        defer { poolLock.locked { idle.append(c) } }
        if write { return try writeLock.locked { () throws(StorageError) in try body(c) } }
        return try body(c)
    }

    /// Units (items, sections, identifier units) held by live sessions other than `except`.
    private func heldUnits(_ c: SQLiteConnection, except id: String, at now: Int64) throws(StorageError) -> (sessions: Int, units: Int) {
        var held = (sessions: 0, units: 0)
        try c.query(
            "SELECT count(*), coalesce(sum(items + sections + identifier_units), 0) FROM sessions WHERE quarantine IS NULL AND expires_at > ? AND id <> ?",
            [.int(now), .text(id)]
        ) { row in held = (Int(row.int(0)), Int(row.int(1))) }
        return held
    }

    public func create(
        id: String, version: Int, image: [UInt8], holding counts: StoredCounts,
        limits: StorageLimits
    ) throws(StorageError) -> CreateOutcome {
        let now = self.now()
        let outcome = try withConnection(write: true) { c throws(StorageError) in
            try c.transaction { () throws(StorageError) -> CreateOutcome in
                let held = try heldUnits(c, except: id, at: now)
                guard held.sessions < limits.maxSessions else { return .full(.sessions(limit: limits.maxSessions)) }
                guard held.units + counts.units <= limits.maxTotalItems else { return .full(.items(limit: limits.maxTotalItems)) }
                // An expired session's leftovers may still be there until the next sweep.
                try forget(c, id)
                try c.query(
                    "INSERT INTO sessions VALUES (?, ?, ?, ?, 0, ?, ?, NULL, ?)",
                    [
                        .text(id), .int(Int64(version)), .int(Int64(counts.items)), .int(Int64(counts.sections)),
                        .int(Int64(image.count)), .int(now + limits.idleExpiryMilliseconds), .int(Int64(counts.identifierUnits))
                    ])
                try c.query("INSERT INTO snapshots VALUES (?, ?, ?)", [.text(id), .int(Int64(version)), .blob(image)])
                return .created
            }
        }
        wrote(image.count)
        return outcome
    }

    public func currentVersion(of id: String, limits: StorageLimits) throws(StorageError) -> Int? {
        let now = self.now()
        return try withConnection { c throws(StorageError) -> Int? in
            var found: (version: Int64, expiresAt: Int64)?
            try c.query("SELECT version, expires_at FROM sessions WHERE id = ? AND quarantine IS NULL", [.text(id)]) { row in
                found = (row.int(0), row.int(1))
            }
            guard let found, found.expiresAt > now else { return nil }
            let renewed = now + limits.idleExpiryMilliseconds
            if renewed - found.expiresAt > limits.touchSlackMilliseconds {
                // Best-effort: the touch is a write, and a read must not fail because the
                // disk is full or a writer holds the lock. A touch that fails leaves the old
                // expiry (still in the future, checked above); the next read tries again.
                writeLock.locked {
                    try? c.query("UPDATE sessions SET expires_at = max(expires_at, ?) WHERE id = ?", [.int(renewed), .text(id)])
                }
            }
            return Int(found.version)
        }
    }

    public func load(id: String, after knownVersion: Int?) throws(StorageError) -> StoredSession? {
        let now = self.now()
        return try withConnection { c throws(StorageError) -> StoredSession? in
            // One read transaction: a compaction by another process cannot fall between the
            // image and the log.
            try c.execute("BEGIN")
            defer { try? c.execute("COMMIT") }
            var version: Int?
            try c.query("SELECT version FROM sessions WHERE id = ? AND quarantine IS NULL AND expires_at > ?", [.text(id), .int(now)]) { row in
                version = Int(row.int(0))
            }
            guard let version else { return nil }
            var imageVersion = 0
            try c.query("SELECT version FROM snapshots WHERE id = ?", [.text(id)]) { row in imageVersion = Int(row.int(0)) }
            var image: (version: Int, bytes: [UInt8])?
            if knownVersion.map({ $0 < imageVersion }) ?? true {
                try c.query("SELECT data FROM snapshots WHERE id = ?", [.text(id)]) { row in image = (imageVersion, row.blob(0)) }
                guard image != nil else { throw .corrupt("session \(id) has no session image") }
            }
            let from = image?.version ?? knownVersion ?? 0
            var log: [(version: Int, bytes: [UInt8])] = []
            try c.query("SELECT version, entry FROM log WHERE id = ? AND version > ? ORDER BY version", [.text(id), .int(Int64(from))]) { row in
                log.append((Int(row.int(0)), row.blob(1)))
            }
            return StoredSession(image: image, log: log, version: version)
        }
    }

    public func append(
        id: String, baseVersion: Int, entry: [UInt8], from old: StoredCounts, to new: StoredCounts,
        limits: StorageLimits
    ) throws(StorageError) -> AppendOutcome {
        let now = self.now()
        defer { wrote(entry.count + 256) }
        return try withConnection(write: true) { c throws(StorageError) in
            try c.transaction { () throws(StorageError) -> AppendOutcome in
                var row: (version: Int, units: Int, logBytes: Int, imageBytes: Int)?
                try c.query(
                    "SELECT version, items + sections + identifier_units, log_bytes, snapshot_bytes FROM sessions WHERE id = ? AND quarantine IS NULL AND expires_at > ?",
                    [.text(id), .int(now)]
                ) { r in row = (Int(r.int(0)), Int(r.int(1)), Int(r.int(2)), Int(r.int(3))) }
                guard let row else { return .gone }
                guard row.version == baseVersion else { return .stale(current: row.version) }
                if new.units > row.units {
                    let held = try heldUnits(c, except: id, at: now)
                    guard held.units + new.units <= limits.maxTotalItems else { return .full(.items(limit: limits.maxTotalItems)) }
                }
                try c.query("INSERT INTO log VALUES (?, ?, ?)", [.text(id), .int(Int64(baseVersion + 1)), .blob(entry)])
                try c.query(
                    "UPDATE sessions SET version = ?, items = ?, sections = ?, identifier_units = ?, log_bytes = log_bytes + ?, expires_at = ? WHERE id = ?",
                    [
                        .int(Int64(baseVersion + 1)), .int(Int64(new.items)), .int(Int64(new.sections)), .int(Int64(new.identifierUnits)),
                        .int(Int64(entry.count)), .int(now + limits.idleExpiryMilliseconds), .text(id)
                    ])
                return .appended(logBytes: row.logBytes + entry.count, imageBytes: row.imageBytes)
            }
        }
    }

    public func compact(id: String, version: Int, image: [UInt8]) throws(StorageError) {
        defer { wrote(image.count) }
        try withConnection(write: true) { c throws(StorageError) in
            try c.transaction { () throws(StorageError) in
                var current: Int?
                try c.query("SELECT version FROM snapshots WHERE id = ?", [.text(id)]) { row in current = Int(row.int(0)) }
                guard let current, current < version else { return }
                try c.query("UPDATE snapshots SET version = ?, data = ? WHERE id = ?", [.int(Int64(version)), .blob(image), .text(id)])
                try c.query("DELETE FROM log WHERE id = ? AND version <= ?", [.text(id), .int(Int64(version))])
                try c.query(
                    "UPDATE sessions SET snapshot_bytes = ?, log_bytes = (SELECT coalesce(sum(length(entry)), 0) FROM log WHERE id = ?) WHERE id = ?",
                    [.int(Int64(image.count)), .text(id), .text(id)])
            }
        }
    }

    public func remove(id: String, ifVersion: Int?) throws(StorageError) -> RemoveOutcome {
        let now = self.now()
        return try withConnection(write: true) { c throws(StorageError) in
            try c.transaction { () throws(StorageError) -> RemoveOutcome in
                var version: Int?
                try c.query("SELECT version FROM sessions WHERE id = ? AND quarantine IS NULL AND expires_at > ?", [.text(id), .int(now)]) { row in
                    version = Int(row.int(0))
                }
                guard let version else { return .gone }
                if let ifVersion, ifVersion != version { return .stale(current: version) }
                try forget(c, id)
                return .removed
            }
        }
    }

    private func forget(_ c: SQLiteConnection, _ id: String) throws(StorageError) {
        try c.query("DELETE FROM log WHERE id = ?", [.text(id)])
        try c.query("DELETE FROM snapshots WHERE id = ?", [.text(id)])
        try c.query("DELETE FROM sessions WHERE id = ?", [.text(id)])
    }

    /// The rows stay (an operator can inspect them); the session is no longer served or counted.
    public func quarantine(id: String, reason: String) throws(StorageError) {
        try withConnection(write: true) { c throws(StorageError) in
            try c.query("UPDATE sessions SET quarantine = ? WHERE id = ?", [.text(reason), .text(id)])
        }
    }

    public func sweep(limits: StorageLimits) throws(StorageError) {
        let now = self.now()
        try withConnection(write: true) { c throws(StorageError) in
            try c.transaction { () throws(StorageError) in
                let expired = "SELECT id FROM sessions WHERE quarantine IS NULL AND expires_at <= ?"
                try c.query("DELETE FROM log WHERE id IN (\(expired))", [.int(now)])
                try c.query("DELETE FROM snapshots WHERE id IN (\(expired))", [.int(now)])
                try c.query("DELETE FROM sessions WHERE quarantine IS NULL AND expires_at <= ?", [.int(now)])
            }
        }
    }

    public func sessionCount(limits: StorageLimits) -> Int? {
        let now = self.now()
        return try? withConnection { c throws(StorageError) -> Int in
            var n = 0
            try c.query("SELECT count(*) FROM sessions WHERE quarantine IS NULL AND expires_at > ?", [.int(now)]) { row in n = Int(row.int(0)) }
            return n
        }
    }

    public func ping() throws(StorageError) {
        try withConnection { c throws(StorageError) in try c.query("SELECT 1") }
    }

    public func existing(_ ids: [String]) throws(StorageError) -> Set<String> {
        let now = self.now()
        return try withConnection { c throws(StorageError) -> Set<String> in
            var held: Set<String> = []
            for id in ids {
                try c.query("SELECT 1 FROM sessions WHERE id = ? AND quarantine IS NULL AND expires_at > ?", [.text(id), .int(now)]) { _ in
                    held.insert(id)
                }
            }
            return held
        }
    }

    /// The reasons sessions were quarantined, by id (for operators and tests).
    public func quarantined() throws(StorageError) -> [String: String] {
        try withConnection { c throws(StorageError) -> [String: String] in
            var out: [String: String] = [:]
            try c.query("SELECT id, quarantine FROM sessions WHERE quarantine IS NOT NULL") { row in out[row.text(0)] = row.text(1) }
            return out
        }
    }
}
