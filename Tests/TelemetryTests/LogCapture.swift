import Logging
import Testing
import Telemetry
#if canImport(Glibc)
    import Glibc
#endif

/// Lines written through a `LineLogHandler` logger and its sink (a pipe), one per element.
func logLines(
    format: LogFormat, level: Logger.Level = .info,
    _ body: (Logger, LogSink) -> Void
) throws -> [String] {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]) }
    let sink = LogSink(format: format, descriptor: fds[1])
    body(Logger(label: "test") { LineLogHandler(label: $0, sink: sink, level: level) }, sink)
    sink.flush() // lines are written by the sink's own thread
    close(fds[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fds[0], &buffer, buffer.count)
        if n <= 0 { break }
        bytes += buffer[..<n]
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}
