// Entry points for the test suites, and for nothing else (issue 36). What a suite needs of
// Telemetry's internals is gathered here, as swift-collections' `Deque+Testing.swift`
// gathers Deque's, so that the suite imports the module plainly rather than through
// `@testable import`. The hooks are `package`: users of the module never see them, and the
// members they forward to stay internal. Each is the internal member's name with a leading
// underscore.

extension LineLogHandler {
    /// `quotedIfNeeded`: a value as a `key=value` line writes it.
    package static func _quotedIfNeeded(_ value: String) -> String { quotedIfNeeded(value) }

    /// `Timestamp.format`: the RFC 3339 UTC time with milliseconds that begins each line.
    package static func _timestamp(seconds: Int, milliseconds: Int) -> String {
        Timestamp.format(seconds: seconds, milliseconds: milliseconds)
    }
}
