import ArgumentParser
import EventHTTP

/// `--max-body-bytes` of the one-shot subcommands: they read at most what the server would
/// accept as a body. Reading to the end whatever the input was grew without bound on an
/// endless one (`tessera validate /dev/zero`, ~0.5 GB/s, then SIGABRT).
struct BodyLimitOption: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse an input larger than this, as the server refuses a body (TESSERA_MAX_BODY_BYTES; default 67108864 = 64 MiB).",
                               valueName: "bytes"))
    var maxBodyBytes: Int?

    /// The flag and variable `tessera serve` reads, with the server's default.
    static var setting: EnvironmentSetting<Int> { .integer("--max-body-bytes", "TESSERA_MAX_BODY_BYTES", in: 1...(1 << 32)) }
    static var defaultBytes: Int { HTTPServerConfiguration().maxBodySize }

    /// A bad flag or variable is a usage error (exit 64) before anything is read.
    func validate() throws {
        _ = try limit()
    }

    func limit() throws -> Int {
        try Self.setting.resolve(maxBodyBytes, default: Self.defaultBytes, environment: processEnvironment)
    }
}
