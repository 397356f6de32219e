#if canImport(Glibc)
    import Glibc
#endif

/// A password file (`--store-password-file`): read whole, at most 4 KiB, so that a password
/// is never on a command line (visible in `ps`) or in the environment of every child.
enum SecretFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(description: "cannot open it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4097)
        var count = 0
        while count < buffer.count {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read it: \(String(cString: strerror(errno)))")
            }
            count += n
        }
        guard count < buffer.count else { throw Failure(description: "it is larger than 4 KiB") }
        return Array(buffer[..<count])
    }
}
