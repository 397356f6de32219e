#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// A child process started with posix_spawn, its stdout on a pipe (stderr inherited).
final class ChildProcess {
    let pid: pid_t
    /// The read end of the child's stdout.
    let output: Int32
    private var exited = false

    /// The server children still running, so that Ctrl-C does not leave them behind.
    static let live = Mutex<Set<pid_t>>([])

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ executable: String, _ arguments: [String]) throws(SpawnError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe failed (errno \(errno))") }
        // Neither end leaks into other children; dup2 gives this child a plain stdout.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, executable, &actions, nil, argv, environ)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        output = fds[0]
        _ = ChildProcess.live.withLock { $0.insert(child) }
    }

    deinit {
        stop()
        close(output)
    }

    /// Reads stdout until a line satisfies `match` (or EOF, or `timeoutMs` passes).
    func readLine(timeoutMs: Int32 = 15_000, where match: (String) -> Bool) -> String? {
        var pending: [UInt8] = []
        while true {
            var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, timeoutMs) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard n > 0 else { return nil }
            pending += chunk[..<n]
            while let nl = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<nl], as: UTF8.self)
                pending.removeFirst(nl + 1)
                if match(line) { return line }
            }
        }
    }

    /// Everything the child writes to stdout until it exits, and its exit status.
    func waitForOutput() -> (String, Int32) {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            all += chunk[..<n]
        }
        return (String(decoding: all, as: UTF8.self), waitExit())
    }

    /// SIGTERM, then waits for the child.
    func stop() {
        guard !exited else { return }
        kill(pid, SIGTERM)
        _ = waitExit()
    }

    private func waitExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exited = true
        _ = ChildProcess.live.withLock { $0.remove(pid) }
        return (status >> 8) & 0xff
    }

    /// On SIGINT or SIGTERM: terminate the children, then exit.
    static func installInterruptHandler() {
        let handler: @convention(c) (Int32) -> Void = { signal in
            // Best effort: a Mutex is not async-signal-safe, but the bench is single-threaded
            // and only ever holds it for an insert or a removal.
            let pids = ChildProcess.live.withLock { $0 }
            for pid in pids { kill(pid, SIGTERM) }
            _exit(128 + signal)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }
}

/// The tessera server, spawned on a free loopback port.
final class ServerProcess {
    let process: ChildProcess
    let port: Int

    init(executable: String, extraArguments: [String] = []) throws(ChildProcess.SpawnError) {
        process = try ChildProcess(executable, ["serve", "--host", "127.0.0.1", "--port", "0"] + extraArguments)
        guard let line = process.readLine(where: { $0.contains("listening on http://") }),
            let colon = line.lastIndex(of: ":"), let port = Int(line[line.index(after: colon)...])
        else {
            process.stop()
            throw ChildProcess.SpawnError(description: "\(executable) did not report a listening port")
        }
        self.port = port
    }

    func stop() { process.stop() }

    /// VmRSS and VmHWM (peak) of the server, in bytes.
    func memory() -> (rss: Int, peak: Int) {
        let fd = open("/proc/\(process.pid)/status", O_RDONLY)
        guard fd >= 0 else { return (0, 0) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return (0, 0) }
        var rss = 0, peak = 0
        for line in String(decoding: bytes[..<n], as: UTF8.self).split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kb = Int(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { rss = kb * 1024 }
            if fields[0] == "VmHWM:" { peak = kb * 1024 }
        }
        return (rss, peak)
    }

    /// `tessera` beside this executable.
    static func defaultExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return "tessera" }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "tessera" }
        return String(path[...slash]) + "tessera"
    }
}
