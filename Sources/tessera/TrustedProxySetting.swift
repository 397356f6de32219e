import ArgumentParser
import EventHTTP

/// `--trusted-proxy`: given once per address block, or several comma-separated, and
/// `TESSERA_TRUSTED_PROXIES` as a comma-separated list. One flag per block reads as the
/// other repeatable options of such tools do; the variable holds them all, hence its plural.
extension EnvironmentSetting where Value == TrustedProxies {
    static func addressBlocks(_ flag: String, variable: String) -> Self {
        Self(
            flag: flag, variable: variable, parse: { try? TrustedProxyList.parse([$0]).get() },
            expectation: TrustedProxyList.expectation, isValid: { _ in true })
    }
}

enum TrustedProxyList {
    static let expectation = "addresses or CIDR blocks, comma-separated (10.0.0.0/8, 192.0.2.7, ::1/128)"

    /// The blocks the texts list (spaces around entries and empty entries ignored, so an
    /// empty variable is none), or the first entry that is not one.
    static func parse(_ texts: [String]) -> Result<TrustedProxies, InvalidBlock> {
        var ranges: [AddressRange] = []
        for entry in texts.flatMap({ $0.split(separator: ",") }) {
            let trimmed = entry.trimmingSpaces
            guard !trimmed.isEmpty else { continue }
            guard let range = AddressRange(trimmed) else { return .failure(InvalidBlock(text: trimmed)) }
            ranges.append(range)
        }
        return .success(TrustedProxies(ranges))
    }

    struct InvalidBlock: Error {
        let text: String
    }

    /// The flags' blocks, nil when none was given (the variable, then the default, apply);
    /// a usage error naming the flag and the entry when one is not a block.
    static func fromFlags(_ flags: [String], flag: String) throws -> TrustedProxies? {
        guard !flags.isEmpty else { return nil }
        switch parse(flags) {
        case .success(let proxies): return proxies
        case .failure(let invalid): throw ValidationError("\(flag) '\(invalid.text)' is not valid: it must be \(expectation)")
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
