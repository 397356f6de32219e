#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import EventHTTP
import LayoutService

/// `tessera serve | --help | --version`: options, wiring, signals; nothing else.
enum TesseraCommand {
    static let version = "0.1.0"

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else { return usage(to: standardError, status: 2) }
        switch command {
        case "serve": return serve(Array(arguments.dropFirst()))
        case "--help", "-h", "help": return usage(to: standardOutput, status: 0)
        case "--version": emit("tessera \(version)\n", to: standardOutput); return 0
        default:
            emit("tessera: unknown command '\(command)'\n", to: standardError)
            return usage(to: standardError, status: 2)
        }
    }

    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    /// Writes straight to a file descriptor (C's `stdout`/`stderr` globals are not
    /// concurrency-safe to touch from Swift 6).
    static func emit(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }

    static func usage(to fd: Int32, status: Int32) -> Int32 {
        emit(ServeOptions.usage + "\n", to: fd)
        return status
    }

    static func serve(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") { return usage(to: standardOutput, status: 0) }
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(arguments) { name in getenv(name).map { String(cString: $0) } }
        } catch {
            emit("tessera: \(error.message)\n", to: standardError)
            return 2
        }
        // A parent may have blocked these (signal masks are inherited); the graceful
        // shutdown needs them delivered.
        var shutdownSignals = sigset_t()
        sigemptyset(&shutdownSignals)
        sigaddset(&shutdownSignals, SIGINT)
        sigaddset(&shutdownSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &shutdownSignals, nil)
        let service = TesseraService(store: SessionStore(configuration: options.store))
        var configuration = HTTPServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.eventLoops = options.eventLoops
        configuration.maxBodySize = options.maxBodyBytes
        configuration.idleTimeoutSeconds = options.idleTimeoutSeconds
        let server = HTTPServer(configuration: configuration, router: Routes.make(service))
        do {
            try server.start()
        } catch {
            emit("tessera: cannot serve on \(options.host):\(options.port): \(error)\n", to: standardError)
            return 1
        }
        server.installSignalHandlers()
        emit("tessera listening on http://\(options.host):\(server.boundPort)\n", to: standardOutput)
        sweepExpiredSessions(service.store)
        server.runUntilShutdown()
        emit("tessera stopped\n", to: standardOutput)
        return 0
    }

    /// Expired sessions are dropped when touched or when the store is full; this also frees
    /// the memory of ones nobody touches again.
    static func sweepExpiredSessions(_ store: SessionStore) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 30) {
            store.sweep()
            sweepExpiredSessions(store)
        }
    }
}
