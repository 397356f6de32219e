import EventHTTP
import Glibc
import TesseraSupport

/// Where log lines go: a file descriptor (standard error by default), written by a thread of
/// its own. Callers append a line to a buffer under a lock and return; the writer wakes for
/// the first line after a quiet spell, lets lines gather for `gatherMicroseconds`, then takes
/// the whole buffer and writes it with one write(2). A request thread never waits for the
/// descriptor (a pipe to a log driver, a file), and under load hundreds of lines share one
/// system call and one wake-up (docs/performance.md#gathered-log-writes).
public final class LogSink: Sendable {
    public let format: LogFormat
    private let descriptor: Int32

    private struct Pending {
        var bytes: [UInt8] = []
        /// Lines appended but not yet written, counting the batch being written.
        var unwritten = 0
        var writerStarted = false
    }

    private let pending = ThreadCondition(Pending())
    /// A writer that falls this far behind makes callers wait (as a synchronous logger
    /// would) rather than grow without bound.
    private static let maxPendingBytes = 8 << 20
    /// How long the writer lets lines gather: lines appear at most this late.
    private static let gatherMicroseconds: UInt32 = 20_000

    public init(format: LogFormat, descriptor: Int32 = 2) {
        self.format = format
        self.descriptor = descriptor
    }

    /// Queues one line (the newline is added here).
    func write(_ line: inout [UInt8]) {
        line.withUnsafeBufferPointer { write(line: $0) }
    }

    /// Queues one line lent by the caller (the newline is added here).
    func write(line: UnsafeBufferPointer<UInt8>) {
        // withLock wakes waiters when it unlocks; with the writer gathering, there are none
        // and that costs nothing. Only a writer far behind makes the caller wait.
        let startWriter: Bool? = pending.withLock { pending in
            guard pending.bytes.count < Self.maxPendingBytes else { return nil }
            pending.bytes.append(contentsOf: line)
            pending.bytes.append(0x0A)
            pending.unwritten += 1
            defer { pending.writerStarted = true }
            return !pending.writerStarted
        }
        guard let startWriter else {
            pending.wait { $0.bytes.count < Self.maxPendingBytes ? () : nil }
            return write(line: line)
        }
        if startWriter {
            let started = Threads.detach(name: "log-writer") { [self] in writeForever() }
            if !started { flushOnThisThread() }
        }
    }

    /// Returns once every line queued so far is written (at shutdown, before exit).
    public func flush() {
        pending.wait { pending in pending.unwritten == 0 || !pending.writerStarted ? () : nil }
    }

    private func writeForever() {
        while true {
            pending.wait { $0.bytes.isEmpty ? nil : () }
            usleep(Self.gatherMicroseconds)
            let (batch, lines): ([UInt8], Int) = pending.wait { pending in
                guard !pending.bytes.isEmpty else { return nil }
                defer { pending.bytes.removeAll(keepingCapacity: true) }
                return (pending.bytes, pending.unwritten)
            }
            writeAll(batch)
            pending.withLock { $0.unwritten -= lines }
        }
    }

    /// Without a writer thread (the system refused one): write what is queued here.
    private func flushOnThisThread() {
        let batch: [UInt8] = pending.withLock { pending in
            defer {
                pending.bytes.removeAll()
                pending.unwritten = 0
                pending.writerStarted = false
            }
            return pending.bytes
        }
        writeAll(batch)
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return // a closed descriptor: the lines are dropped
                }
            }
        }
    }
}
