import ArgumentParser
import Logging
import Telemetry

extension EnvironmentSetting where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of an enumeration's words (`--log-format json|text`). A flag's value is checked
    /// by the argument parser (the type is `ExpressibleByArgument`); a variable's here.
    static func choice(_ flag: String) -> Self {
        Self(
            flag: flag, parse: Value.init(rawValue:),
            expectation: "one of " + Value.allCases.map(\.rawValue).joined(separator: ", "), isValid: { _ in true })
    }
}

extension LogFormat: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
