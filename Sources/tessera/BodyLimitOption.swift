import ArgumentParser

/// `--max-body-bytes` of the one-shot subcommands: they read at most what the server would
/// accept as a body. Reading to the end whatever the input was grew without bound on an
/// endless one (`tessera validate /dev/zero`, ~0.5 GB/s, then SIGABRT).
struct BodyLimitOption: ParsableArguments {
    /// The flag, variable, range and default of `tessera serve`'s row, with words for a file.
    @Option(help: ServeSettings.help("--max-body-bytes", summary: "Refuse an input larger than this, as the server refuses a body"))
    var maxBodyBytes: Int?

    /// A bad flag or variable is a usage error (exit 64) before anything is read.
    func validate() throws {
        _ = try limit()
    }

    func limit() throws -> Int {
        try ServeSettings.maxBodyBytesRule.resolve(
            maxBodyBytes, default: ServeOptions().http.maxBodySize,
            environment: processEnvironment)
    }
}
