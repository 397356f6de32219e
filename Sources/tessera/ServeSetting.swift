import ArgumentParser

/// One row of `tessera serve`'s settings table (`ServeSettings.all`): the flag, its
/// environment variable, what a valid value is, where the value goes in `ServeOptions`, and
/// the help. The default is not in the row: it is whatever the configuration structs start
/// with, and the help reads it from there, so it is written once.
struct ServeSetting {
    let flag: String
    let variable: String
    let valueName: String
    /// The help before its "(VARIABLE; default …)" part.
    var summary: String
    /// The default as the help shows it, read from a default configuration; nil when there is none.
    let describeDefault: (ServeOptions) -> String?
    /// Puts the flag's value, else the variable's, into the options (which hold the default
    /// already); a bad value is a usage error naming the flag or the variable.
    let apply: (ServeCommand, _ environment: (String) -> String?, inout ServeOptions) throws -> Void

    /// "Summary (VARIABLE; default X)."
    func helpText(defaults: ServeOptions = ServeOptions()) -> String {
        let source = describeDefault(defaults).map { "\(variable); default \($0)" } ?? variable
        return "\(summary) (\(source))."
    }

    var help: ArgumentHelp { ArgumentHelp(helpText(), valueName: valueName) }
}

extension ServeSetting {
    /// A value the configuration always has: the flag's, else the variable's, else the one
    /// `target` starts with. `defaultWords` replaces the number in the help where the default
    /// is worked out on the machine (the CPUs the process may use).
    static func value<Value>(
        _ rule: EnvironmentSetting<Value>, _ valueName: String, _ summary: String,
        flag: KeyPath<ServeCommand, Value?>, into target: WritableKeyPath<ServeOptions, Value>,
        defaultWords: String? = nil
    ) -> Self {
        parsed(rule, valueName, summary, flag: { $0[keyPath: flag] }, into: target, defaultWords: defaultWords)
    }

    /// The same, for a flag whose text is turned into a value after parsing (`--store`).
    static func parsed<Value>(
        _ rule: EnvironmentSetting<Value>, _ valueName: String, _ summary: String,
        flag: @escaping (ServeCommand) throws -> Value?, into target: WritableKeyPath<ServeOptions, Value>,
        defaultWords: String? = nil
    ) -> Self {
        Self(
            flag: rule.flag, variable: rule.variable, valueName: valueName, summary: summary,
            describeDefault: { defaultWords ?? describe($0[keyPath: target], valueName: valueName) },
            apply: { command, environment, options in
                options[keyPath: target] = try rule.resolve(
                    try flag(command), default: options[keyPath: target],
                    environment: environment)
            })
    }

    /// A value that stays nil unless given: its default is worked out later from other
    /// settings or the machine, and `defaultWords` says how.
    static func unsetByDefault<Value>(
        _ rule: EnvironmentSetting<Value>, _ valueName: String, _ summary: String,
        flag: KeyPath<ServeCommand, Value?>, into target: WritableKeyPath<ServeOptions, Value?>,
        defaultWords: String
    ) -> Self {
        Self(
            flag: rule.flag, variable: rule.variable, valueName: valueName, summary: summary,
            describeDefault: { _ in defaultWords },
            apply: { command, environment, options in
                if let value = try rule.resolve(command[keyPath: flag], environment: environment) {
                    options[keyPath: target] = value
                }
            })
    }

    /// A file whose first line is a password: the flag or variable names the file, and only
    /// the password read from it reaches the options (never a log or a command line).
    static func passwordFile(
        _ flag: String, _ variable: String, _ summary: String,
        flag path: KeyPath<ServeCommand, String?>, into target: WritableKeyPath<ServeOptions, String?>
    ) -> Self {
        let rule = EnvironmentSetting.text(flag, variable)
        return Self(
            flag: flag, variable: variable, valueName: "path", summary: summary,
            describeDefault: { _ in nil },
            apply: { command, environment, options in
                if let file = try rule.resolve(command[keyPath: path], environment: environment) {
                    options[keyPath: target] = try ServeOptions.secret(in: file, flag: flag)
                }
            })
    }

    /// A default as the help writes it: byte counts of whole mebibytes also in MiB.
    private static func describe<Value>(_ value: Value, valueName: String) -> String {
        let mebibyte = 1 << 20
        if valueName == "bytes", let bytes = value as? Int, bytes >= mebibyte, bytes % mebibyte == 0 {
            return "\(bytes) = \(bytes / mebibyte) MiB"
        }
        return "\(value)"
    }
}
