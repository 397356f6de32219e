/// Session images over a megabyte in a Redis Cluster, kept in chunk keys under the session's
/// tag (`RedisScripts` has the layout): a slot migration then moves a megabyte at a time, never
/// one key of tens of megabytes (issue 39). With one master (or Sentinel) images stay in the
/// hash's `s` field as before, so replicas of an older version read every session.
extension RedisSessionStorage {
    /// The largest chunk, and the largest image kept in `s`; nil: no chunks (one master).
    var chunkBytes: Int? {
        if case .cluster = transport { return 1 << 20 }
        return nil
    }

    static func chunkKey(_ id: String, nonce: String, _ n: Int) -> String { "\(key(id)):s:\(nonce):\(n)" }

    /// A fresh name for one image's chunks: two replicas compacting the same session at once
    /// never write into each other's chunks.
    func chunkNonce() -> String {
        var rng = SystemRandomNumberGenerator()
        return String(rng.next() as UInt64, radix: 16)
    }

    /// `SET` commands writing `image` as chunks of `size` bytes, each expiring after `ttl` ms.
    static func chunkWrites(_ id: String, nonce: String, image: [UInt8], size: Int, ttl: Int) -> [[[UInt8]]] {
        stride(from: 0, to: image.count, by: size).enumerated().map { n, start in
            [arg("SET"), arg(chunkKey(id, nonce: nonce, n)), Array(image[start..<min(image.count, start + size)]), arg("PX"), arg(ttl)]
        }
    }

    static func chunkCount(_ bytes: Int, size: Int) -> Int { (bytes + size - 1) / size }

    /// Best effort: the chunks of an image that never became the session's (they expire anyway).
    func dropChunks(_ id: String, nonce: String, count: Int) {
        guard count > 0 else { return }
        _ = try? call([[Self.arg("DEL")] + (0..<count).map { Self.arg(Self.chunkKey(id, nonce: nonce, $0)) }], on: .session(id))
    }

    /// Compaction of an image too large for `s`: the chunks first (alive for ten minutes, in
    /// case this process dies before the switch), then one script makes them the image, or
    /// drops them when another compaction got there first.
    func compactChunked(id: String, version: Int, image: [UInt8], size: Int) throws(StorageError) {
        let nonce = chunkNonce()
        let writes = Self.chunkWrites(id, nonce: nonce, image: image, size: size, ttl: 600_000)
        for reply in try call(writes, on: .session(id)) {
            if case .error(let message) = reply {
                dropChunks(id, nonce: nonce, count: writes.count)
                throw .unavailable("Redis: \(message)")
            }
        }
        do {
            _ = try eval(
                RedisScripts.compactChunked, keys: [Self.key(id)],
                [Self.arg(version), Self.arg(nonce), Self.arg(writes.count), Self.arg(image.count)])
        } catch {
            dropChunks(id, nonce: nonce, count: writes.count)
            throw error
        }
    }

    /// The image kept in chunk keys `nonce` (`count` of them), read one at a time; nil when one
    /// is missing (a compaction replaced them meanwhile: the caller reads again).
    static func readChunks(
        _ id: String, nonce: String, count: Int, bytes: Int, _ send: ([[UInt8]]) throws(StorageError) -> RedisReply
    ) throws(StorageError) -> [UInt8]? {
        var image: [UInt8] = []
        image.reserveCapacity(bytes)
        for n in 0..<count {
            let reply = try send([arg("GET"), arg(chunkKey(id, nonce: nonce, n))])
            if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
            guard let chunk = reply.bytes else { return nil }
            image += chunk
        }
        return image
    }
}
