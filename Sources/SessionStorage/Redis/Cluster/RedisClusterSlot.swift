/// The hash slot Redis Cluster stores a key in (the cluster specification's "Keys distribution
/// model"): CRC16 (XMODEM: polynomial 0x1021, initial value 0, no reflection) of the key
/// modulo 16384; when the key holds a hash tag (`{…}`: the first `{`, then the first `}`
/// after it, with something between), of the tag alone. Tessera's session keys share their
/// session's tag (`tessera:{ID}…`, `SessionKey`), so one session's keys share a slot and its
/// scripts and MULTI blocks stay on one node.
enum RedisClusterSlot {
    static let count = 16384

    /// The slot of `key`.
    static func of(_ key: [UInt8]) -> Int {
        Int(crc16(hashed(key)) & UInt16(count - 1))
    }

    static func of(_ key: String) -> Int { of(Array(key.utf8)) }

    /// The part of `key` that is hashed: its hash tag when it has a non-empty one, else all of it.
    static func hashed(_ key: [UInt8]) -> ArraySlice<UInt8> {
        guard let open = key.firstIndex(of: UInt8(ascii: "{")),
            let close = key[(open + 1)...].firstIndex(of: UInt8(ascii: "}")), close > open + 1
        else { return key[...] }
        return key[(open + 1)..<close]
    }

    /// CRC16/XMODEM, a byte at a time through a table of the 256 byte values' remainders.
    static func crc16(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
        }
        return crc
    }

    private static let table: [UInt16] = (0..<256).map { n in
        var crc = UInt16(n) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        return crc
    }
}
