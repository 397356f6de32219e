#if canImport(Glibc)
    import Glibc
#endif

/// Writes straight to a file descriptor (C's `stdout`/`stderr` globals are not
/// concurrency-safe to touch from Swift 6).
enum Output {
    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    static func emit(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
