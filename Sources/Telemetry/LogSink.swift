import Glibc
import Synchronization

/// Where log lines go: a file descriptor (standard error by default), one write(2) per line
/// under a lock, so lines from different threads never interleave.
public final class LogSink: Sendable {
    public let format: LogFormat
    private let descriptor: Int32
    private let lock = Mutex(())

    public init(format: LogFormat, descriptor: Int32 = 2) {
        self.format = format
        self.descriptor = descriptor
    }

    /// Writes one line (the newline is added here). A full pipe blocks the writer, as any
    /// synchronous logger does; a closed one drops the line.
    func write(_ line: inout [UInt8]) {
        line.append(0x0A)
        lock.withLock { _ in
            line.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if n > 0 {
                        offset += n
                    } else if n < 0 && errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
    }
}
