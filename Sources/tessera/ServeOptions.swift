#if canImport(Glibc)
import Glibc
#endif
import LayoutService

/// `tessera serve` options: flags win over environment variables, which win over defaults.
struct ServeOptions {
    var host = "127.0.0.1"
    var port = 8080
    var eventLoops = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    var maxBodyBytes = 64 << 20
    var idleTimeoutSeconds = 60
    var store = SessionStore.Configuration()

    /// One option: its flag, its environment variable, what it means, and how to set it.
    struct Option: Sendable {
        let flag: String
        let environment: String
        let help: String
        let apply: @Sendable (inout ServeOptions, String) -> Bool
    }

    static let options: [Option] = [
        Option(flag: "--host", environment: "TESSERA_HOST", help: "address to listen on (default 127.0.0.1)") { o, v in
            o.host = v; return !v.isEmpty
        },
        Option(flag: "--port", environment: "TESSERA_PORT", help: "TCP port, 0 for any free one (default 8080)") { o, v in
            integer(v, 0...65535).map { o.port = $0 } != nil
        },
        Option(flag: "--loops", environment: "TESSERA_LOOPS", help: "event loops (default: one per core)") { o, v in
            integer(v, 1...256).map { o.eventLoops = $0 } != nil
        },
        Option(flag: "--max-body-bytes", environment: "TESSERA_MAX_BODY_BYTES", help: "request body limit (default 67108864 = 64 MiB)") { o, v in
            integer(v, 1...(1 << 32)).map { o.maxBodyBytes = $0 } != nil
        },
        Option(flag: "--idle-timeout", environment: "TESSERA_IDLE_TIMEOUT", help: "seconds before an idle connection is closed (default 60)") { o, v in
            integer(v, 1...86_400).map { o.idleTimeoutSeconds = $0 } != nil
        },
        Option(flag: "--max-sessions", environment: "TESSERA_MAX_SESSIONS", help: "sessions kept at once (default 1024)") { o, v in
            integer(v, 1...1_000_000).map { o.store.maxSessions = $0 } != nil
        },
        Option(flag: "--max-items-per-session", environment: "TESSERA_MAX_ITEMS_PER_SESSION", help: "items in one session or request (default 5000000)") { o, v in
            integer(v, 1...100_000_000).map { o.store.maxItemsPerSession = $0 } != nil
        },
        Option(flag: "--max-total-items", environment: "TESSERA_MAX_TOTAL_ITEMS", help: "items across all sessions (default 50000000)") { o, v in
            integer(v, 1...1_000_000_000).map { o.store.maxTotalItems = $0 } != nil
        },
        Option(flag: "--session-idle-seconds", environment: "TESSERA_SESSION_IDLE_SECONDS", help: "an unused session expires after this long (default 900)") { o, v in
            integer(v, 1...31_536_000).map { o.store.idleExpirySeconds = UInt64($0) } != nil
        },
    ]

    private static func integer(_ text: String, _ range: ClosedRange<Int>) -> Int? {
        guard let v = Int(text), range.contains(v) else { return nil }
        return v
    }

    struct UsageError: Error {
        let message: String
    }

    static func parse(_ arguments: [String], environment: (String) -> String?) throws(UsageError) -> ServeOptions {
        var o = ServeOptions()
        for option in options {
            if let value = environment(option.environment), !option.apply(&o, value) {
                throw UsageError(message: "invalid value '\(value)' in \(option.environment): \(option.help)")
            }
        }
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            let parts = arg.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = options.first(where: { $0.flag == parts[0] }) else {
                throw UsageError(message: "unknown option '\(arg)'")
            }
            guard let value = parts.count == 2 ? parts[1] : rest.popFirst() else {
                throw UsageError(message: "\(option.flag) needs a value")
            }
            guard option.apply(&o, value) else {
                throw UsageError(message: "invalid value '\(value)' for \(option.flag): \(option.help)")
            }
        }
        return o
    }

    static var usage: String {
        var lines = [
            "usage: tessera serve [options]",
            "       tessera --help | --version",
            "",
            "Serves the Tessera layout API over HTTP. Each option can also be set by its environment variable.",
            "",
        ]
        for option in options {
            let left = "  \(option.flag) N".padding(26)
            lines.append("\(left)\(option.environment.padding(32))\(option.help)")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
