#if canImport(Glibc)
    import Glibc
#endif

/// Command-line options of tessera-bench.
struct BenchOptions {
    /// Fewer runs and queries: a smoke run, not figures to quote.
    var quick = false
    /// Figures to run (names of `BenchCommand.figures`); nil runs all.
    var only: Set<String>? = nil
    /// The tessera executable; default: `tessera` beside this executable.
    var serverPath: String? = nil
    /// flickr/justified-layout's lib/ directory: when given, the justified figure also runs
    /// the original on node (Benchmarks/justified/compare.mjs) on the same photos.
    var originalLib: String? = nil

    struct UsageError: Error {
        let message: String
    }

    static let usage = """
        usage: tessera-bench [--quick] [--only NAME[,NAME…]] [--server PATH] [--original LIB] [--list]
               tessera-bench --work NAME [--repeat K] [--items N]   (one piece of work, for callgrind)

          --quick           a fast smoke run (fewer runs and queries; not figures to quote)
          --only NAMES      run only these figures (comma-separated; see --list)
          --server PATH     the tessera executable (default: tessera beside tessera-bench)
          --original LIB    flickr/justified-layout's lib/ directory: also time the original on node
          --list            list the figures and exit
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var o = BenchOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws(UsageError) -> String {
            guard let v = rest.popFirst(), !v.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value") }
            return v
        }
        while let arg = rest.popFirst() {
            switch arg {
            case "--quick": o.quick = true
            case "--only":
                let names = try value(arg).split(separator: ",").map(String.init)
                for name in names where !BenchCommand.figures.contains(where: { $0.name == name }) {
                    throw UsageError(message: "unknown figure '\(name)'; one of: \(BenchCommand.figures.map(\.name).joined(separator: ", "))")
                }
                o.only = (o.only ?? []).union(names)
            case "--server": o.serverPath = try value(arg)
            case "--original": o.originalLib = try value(arg)
            default: throw UsageError(message: "unknown option '\(arg)'")
            }
        }
        return o
    }
}
