import CZlib
import Glibc

/// gzip in both directions (RFC 9110 §8.4): request bodies sent with
/// `Content-Encoding: gzip` are inflated before the handler sees them, bounded by the body
/// limit applied to the *inflated* size; replies of at least `gzipReplyThreshold` bytes
/// go out gzipped to clients that send `Accept-Encoding: gzip`. zlib comes from Debian
/// (zlib1g-dev) through the CZlib system library.
enum ContentCoding {
    enum InflateFailure: Error, Equatable {
        /// The inflated body would exceed the limit; nothing beyond limit + 1 bytes is allocated.
        case tooLarge
        /// Not a well-formed gzip stream (bad header, bad checksum, truncated, trailing bytes).
        case corrupt
    }

    /// Inflates one gzip member. Output grows by doubling from a guess of 4× the input,
    /// never past `limit + 1` bytes: a zip bomb costs at most the body limit, as an
    /// uncompressed body would, and is answered 413 when it reaches it.
    static func gunzip(_ input: [UInt8], limit: Int) -> Result<[UInt8], InflateFailure> {
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { return .failure(.corrupt) }
        defer { inflateEnd(&stream) }
        let ceiling = limit + 1
        var capacity = max(1, min(ceiling, max(input.count * 4, 1 << 16)))
        guard var output = malloc(capacity)?.assumingMemoryBound(to: UInt8.self) else { return .failure(.tooLarge) }
        defer { free(output) }
        var produced = 0
        let status: Int32 = input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while true {
                if produced == capacity {
                    guard capacity < ceiling else { return Z_BUF_ERROR }
                    capacity = min(ceiling, capacity * 2)
                    guard let grown = realloc(output, capacity) else { return Z_MEM_ERROR }
                    output = grown.assumingMemoryBound(to: UInt8.self)
                }
                stream.next_out = output + produced
                stream.avail_out = UInt32(capacity - produced)
                let before = stream.avail_out
                let result = inflate(&stream, Z_NO_FLUSH)
                produced += Int(before - stream.avail_out)
                switch result {
                case Z_STREAM_END: return Z_STREAM_END
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in > 0 && produced == capacity: continue // room needed
                default: return result // truncated input, bad data
                }
            }
        }
        if produced > limit || (status == Z_BUF_ERROR && produced == ceiling) { return .failure(.tooLarge) }
        guard status == Z_STREAM_END, stream.avail_in == 0 else { return .failure(.corrupt) }
        return .success([UInt8](UnsafeBufferPointer(start: output, count: produced)))
    }

    /// Deflates `input` as one gzip member at `level` (1: fastest, what a reply wants).
    static func gzip(_ input: [UInt8], level: Int32 = 1) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, UInt(input.count)))
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            var failed = false
            let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(bound)
                failed = deflate(&stream, Z_FINISH) != Z_STREAM_END
                initialized = failed ? 0 : bound - Int(stream.avail_out)
            }
            return failed ? nil : out
        }
    }

    /// Whether an Accept-Encoding field value accepts gzip: `gzip` or `x-gzip` or `*` with
    /// a q-value above 0 (RFC 9110 §12.5.3). An explicit `gzip;q=0` refuses it even when
    /// `*` would accept it.
    static func acceptsGzip(_ field: String) -> Bool {
        var wildcard = false
        for member in field.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let name = parts.first.map({ trimmed($0).lowercased() }) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, trimmed(pair[0]).lowercased() == "q" { weight = Double(trimmed(pair[1])) ?? 0 }
            }
            if name == "gzip" || name == "x-gzip" { return weight > 0 }
            if name == "*" { wildcard = weight > 0 }
        }
        return wildcard
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

extension Substring {
    var trimmingASCIISpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
