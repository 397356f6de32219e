/// A short hash tag for each of the 16,384 slots: a name of the form `…{TAG}…` lands in slot
/// `s` when TAG is `tag(of: s)`. Sharded pub/sub channels must live in a slot (`SSUBSCRIBE`
/// refuses channels of two slots in one call, and a script may only publish to a slot its node
/// serves), so the lease channel a replica listens on for slot s carries this tag (issue 39).
///
/// Found by trying every tag of one to three characters of a 64-letter alphabet in order
/// (about 266,000 names, 16 a slot on average; CRC16 spreads them evenly), then four where a
/// slot is still missing; the first tag that reaches a slot is its tag, so every process finds
/// the same one.
enum RedisClusterSlotTags {
    static func tag(of slot: Int) -> String { tags[slot] }

    private static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

    private static let tags: [String] = {
        var found = [String?](repeating: nil, count: RedisClusterSlot.count)
        var missing = RedisClusterSlot.count
        var name: [UInt8] = []
        func visit(length: Int) {
            if name.count == length {
                let slot = Int(RedisClusterSlot.crc16(name[...]) & UInt16(RedisClusterSlot.count - 1))
                if found[slot] == nil {
                    found[slot] = String(decoding: name, as: UTF8.self)
                    missing -= 1
                }
                return
            }
            for letter in alphabet where missing > 0 {
                name.append(letter)
                visit(length: length)
                name.removeLast()
            }
        }
        for length in 1...4 where missing > 0 { visit(length: length) }
        return found.map { $0! }
    }()
}
