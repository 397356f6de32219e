import CSQLite

/// One SQLite connection with the few calls the store makes. Not thread-safe by itself: the
/// storage serialises every use under its lock.
///
/// Its errors never name the file: they reach HTTP replies (503 `store_unavailable`), and a
/// server path is none of a client's business. The start-up check adds the path itself,
/// for the operator's stderr.
final class SQLiteConnection: @unchecked Sendable {
    private let db: OpaquePointer
    let path: String
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, busyTimeoutMilliseconds: Int32) throws(StorageError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Self.error(rc, "cannot open the SQLite database: \(message)")
        }
        db = handle
        self.path = path
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit {
        for s in statements.values { sqlite3_finalize(s) }
        sqlite3_close(db)
    }

    static func error(_ rc: Int32, _ message: String) -> StorageError {
        switch rc & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT: .corrupt(message)
        default: .unavailable(message)
        }
    }

    private func failure(_ rc: Int32, _ what: String) -> StorageError {
        Self.error(rc, "SQLite: \(what): \(String(cString: sqlite3_errmsg(db)))")
    }

    /// Runs statements that bind nothing and return nothing.
    func execute(_ sql: String) throws(StorageError) {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw failure(rc, sql) }
    }

    /// A value bound to a `?` parameter.
    enum Value {
        case int(Int64)
        case text(String)
        case blob([UInt8])
    }

    /// One result row, read by column.
    struct Row {
        fileprivate let statement: OpaquePointer

        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        func text(_ column: Int32) -> String {
            guard let p = sqlite3_column_text(statement, column) else { return "" }
            return String(cString: p)
        }

        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let p = sqlite3_column_blob(statement, column) else { return [] }
            return [UInt8](UnsafeRawBufferPointer(start: p, count: count))
        }
    }

    /// Runs a cached prepared statement, calling `row` for each result row.
    func query(_ sql: String, _ values: [Value] = [], row: (Row) throws(StorageError) -> Void = { _ in }) throws(StorageError) {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (i, v) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch v {
            case .int(let n): rc = sqlite3_bind_int64(statement, index, n)
            case .text(let s): rc = sqlite3_bind_text(statement, index, s, -1, tessera_sqlite_transient())
            case .blob(let b):
                rc = b.withUnsafeBytes {
                    sqlite3_bind_blob64(
                        statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64($0.count), tessera_sqlite_transient())
                }
            }
            guard rc == SQLITE_OK else { throw failure(rc, "bind") }
        }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw failure(rc, sql) }
            try row(Row(statement: statement))
        }
    }

    func changes() -> Int { Int(sqlite3_changes(db)) }

    private func prepared(_ sql: String) throws(StorageError) -> OpaquePointer {
        if let s = statements[sql] { return s }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc, "prepare \(sql)") }
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE takes the write lock up front,
    /// so a compare-and-set cannot be overtaken between its read and its write).
    func transaction<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
