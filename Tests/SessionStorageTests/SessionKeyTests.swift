import SessionStorage
import Testing

/// `SessionKey` hashes 16 bytes of an id and compares the whole id with memcmp: equal ids
/// are equal keys whatever their storage, and ids that share those 16 bytes still differ.
@Suite struct SessionKeyTests {
    private func hexID(_ rng: inout some RandomNumberGenerator) -> String {
        String((0..<32).map { _ in "0123456789abcdef".randomElement(using: &rng)! })
    }

    @Test func equalIdsAreEqualKeysWithEqualHashes() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let id = hexID(&rng)
            // Another String with the same bytes in other storage (as a request's path gives).
            let copy = String(decoding: Array(id.utf8), as: UTF8.self)
            #expect(SessionKey(id) == SessionKey(copy))
            #expect(SessionKey(id).hashValue == SessionKey(copy).hashValue)
            #expect(SessionKey(id)._rawHashValue(seed: 12_345) == SessionKey(copy)._rawHashValue(seed: 12_345))
        }
        #expect(SessionKey("s1") == SessionKey(String(decoding: Array("s1".utf8), as: UTF8.self)))
        #expect(SessionKey("") == SessionKey(""))
    }

    @Test func idsDifferingOnlyInTheMiddleAreDifferentKeys() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var bytes = Array(hexID(&rng).utf8)
            let original = String(decoding: bytes, as: UTF8.self)
            let position = Int.random(in: 8..<24, using: &rng)
            bytes[position] = bytes[position] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            let other = String(decoding: bytes, as: UTF8.self)
            // Same first and last eight bytes: the same digest, told apart by the comparison.
            #expect(SessionKey(original) != SessionKey(other))
            #expect(SessionKey(original) != SessionKey(original + "x"))
            #expect(SessionKey("s1") != SessionKey("s2"))
        }
    }

    /// As dictionary keys (what the session store does): every id found again, no other.
    @Test func aDictionaryFindsEachIdAndOnlyIt() {
        var rng = SystemRandomNumberGenerator()
        let ids = (0..<2_000).map { _ in hexID(&rng) }
        var table: [SessionKey: Int] = [:]
        for (index, id) in ids.enumerated() { table[SessionKey(id)] = index }
        for (index, id) in ids.enumerated() {
            #expect(table[SessionKey(String(decoding: Array(id.utf8), as: UTF8.self))] == index)
        }
        #expect(table[SessionKey(hexID(&rng))] == nil)
        #expect(table.count == Set(ids).count)
    }
}
