/// One accepted change, as the log stores it: which handler accepted it and the request body
/// it accepted. Replaying it runs that handler's own step function on the previous state, so
/// replay is re-application, not a second implementation.
struct SessionChange: Sendable {
    enum Kind: UInt8, Sendable {
        case updates = 1
        case view = 2
        case layoutSwitch = 3
        case transitionBegin = 4
        case transitionFinish = 5
        case transitionCancel = 6
        case movement = 7
        case preferredSizes = 8
        case snapshot = 9
        case snapshotOperations = 10
        case scrollToItem = 11
    }

    var kind: Kind
    var body: [UInt8]

    /// 0xC8: marker, kind, body, then the XXH64 of those (`Checksum`). 0xC7, the same
    /// without the checksum (earlier Tesseras), is still read.
    static let magic: UInt8 = 0xC8
    static let uncheckedMagic: UInt8 = 0xC7

    var encoded: [UInt8] {
        var w = ByteWriter(capacity: body.count + 10)
        w.u8(Self.magic)
        w.u8(kind.rawValue)
        body.withUnsafeBytes { w.append($0) }
        w.checksum()
        return w.bytes
    }

    init(_ kind: Kind, body: [UInt8] = []) {
        self.kind = kind
        self.body = body
    }

    init(decoding bytes: [UInt8]) throws(SessionImageError) {
        let marker = bytes.first
        guard marker == Self.magic || marker == Self.uncheckedMagic else { throw SessionImageError("not a Tessera log entry (bad marker)") }
        let end = marker == Self.magic ? try Checksum.verifiedLength(bytes, "the log entry") : bytes.count
        var r = ByteReader(bytes, offset: 1, end: end)
        let raw = try r.u8("log entry kind")
        guard let kind = Kind(rawValue: raw) else { throw SessionImageError("log entry of unknown kind \(raw)") }
        self.kind = kind
        self.body = r.rest()
    }
}
