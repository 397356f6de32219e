import Foundation
import LoopbackHTTP
#if canImport(Glibc)
    import Glibc
#endif

/// A real `tessera serve` on a free loopback port, started with posix_spawn from the binary
/// that `swift build` put beside the test bundle. (Foundation's Process can hang in
/// waitUntilExit off the main thread on Linux, so it is not used.)
final class TesseraServer: @unchecked Sendable {
    let pid: pid_t
    let port: Int
    /// The read end of the server's stdout (and its stderr, the log, when `withLog`).
    let outputFD: Int32

    static let shared: TesseraServer = {
        do { return try TesseraServer(arguments: []) } catch { fatalError("could not start tessera: \(error)") }
    }()

    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["TESSERA_BIN"] { return path }
        // The test bundle lives in the build folder, next to the executables.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("tessera").path
    }

    /// Runs the binary (or `executable`) with `arguments` and this process's environment plus
    /// `environment`; returns its pid and the read end of its stdout (or stderr).
    /// `stderrPath` keeps the standard error in a file; `openFileLimit` starts it under
    /// `ulimit -n` and `fileSizeLimitBlocks` under `ulimit -f` (512-byte blocks, as POSIX
    /// counts them; through sh, which execs the binary, so the pid is the server's).
    static func spawn(
        _ arguments: [String], stdoutToPipe: Bool = true,
        environment: [String: String] = [:], bothToPipe: Bool = false,
        executable: String = binaryPath, stderrPath: String? = nil,
        openFileLimit: Int? = nil, fileSizeLimitBlocks: Int? = nil
    ) throws -> (pid_t, Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw LoopbackHTTPClient.ClientError(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child must not hold the test runner's own stdout/stderr open: `swift test`
        // waits for those pipes to close. Its other output goes to /dev/null.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, fds[1], stdoutToPipe ? 1 : 2)
        if bothToPipe { posix_spawn_file_actions_adddup2(&actions, fds[1], stdoutToPipe ? 2 : 1) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        // Nor any other descriptor of the test process (other tests' sockets): a server under
        // a low `openFileLimit` must have all its descriptors to itself. glibc's
        // posix_spawn_file_actions_addclosefrom_np is a GNU extension Swift's Glibc module
        // hides, so it is looked up by name.
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }
        // Test-runner threads may block signals; the server must start with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let limits = (openFileLimit.map { ["ulimit -n \($0)"] } ?? []) + (fileSizeLimitBlocks.map { ["ulimit -f \($0)"] } ?? [])
        let program = limits.isEmpty ? executable : "/bin/sh"
        let command = limits.isEmpty ? [executable] : ["/bin/sh", "-c", (limits + [#"exec "$0" "$@""#]).joined(separator: " && "), executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var inherited: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !environment.keys.contains(where: { text.hasPrefix($0 + "=") }) { inherited.append(text) }
            entry += 1
        }
        let envp = (inherited + environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        close(fds[1])
        guard rc == 0 else { throw LoopbackHTTPClient.ClientError(description: "posix_spawn \(executable) failed: \(rc)") }
        SpawnedServers.add(pid)
        return (pid, fds[0])
    }

    /// Runs the binary to completion; its exit status and everything it wrote to standard
    /// output (or standard error).
    static func run(
        _ arguments: [String], readStandardError: Bool = false,
        environment: [String: String] = [:]
    ) throws -> (status: Int32, output: [UInt8]) {
        let (pid, fd) = try spawn(arguments, stdoutToPipe: !readStandardError, environment: environment)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        close(fd)
        return (wait(pid), output)
    }

    /// Starts `tessera serve --port 0 …` and reads the port it announces on its first line,
    /// "tessera listening on http://127.0.0.1:PORT".
    /// - Parameter withLog: the log (stderr) comes through `outputFD` after that first line;
    ///   the test must read it, or a full pipe blocks the server.
    init(
        arguments: [String], environment: [String: String] = [:], withLog: Bool = false, loops: Int = 2,
        stderrPath: String? = nil, openFileLimit: Int? = nil, fileSizeLimitBlocks: Int? = nil
    ) throws {
        (pid, outputFD) = try TesseraServer.spawn(
            ["serve", "--host", "127.0.0.1", "--port", "0", "--loops", String(loops)] + arguments,
            environment: environment, bothToPipe: withLog, stderrPath: stderrPath,
            openFileLimit: openFileLimit, fileSizeLimitBlocks: fileSizeLimitBlocks)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(outputFD, &byte, 1) == 1, byte != 10 { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self)
        guard let portText = text.split(separator: ":").last, let port = Int(portText) else {
            kill(pid, SIGKILL)
            throw LoopbackHTTPClient.ClientError(description: "unexpected first line from tessera: '\(text)'")
        }
        self.port = port
    }

    func client() throws -> LoopbackHTTPClient {
        try LoopbackHTTPClient(port: port)
    }

    /// Sends SIGTERM and waits; returns the exit status (or 128 + signal).
    func stop() -> Int32 {
        kill(pid, SIGTERM)
        return TesseraServer.wait(pid)
    }

    /// The exit status once the process has ended, polling for at most `seconds`; nil if it
    /// is still running then (a generous bound, not a timing assertion).
    static func exitStatus(_ pid: pid_t, within seconds: Int) -> Int32? {
        for _ in 0..<max(1, seconds * 50) {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                SpawnedServers.remove(pid)
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            usleep(20_000)
        }
        return nil
    }

    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        SpawnedServers.remove(pid)
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// Servers still running when the test process exits are killed, so none outlives the run.
enum SpawnedServers {
    nonisolated(unsafe) private static var pids: Set<pid_t> = []
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered = false

    static func add(_ pid: pid_t) {
        lock.withLock {
            pids.insert(pid)
            if !registered {
                registered = true
                atexit { SpawnedServers.killAll() }
            }
        }
    }

    static func remove(_ pid: pid_t) {
        _ = lock.withLock { pids.remove(pid) }
    }

    static func killAll() {
        for pid in lock.withLock({ pids }) { kill(pid, SIGKILL) }
    }
}

/// JSON helpers for assertions: Foundation is fine in tests.
func json(_ response: LoopbackHTTPClient.Response) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(response.body))
    guard let dict = object as? [String: Any] else { throw LoopbackHTTPClient.ClientError(description: "not an object: \(response.text)") }
    return dict
}

func errorField(_ response: LoopbackHTTPClient.Response) throws -> (code: String, field: String?) {
    let error = try json(response)["error"] as? [String: Any]
    return (error?["code"] as? String ?? "", error?["field"] as? String)
}
