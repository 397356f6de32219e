import LayoutService
import LoopbackHTTP
import InMemoryStore

/// What the figures share: the options, the report, one spawned server with a keep-alive
/// client, an in-process service, and inputs built once.
final class BenchContext {
    let options: BenchOptions
    var report = Report()
    let serverPath: String
    /// The in-process service (no transport): the "in-process" figures.
    let service = TesseraService.inMemory()

    init(options: BenchOptions) {
        self.options = options
        serverPath = options.serverPath ?? ServerProcess.defaultExecutable()
    }

    // Run counts: warm-up first, then the medians are over `runs`.
    var createRuns: Int { options.quick ? 2 : 7 }
    var smallRuns: Int { options.quick ? 5 : 31 }
    var queries: Int { options.quick ? 200 : 2000 }
    var memorySessions: Int { options.quick ? 2 : 4 }
    var updateRuns: Int { options.quick ? 3 : 15 }

    static let million = 1_000_000

    private var _server: ServerProcess?
    private var _client: LoopbackHTTPClient?

    /// The shared server (spawned on first use).
    func server() throws -> ServerProcess {
        if let s = _server { return s }
        let s = try ServerProcess(executable: serverPath)
        progress("  (tessera pid \(s.process.pid) on 127.0.0.1:\(s.port))")
        _server = s
        return s
    }

    /// A keep-alive connection to the shared server.
    func client() throws -> LoopbackHTTPClient {
        if let c = _client { return c }
        let c = try LoopbackHTTPClient(port: try server().port, timeoutSeconds: 120)
        _client = c
        return c
    }

    func shutdown() {
        _client = nil
        _server?.stop()
        _server = nil
    }

    // Inputs built once.
    private var cache: [String: [UInt8]] = [:]

    func body(_ key: String, _ make: () -> [UInt8]) -> [UInt8] {
        if let b = cache[key] { return b }
        let b = make()
        cache[key] = b
        return b
    }

    var sizesBody: [UInt8] { body("flow-sizes") { Bodies.sizes(layout: Bodies.flowJSON, [Self.million]) } }

    /// Results a later figure compares with (the median, ms).
    var results: [String: Double] = [:]
}

enum BenchCommand {
    struct Figure: Sendable {
        let name: String
        let title: String
        let run: @Sendable (BenchContext) throws -> Void
    }

    static let figures: [Figure] = [
        Figure(name: "uniform", title: "1. flow, 1,000,000 uniform items: create", run: Figures.uniform),
        Figure(name: "sizes", title: "2. flow, 1,000,000 explicit sizes: create", run: Figures.sizes),
        Figure(name: "memory", title: "2. flow, 1,000,000 explicit sizes: memory per item", run: Figures.memory),
        Figure(name: "query", title: "3. screenful rect query on the explicit-size session", run: Figures.query),
        Figure(name: "layouts", title: "4. waterfall and justified, 1,000,000 items: create", run: Figures.layouts),
        Figure(name: "justified", title: "5. justified, 100,000 photos: Tessera vs the original", run: Figures.justified),
        Figure(name: "updates", title: "6. batch update vs full create", run: Figures.updates),
        Figure(name: "compositional", title: "8. compositional, 1,000,000 items: create", run: Figures.compositional),
        Figure(name: "lists", title: "8b. issue 38: a 1,000,000-row list vs the same compositional rows: create", run: Figures.lists),
        Figure(name: "stores", title: "9. session stores: memory, SQLite, Redis", run: Figures.stores),
        Figure(name: "attacks", title: "10. issue 8: cheap requests that used to stall, bloat or mislead", run: Figures.attacks),
        Figure(name: "limits", title: "11. memory per item, per empty section and per connection", run: Figures.memoryLimits),
        Figure(name: "columns", title: "12. waterfall column choice: prepare at growing column counts", run: Figures.waterfallColumns),
        Figure(name: "acks", title: "13. Redis WAIT: changes acknowledged once a replica has them, and without", run: Figures.replicaAcks),
        Figure(
            name: "snapshot", title: "14. issue 22: PUT of a 1,000,000-item snapshot 1 % apart vs parsing its body; memory of identifiers",
            run: Figures.snapshot),
        Figure(
            name: "snapshot-ids",
            title: "14b. issue 32: PUT of 1,000,000 identifiers that differ only in the middle vs random ones",
            run: Figures.snapshotIdentifierShapes),
        Figure(
            name: "snapshot-ops",
            title: "14c. issue 34: one identifier operation on a 1,000,000-item session vs creating it",
            run: Figures.snapshotOperations)
    ]

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Output.write(BenchOptions.usage + "\n", to: 1)
            return 0
        }
        if arguments.contains("--list") {
            Output.write(figures.map { "\($0.name.padded(10)) \($0.title)" }.joined(separator: "\n") + "\n", to: 1)
            return 0
        }
        if arguments.first == "--work" {
            return runWork(Array(arguments.dropFirst()))
        }
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(arguments)
        } catch {
            Output.write("tessera-bench: \(error.message)\n\(BenchOptions.usage)\n", to: 2)
            return 2
        }
        ChildProcess.installInterruptHandler()
        let context = BenchContext(options: options)
        var failed = false
        for figure in figures where options.only?.contains(figure.name) ?? true {
            progress("== \(figure.title)")
            do {
                try figure.run(context)
            } catch {
                failed = true
                context.report.note("\(figure.name): failed: \(error)")
            }
        }
        context.shutdown()
        if options.quick { context.report.note("--quick: few runs; a smoke run, not figures to quote") }
        context.report.print()
        return failed ? 1 : 0
    }

    /// `--work NAME [--repeat K] [--items N]`: see `Work`.
    static func runWork(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            Output.write("tessera-bench: --work needs a name: \(Work.names.joined(separator: ", "))\n", to: 2)
            return 2
        }
        var repeats = 1, items = 200_000
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 else {
                Output.write("tessera-bench: \(flag) needs a number\n", to: 2)
                return 2
            }
            switch flag {
            case "--repeat": repeats = value
            case "--items": items = value
            default:
                Output.write("tessera-bench: unknown option '\(flag)'\n", to: 2)
                return 2
            }
        }
        do {
            try Work.run(name: name, repeats: repeats, items: items)
            return 0
        } catch {
            Output.write("tessera-bench: \(error)\n", to: 2)
            return 1
        }
    }
}
