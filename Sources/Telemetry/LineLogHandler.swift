import Glibc
import Logging
import TesseraJSON
import TesseraSupport

/// A swift-log handler writing one line per event: a JSON object (`time`, `level`,
/// `message`, then the metadata) or plain text (`time level message key=value …`).
/// Metadata keys come in a fixed order (the access-log fields first, the rest sorted), so
/// lines of one kind line up and tests can read them.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogSink

    public init(label: String, sink: LogSink, level: Logger.Level) {
        self.label = label
        self.sink = sink
        logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // The common case (a logger without metadata of its own) copies no dictionary.
        var fields = event.metadata ?? [:]
        if !metadata.isEmpty {
            fields.merge(metadata) { event, _ in event }
        }
        var line: [UInt8]
        switch sink.format {
        case .json: line = jsonLine(event, fields)
        case .text: line = textLine(event, fields)
        }
        sink.write(&line)
    }

    /// Where an access-line field goes: the fields every access line has come first, in
    /// this order; others after them, by name. A switch on short strings, not a hash: this
    /// runs for every field of every request.
    static func rank(_ key: String) -> Int {
        switch key {
        case "method": 0
        case "route": 1
        case "status": 2
        case "bytes_in": 3
        case "bytes_out": 4
        case "duration_ms": 5
        case "session_id": 6
        case "request_id": 7
        default: 8
        }
    }

    /// The fields' positions in writing order, in one pass over the dictionary; positions,
    /// not values, so that no value is copied until it is written.
    static func ordered(_ fields: Logger.Metadata) -> [Logger.Metadata.Index] {
        var leading = [Logger.Metadata.Index?](repeating: nil, count: 8)
        var rest: [Logger.Metadata.Index] = []
        var index = fields.startIndex
        while index != fields.endIndex {
            let slot = rank(fields.keys[index])
            if slot < leading.count { leading[slot] = index } else { rest.append(index) }
            fields.formIndex(after: &index)
        }
        if rest.count > 1 { rest.sort { fields.keys[$0] < fields.keys[$1] } }
        return leading.compactMap { $0 } + rest
    }

    private func jsonLine(_ event: LogEvent, _ fields: Logger.Metadata) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.key("time")
        w.string(Timestamp.now())
        w.key("level")
        w.string(event.level.rawValue)
        w.key("message")
        w.string(event.message.description)
        if let error = event.error {
            w.key("error")
            w.string("\(error)")
        }
        for index in Self.ordered(fields) {
            w.key(fields.keys[index])
            Self.write(fields.values[index], to: &w)
        }
        w.endObject()
        return w.bytes
    }

    /// Numbers and booleans stay JSON numbers and booleans; everything else is a string.
    private static func write(_ value: Logger.Metadata.Value, to w: inout JSONWriter) {
        switch value {
        case .string(let text):
            w.string(text)
        case .stringConvertible(let convertible):
            switch convertible {
            case let number as Int: w.int(number)
            case let number as Double: w.number(number)
            case let flag as Bool: w.bool(flag)
            default: w.string(convertible.description)
            }
        case .array(let values):
            w.beginArray()
            for element in values { write(element, to: &w) }
            w.endArray()
        case .dictionary(let entries):
            w.beginObject()
            for key in entries.keys.sorted() {
                w.key(key)
                write(entries[key]!, to: &w)
            }
            w.endObject()
        }
    }

    private func textLine(_ event: LogEvent, _ fields: Logger.Metadata) -> [UInt8] {
        var text = "\(Timestamp.now()) \(event.level.rawValue) \(Self.escapingControls(event.message.description))"
        if let error = event.error { text += " error=\(Self.quotedIfNeeded("\(error)"))" }
        for index in Self.ordered(fields) {
            text += " \(Self.escapingControls(fields.keys[index]))=\(Self.quotedIfNeeded(fields.values[index].description))"
        }
        // Every part is escaped: one line per event, and no byte a terminal acts on.
        return Array(text.utf8)
    }

    /// Values with spaces, quotes, backslashes, control characters or nothing at all are
    /// quoted (control characters escaped inside), so `key=value` pairs split unambiguously
    /// and a client's text (a session id from the path) cannot move a terminal's cursor or
    /// forge a line.
    static func quotedIfNeeded(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && !value.unicodeScalars.contains {
                $0.value <= 0x20 || $0 == "\"" || $0 == "=" || $0 == "\\" || isControl($0)
            }
        if plain { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: appendEscaped(scalar, to: &out)
            }
        }
        return out + "\""
    }

    /// The message and keys are not quoted, but their control characters are escaped alike.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        return out
    }

    /// C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F: in UTF-8 terminals U+009B is a CSI
    /// like ESC [): what the JSON format escapes, and DEL and C1 besides.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `\n`, `\r`, `\t`, other controls as `\u00XX`, everything else as it is.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where isControl(scalar):
            out += "\\u00"
            out.unicodeScalars.append(Unicode.Scalar(HexDigits.lowercase(UInt8(scalar.value >> 4))))
            out.unicodeScalars.append(Unicode.Scalar(HexDigits.lowercase(UInt8(truncatingIfNeeded: scalar.value))))
        default: out.unicodeScalars.append(scalar)
        }
    }
}
