#if canImport(Glibc)
    import Glibc
#endif

/// Bytes the process's heap has in use (glibc's own count: every arena and every mmapped
/// chunk, capacity and chunk headers included), read from `malloc_stats()`'s "Total (incl.
/// mmap)" lines. Swift's Glibc module leaves out malloc.h (and `mallinfo2`), so the function
/// is found with dlsym and its report, written to stderr, is caught in a temporary file.
enum HeapInUse {
    private typealias MallocStats = @convention(c) () -> Void

    static func bytes() -> Int? {
        guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
        let stats = unsafeBitCast(symbol, to: MallocStats.self)
        var template = Array("/tmp/tessera-bench-heap-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return nil }
        defer {
            close(fd)
            unlink(template)
        }
        let saved = dup(2)
        guard saved >= 0 else { return nil }
        dup2(fd, 2)
        stats()
        dup2(saved, 2)
        close(saved)
        lseek(fd, 0, SEEK_SET)
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            text.append(contentsOf: chunk[..<n])
        }
        // "Total (incl. mmap):\nsystem bytes = …\nin use bytes = N"
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        guard let total = lines.firstIndex(where: { $0.hasPrefix("Total") }) else { return nil }
        for line in lines[total...] where line.hasPrefix("in use bytes") {
            return line.split(separator: "=").last.flatMap { Int($0.trimmingCharacters(in: " ")) }
        }
        return nil
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
