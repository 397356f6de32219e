import Foundation

/// A fresh directory for one test's database files (the storage tests and the service's
/// persistence tests both open SQLite files).
public func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
