/// The names a setting goes by, all made from its flag, so that a setting has one name
/// everywhere: `--max-body-bytes` is `TESSERA_MAX_BODY_BYTES` in the environment and
/// `max_body_bytes` in the start-up log line.
enum SettingName {
    static func variable(_ flag: String) -> String {
        "TESSERA_" + words(flag).uppercased()
    }

    static func logKey(_ flag: String) -> String {
        words(flag)
    }

    /// The flag without its leading dashes, its words joined by `_`.
    private static func words(_ flag: String) -> String {
        String(flag.drop { $0 == "-" }.map { $0 == "-" ? "_" : $0 })
    }
}
