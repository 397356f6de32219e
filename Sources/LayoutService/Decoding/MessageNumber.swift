import TesseraJSON
extension String.StringInterpolation {
    /// A number in an error message, written as replies write it (`JSONWriter.number`):
    /// `-3`, not `-3.0`; `0.5`; `1e+16`. Every message quoting a client's number uses this,
    /// so one value never reads two ways.
    mutating func appendInterpolation(number value: Double) {
        var w = JSONWriter(capacity: 24)
        w.number(value)
        appendLiteral(String(decoding: w.bytes, as: UTF8.self))
    }
}
