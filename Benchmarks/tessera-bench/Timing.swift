/// Wall-clock timing with ContinuousClock: warm-up runs first, then the figures are the
/// median (and p99) of the measured runs.
struct Samples {
    /// Milliseconds, sorted ascending.
    let ms: [Double]

    init(_ ms: [Double]) {
        precondition(!ms.isEmpty)
        self.ms = ms.sorted()
    }

    var median: Double {
        let n = ms.count
        return n % 2 == 1 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2
    }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        let rank = Int((p / 100 * Double(ms.count)).rounded(.up))
        return ms[Swift.min(ms.count - 1, Swift.max(0, rank - 1))]
    }

    var p99: Double { percentile(99) }
    var min: Double { ms[0] }
    var max: Double { ms[ms.count - 1] }
    var count: Int { ms.count }
}

enum Timing {
    static let clock = ContinuousClock()

    static func milliseconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) * 1e3 + Double(c.attoseconds) / 1e15
    }

    /// The time `body` takes, in milliseconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = clock.now
        try body()
        return milliseconds(clock.now - start)
    }

    /// `warmup` untimed runs, then `runs` timed ones. `after` runs untimed after each run
    /// (warm-up included), e.g. to delete the session a run created.
    static func repeated(
        warmup: Int, runs: Int, _ body: () throws -> Void,
        after: () throws -> Void = {}
    ) rethrows -> Samples {
        for _ in 0..<warmup {
            try body()
            try after()
        }
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            times.append(try time(body))
            try after()
        }
        return Samples(times)
    }
}
