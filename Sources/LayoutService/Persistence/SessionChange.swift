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
    }

    var kind: Kind
    var body: [UInt8]

    static let magic: UInt8 = 0xC7

    var encoded: [UInt8] {
        var w = ByteWriter(capacity: body.count + 2)
        w.u8(Self.magic)
        w.u8(kind.rawValue)
        var bytes = w.bytes
        bytes.append(contentsOf: body)
        return bytes
    }

    init(_ kind: Kind, body: [UInt8] = []) {
        self.kind = kind
        self.body = body
    }

    init(decoding bytes: [UInt8]) throws(SnapshotError) {
        var r = ByteReader(bytes)
        guard try r.u8("log entry marker") == Self.magic else { throw SnapshotError("not a Tessera log entry (bad marker)") }
        let raw = try r.u8("log entry kind")
        guard let kind = Kind(rawValue: raw) else { throw SnapshotError("log entry of unknown kind \(raw)") }
        self.kind = kind
        self.body = r.rest()
    }
}
