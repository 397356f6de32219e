// Entry points for the test suites, and for nothing else (issue 36). What a suite needs of
// SessionStorage's internals is gathered here, as swift-collections' `Deque+Testing.swift`
// gathers Deque's, so that the suite imports the module plainly rather than through
// `@testable import`. The hooks are `package`: users of the module never see them, and the
// members they forward to stay internal. Each is the internal member's name with a leading
// underscore.

extension SQLiteSessionStorage {
    /// `SQLiteSchema.create`: the statements that make Tessera's tables in a new file.
    package static var _schemaStatements: String { SQLiteSchema.create }

    /// `SQLiteSchema.version`: the `PRAGMA user_version` of a file this Tessera made.
    package static var _schemaVersion: Int64 { SQLiteSchema.version }

    /// `SQLiteConnection.execute`: runs `statements` on the file at `path` (made when
    /// missing) through a connection of its own, closed before this returns (closing
    /// checkpoints the WAL into the file and removes it).
    package static func _execute(_ statements: String, onFileAt path: String) throws(StorageError) {
        try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000).execute(statements)
    }

    /// `SQLiteConnection.query`: the first column of each row `sql` answers on the file at
    /// `path`, as integers.
    package static func _integers(_ sql: String, onFileAt path: String) throws(StorageError) -> [Int64] {
        var values: [Int64] = []
        try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000).query(sql) { values.append($0.int(0)) }
        return values
    }

    /// `SQLiteConnection.query`: the first column of each row `sql` answers on the file at
    /// `path`, as text.
    package static func _texts(_ sql: String, onFileAt path: String) throws(StorageError) -> [String] {
        var values: [String] = []
        try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000).query(sql) { values.append($0.text(0)) }
        return values
    }
}
