/// How log lines are written: one JSON object per line (for log shippers) or plain text
/// (for people reading a terminal).
public enum LogFormat: String, Sendable, CaseIterable {
    case json
    case text
}
