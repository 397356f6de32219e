#if canImport(Glibc)
    import Glibc
#endif

/// The table tessera-bench prints: one row per figure, the target beside it.
struct Report {
    struct Row {
        var figure: String
        var what: String
        var median: String
        var spread: String
        var target: String
        var verdict: String
    }

    private(set) var rows: [Row] = []
    private(set) var notes: [String] = []

    /// A timing row. `target` (ms) is checked against the median, or the p99 when `onP99`.
    mutating func time(
        _ figure: String, _ what: String, _ s: Samples, target: Double? = nil,
        targetText: String? = nil, onP99: Bool = false, showP99: Bool = false
    ) {
        let spread = showP99 ? "p99 \(Format.ms(s.p99))" : "\(Format.ms(s.min))–\(Format.ms(s.max)) (n=\(s.count))"
        var verdict = ""
        if let target { verdict = (onP99 ? s.p99 : s.median) <= target ? "yes" : "NO" }
        rows.append(
            Row(
                figure: figure, what: what, median: Format.ms(s.median), spread: spread,
                target: targetText ?? target.map { "≤ \(Format.ms($0))" } ?? "", verdict: verdict))
        progress("  \(what): \(Format.ms(s.median)) (\(spread))")
    }

    /// A row that is not a time (bytes per item, a ratio, a size).
    mutating func value(
        _ figure: String, _ what: String, _ value: String, spread: String = "",
        target: String = "", met: Bool? = nil
    ) {
        rows.append(
            Row(
                figure: figure, what: what, median: value, spread: spread, target: target,
                verdict: met.map { $0 ? "yes" : "NO" } ?? ""))
        progress("  \(what): \(value) \(spread)")
    }

    mutating func note(_ text: String) {
        notes.append(text)
        progress("  note: \(text)")
    }

    func print() {
        let header = Row(
            figure: "fig", what: "measurement", median: "median / value", spread: "range or p99",
            target: "target", verdict: "met")
        let all = [header] + rows
        func width(_ key: KeyPath<Row, String>) -> Int { all.map { $0[keyPath: key].count }.max() ?? 0 }
        let widths = [width(\.figure), width(\.what), width(\.median), width(\.spread), width(\.target), width(\.verdict)]
        func line(_ r: Row) -> String {
            let cells = [r.figure, r.what, r.median, r.spread, r.target, r.verdict]
            return "| " + zip(cells, widths).map { $0.padded($1) }.joined(separator: " | ") + " |"
        }
        var out = line(header) + "\n"
        out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for r in rows { out += line(r) + "\n" }
        if !notes.isEmpty {
            out += "\n"
            for n in notes { out += "- \(n)\n" }
        }
        Output.write(out, to: 1)
    }
}

enum Format {
    /// Milliseconds, about three significant digits: 12.3 µs, 0.123 ms, 12.3 ms, 1234 ms.
    static func ms(_ v: Double) -> String {
        if v < 0.1 { return fixed(v * 1000, 1) + " µs" }
        if v < 1 { return fixed(v, 3) + " ms" }
        if v < 100 { return fixed(v, 1) + " ms" }
        return fixed(v, 0) + " ms"
    }

    static func fixed(_ v: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let n = Int((abs(v) * scale).rounded())
        let whole = n / Int(scale), frac = n % Int(scale)
        var s = (v < 0 && n != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let f = String(frac)
            s += "." + String(repeating: "0", count: decimals - f.count) + f
        }
        return s
    }

    static func mb(_ bytes: Int) -> String { fixed(Double(bytes) / 1_000_000, 1) + " MB" }

    static func kb(_ bytes: Int) -> String { fixed(Double(bytes) / 1000, 1) + " KB" }

    /// 1,000,000
    static func count(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return out
    }
}

enum Output {
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// Progress goes to stderr, so stdout holds only the table.
func progress(_ text: String) {
    Output.write(text + "\n", to: 2)
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
