#if canImport(Glibc)
    import Glibc
#endif
import ArgumentParser
import SessionStorage

/// One setting that a flag or an environment variable may give: the flag wins, then the
/// variable, then the default. swift-argument-parser has no environment fallback of its own,
/// so the commands resolve their optional flags through this after parsing.
struct EnvironmentSetting<Value> {
    let flag: String
    /// `TESSERA_` and the flag's words (`SettingName`), unless the setting names its own.
    let variable: String
    /// Turns the variable's text into a value; nil when the text is not one.
    let parse: (String) -> Value?
    /// What a valid value is, for messages ("an integer from 0 to 65535").
    let expectation: String
    let isValid: (Value) -> Bool

    init(
        flag: String, variable: String? = nil, parse: @escaping (String) -> Value?, expectation: String,
        isValid: @escaping (Value) -> Bool
    ) {
        self.flag = flag
        self.variable = variable ?? SettingName.variable(flag)
        self.parse = parse
        self.expectation = expectation
        self.isValid = isValid
    }

    /// The value in force, or a usage error naming the flag or the variable that was wrong.
    func resolve(
        _ flagValue: Value?, default defaultValue: Value,
        environment: (String) -> String?
    ) throws -> Value {
        try resolve(flagValue, environment: environment) ?? defaultValue
    }

    /// The value the flag or the variable gives, nil when neither does (the default is
    /// worked out later, as the per-loop connection cap's is).
    func resolve(_ flagValue: Value?, environment: (String) -> String?) throws -> Value? {
        if let flagValue {
            guard isValid(flagValue) else { throw ValidationError("\(flag) must be \(expectation)") }
            return flagValue
        }
        if let text = environment(variable) {
            guard let value = parse(text), isValid(value) else {
                throw ValidationError("\(variable)='\(text)' is not valid: it must be \(expectation)")
            }
            return value
        }
        return nil
    }
}

extension EnvironmentSetting where Value == Int {
    static func integer(_ flag: String, in range: ClosedRange<Int>) -> Self {
        Self(
            flag: flag, parse: { Int($0) },
            expectation: "an integer from \(range.lowerBound) to \(range.upperBound)",
            isValid: { range.contains($0) })
    }
}

extension EnvironmentSetting where Value == String {
    static func text(_ flag: String) -> Self {
        Self(
            flag: flag, parse: { $0 }, expectation: "a non-empty string",
            isValid: { !$0.isEmpty })
    }
}

extension EnvironmentSetting where Value == StoreLocation {
    static func store(_ flag: String) -> Self {
        Self(
            flag: flag, parse: { try? StoreLocation.parse($0).get() },
            expectation: "memory, sqlite:PATH or redis://HOST:PORT[/DB]", isValid: { _ in true })
    }
}

/// The process environment, read through libc (Foundation stays out of the executable).
func processEnvironment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
