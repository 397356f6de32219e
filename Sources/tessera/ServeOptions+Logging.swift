import Logging

extension ServeOptions {
    /// The configuration in force, as the start-up log line carries it: one key a row of the
    /// settings table, named after its flag (`max_body_bytes`), so that a setting has one name
    /// everywhere. Passwords are never in it (their rows say only whether one was given).
    var logMetadata: Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        for setting in ServeSettings.all {
            metadata[setting.logKey] = setting.valueInForce(self)
        }
        return metadata
    }
}
