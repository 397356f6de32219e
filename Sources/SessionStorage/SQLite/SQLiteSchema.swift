/// The tables Tessera keeps in its SQLite file, and the start-up check that the file holds
/// them and nothing else: another application's database (say, a `sessions` table of its
/// own shape) or a newer Tessera's would otherwise pass SQLite's own check and fail every
/// session request with 503 while /healthz and /readyz said all was well.
enum SQLiteSchema {
    /// `PRAGMA user_version` of a file this Tessera made (0: a new file, or one made before
    /// the version was recorded). Raise it with any change to the tables below.
    /// 2: `sessions.identifier_units` (issue 34, point 4), added to a version-1 file at start.
    static let version: Int64 = 2

    static let create = """
        CREATE TABLE IF NOT EXISTS sessions(
            id TEXT PRIMARY KEY, version INTEGER NOT NULL, items INTEGER NOT NULL,
            sections INTEGER NOT NULL, log_bytes INTEGER NOT NULL, snapshot_bytes INTEGER NOT NULL,
            expires_at INTEGER NOT NULL, quarantine TEXT, identifier_units INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS snapshots(id TEXT PRIMARY KEY, version INTEGER NOT NULL, data BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS log(id TEXT NOT NULL, version INTEGER NOT NULL, entry BLOB NOT NULL);
        CREATE UNIQUE INDEX IF NOT EXISTS log_by_session ON log(id, version);
        """

    /// Makes a version-1 file current, in one transaction: its sessions held no identifier
    /// units then (they were not counted), so 0 until their next change.
    static let upgrade = """
        BEGIN IMMEDIATE;
        ALTER TABLE sessions ADD COLUMN identifier_units INTEGER NOT NULL DEFAULT 0;
        PRAGMA user_version=2;
        COMMIT
        """

    /// Each table's columns, in order, as `create` makes them. `snapshots` and
    /// `sessions.snapshot_bytes` hold the session images and their sizes: the names keep the
    /// images' old name, so that files written before still open.
    static let tables: [(name: String, columns: [String])] = [
        ("sessions", ["id", "version", "items", "sections", "log_bytes", "snapshot_bytes", "expires_at", "quarantine", "identifier_units"]),
        ("snapshots", ["id", "version", "data"]),
        ("log", ["id", "version", "entry"])
    ]

    enum State: Equatable {
        /// No tables yet: a new (or empty) file.
        case none
        /// Tessera's tables without the version recorded (an earlier Tessera).
        case unversioned
        /// A version-1 file: its sessions lack `identifier_units` (`upgrade` adds it).
        case version1
        case current
    }

    /// SQLite's quick_check (every page reachable and well formed), the schema version, and
    /// the tables and their columns. The messages leave out the path; the caller adds it.
    static func check(_ c: SQLiteConnection) throws(StorageError) -> State {
        var problems: [String] = []
        do {
            try c.query("PRAGMA quick_check") { row in problems.append(row.text(0)) }
        } catch {
            throw .corrupt("not a readable SQLite database (\(error))")
        }
        guard problems == ["ok"] else {
            throw .corrupt("failed SQLite's integrity check: \(problems.prefix(3).joined(separator: "; "))")
        }
        var stored: Int64 = 0
        try c.query("PRAGMA user_version") { row in stored = row.int(0) }
        guard stored <= version else {
            throw .corrupt(
                "schema version \(stored) is newer than the version \(version) this tessera reads (written by a newer tessera, or not a Tessera session database); refusing to start rather than misread it"
            )
        }
        var present: [String] = []
        try c.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name") { row in
            present.append(row.text(0))
        }
        if present.isEmpty { return .none }
        let foreign = present.filter { name in !tables.contains { $0.name == name } }
        guard foreign.isEmpty else {
            throw .corrupt(
                "not a Tessera session database: it holds tables Tessera does not make (\(foreign.prefix(5).joined(separator: ", "))); refusing to start"
            )
        }
        for table in tables {
            var columns: [String] = []
            try c.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table.name)]) { row in columns.append(row.text(0)) }
            if stored == 1, table.name == "sessions", columns == table.columns.dropLast() { return .version1 }
            guard columns == table.columns else {
                let found = columns.isEmpty ? "is missing" : "has columns (\(columns.joined(separator: ", ")))"
                throw .corrupt(
                    "not a Tessera session database: table \(table.name) \(found), Tessera's has (\(table.columns.joined(separator: ", "))); refusing to start"
                )
            }
        }
        return stored == version ? .current : .unversioned
    }
}

extension StorageError {
    /// The same error with the database's path in front: for start-up refusals, which go to
    /// the operator's stderr (errors met while serving leave it out: they reach replies).
    func naming(_ path: String) -> StorageError {
        switch self {
        case .unavailable(let m): .unavailable("\(path): \(m)")
        case .corrupt(let m): .corrupt("\(path): \(m)")
        case .outcomeUnknown(let m): .outcomeUnknown("\(path): \(m)")
        }
    }
}
