#if canImport(Glibc)
    import Glibc
#endif
import ArgumentParser
import LayoutService

/// The body a one-shot subcommand reads: a file, or standard input for `-` (the default).
enum InputFile {
    /// At most `limit` bytes: one more and the input is refused (exit 1), as the server
    /// refuses a body over `--max-body-bytes`, so an endless input (`/dev/zero`, a pipe that
    /// never closes with data) ends instead of growing until the process is killed.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw failure("cannot open '\(path)': \(String(cString: strerror(errno)))") }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Never ask for more than one byte past the limit: that byte is the proof.
            let n = Glibc.read(fd, &buffer, min(buffer.count, limit + 1 - bytes.count))
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            bytes += buffer[0..<n]
            if bytes.count > limit {
                let name = path == "-" ? "standard input" : "'\(path)'"
                throw failure("\(name) is larger than \(limit) bytes (--max-body-bytes)")
            }
        }
        return bytes
    }

    /// A file that cannot be read is not a usage error: say so and exit 1.
    static func failure(_ message: String) -> ExitCode {
        Output.emit("tessera: \(message)\n", to: Output.standardError)
        return ExitCode(1)
    }

    /// What a one-shot subcommand produced, written out; a failure exits 1.
    static func finish(_ outcome: CommandOutcome) throws {
        writeAll(outcome.standardOutput, to: Output.standardOutput)
        if !outcome.standardError.isEmpty { Output.emit(outcome.standardError, to: Output.standardError) }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            rest = rest.dropFirst(n)
        }
    }
}
