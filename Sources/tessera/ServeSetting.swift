import ArgumentParser
import Logging

/// One row of `tessera serve`'s settings table (`ServeSettings.all`): the flag, what a valid
/// value is, where the value goes in `ServeOptions`, and where the value in force is read
/// back for the start-up log line. The flag names the rest: the environment variable and the
/// log key (`SettingName`; a flag given once per value, `--trusted-proxy`, names its list
/// variable in the plural). The default is not in the row: it is whatever the configuration
/// structs start with, and the help reads it from there, so it is written once. The help's
/// words are in `ServeSettings+Help.swift`.
struct ServeSetting {
    let flag: String
    /// The environment variable: the rule's (`EnvironmentSetting.variable`).
    let variable: String
    let valueName: String
    /// The default as the help shows it, read from a default configuration; nil when the
    /// configuration has none (it is worked out later, or there is none).
    let describeDefault: (ServeOptions) -> String?
    /// Puts the flag's value, else the variable's, into the options (which hold the default
    /// already); a bad value is a usage error naming the flag or the variable.
    let apply: (ServeCommand, _ environment: (String) -> String?, inout ServeOptions) throws -> Void
    /// The value in force, as the start-up log line carries it; never a secret.
    let valueInForce: (ServeOptions) -> Logger.MetadataValue

    var logKey: String { SettingName.logKey(flag) }

    /// The default as the help and the configuration page (`tessera settings --markdown`) show
    /// it: `defaultInWords` for one worked out on the machine or from other settings, else the
    /// configuration's; nil when there is none.
    func defaultText(defaultInWords: String? = nil, defaults: ServeOptions = ServeOptions()) -> String? {
        defaultInWords ?? describeDefault(defaults)
    }

    /// "Summary (VARIABLE; default X)."
    func helpText(_ summary: String, defaultInWords: String? = nil, defaults: ServeOptions = ServeOptions()) -> String {
        let source = defaultText(defaultInWords: defaultInWords, defaults: defaults).map { "\(variable); default \($0)" } ?? variable
        return "\(summary) (\(source))."
    }

    func help(_ summary: String, defaultInWords: String? = nil) -> ArgumentHelp {
        ArgumentHelp(helpText(summary, defaultInWords: defaultInWords), valueName: valueName)
    }
}

extension ServeSetting {
    /// A value the configuration always has: the flag's, else the variable's, else the one
    /// `target` starts with.
    static func value<Value>(
        _ rule: EnvironmentSetting<Value>, _ valueName: String, _ flag: KeyPath<ServeCommand, Value?>,
        into target: WritableKeyPath<ServeOptions, Value>
    ) -> Self {
        parsed(rule, valueName, { $0[keyPath: flag] }, into: target)
    }

    /// The same, for a flag whose text is turned into a value after parsing (`--store`).
    static func parsed<Value>(
        _ rule: EnvironmentSetting<Value>, _ valueName: String, _ flag: @escaping (ServeCommand) throws -> Value?,
        into target: WritableKeyPath<ServeOptions, Value>
    ) -> Self {
        Self(
            flag: rule.flag, variable: rule.variable, valueName: valueName,
            describeDefault: { describe($0[keyPath: target], valueName: valueName) },
            apply: { command, environment, options in
                options[keyPath: target] = try rule.resolve(
                    try flag(command), default: options[keyPath: target],
                    environment: environment)
            },
            valueInForce: { logged($0[keyPath: target]) })
    }

    /// A value that stays nil unless given: its default is worked out later from other
    /// settings or the machine, and `inForce` is the value that is then used.
    static func unsetByDefault<Value>(
        _ rule: EnvironmentSetting<Value>, _ valueName: String, _ flag: KeyPath<ServeCommand, Value?>,
        into target: WritableKeyPath<ServeOptions, Value?>, inForce: KeyPath<ServeOptions, Value>
    ) -> Self {
        Self(
            flag: rule.flag, variable: rule.variable, valueName: valueName, describeDefault: { _ in nil },
            apply: { command, environment, options in
                if let value = try rule.resolve(command[keyPath: flag], environment: environment) {
                    options[keyPath: target] = value
                }
            },
            valueInForce: { logged($0[keyPath: inForce]) })
    }

    /// A file whose first line is a password: the flag or variable names the file, and only
    /// the password read from it reaches the options (never a log or a command line). The
    /// log says only whether there is one.
    static func passwordFile(
        _ flag: String, _ path: KeyPath<ServeCommand, String?>, into target: WritableKeyPath<ServeOptions, String?>
    ) -> Self {
        let rule = EnvironmentSetting.text(flag)
        return Self(
            flag: flag, variable: rule.variable, valueName: "path", describeDefault: { _ in nil },
            apply: { command, environment, options in
                if let file = try rule.resolve(command[keyPath: path], environment: environment) {
                    options[keyPath: target] = try ServeOptions.secret(in: file, flag: flag)
                }
            },
            valueInForce: { .stringConvertible($0[keyPath: target] != nil) })
    }

    /// A default as the help writes it: byte counts of whole mebibytes also in MiB.
    private static func describe<Value>(_ value: Value, valueName: String) -> String {
        let mebibyte = 1 << 20
        if valueName == "bytes", let bytes = value as? Int, bytes >= mebibyte, bytes % mebibyte == 0 {
            return "\(bytes) = \(bytes / mebibyte) MiB"
        }
        return "\(value)"
    }

    /// Numbers stay numbers in a JSON line; the rest (an address, a word, the store) is text.
    private static func logged<Value>(_ value: Value) -> Logger.MetadataValue {
        if let number = value as? Int { return .stringConvertible(number) }
        return .string("\(value)")
    }
}
