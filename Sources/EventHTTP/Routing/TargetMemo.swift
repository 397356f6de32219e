import Glibc

/// Fast path, per event loop: the routing of paths this loop saw lately. Parsing a request
/// target into decoded segments and walking the route trie is a pure function of the
/// method and the path bytes (the table is frozen at start), yet it was a large share of a
/// cached rect query: a String per segment, the segments array, the parameter dictionary
/// (docs/performance.md#target-memo).
/// A client polling a session asks for the same path again and again with other rects, so
/// the memo is keyed by the raw path bytes (the target before `?` and `#`), and the query
/// is taken from each request's own target.
///
/// Each entry also keeps the last query it was asked with: a repeated target (a client
/// polling the same rect, which is when the reply cache answers) reuses that String
/// instead of decoding a new one, with its allocation and release.
///
/// Slow path: `RequestTarget.parse` then `RouteTable.resolve`, for a path not in the memo;
/// its answer is what the memo keeps, so a hit answers exactly what the slow path would
/// (`TargetMemoTests` holds the two to the same answers, over the routes' paths, encoded
/// segments, OPTIONS/405/404 and evictions). Paths that fail to parse are not kept.
///
/// Loop-confined (no lock). Bounded: `capacity` entries of at most the target limit each.
struct TargetMemo {
    struct Routed {
        var path: String
        var query: String?
        var resolution: RouteTable.Resolution
    }

    private struct Entry {
        let method: HTTPMethod
        let pathBytes: [UInt8]
        let path: String
        let resolution: RouteTable.Resolution
        var lastQuery: String?
    }

    static let capacity = 16
    private var entries: [Entry] = []
    /// Where the next new entry goes once full (oldest first, round robin).
    private var nextReplaced = 0
    /// Hits and misses so far (tests).
    private(set) var hits = 0
    private(set) var misses = 0

    init() {
        entries.reserveCapacity(Self.capacity)
    }

    /// The path, raw query and resolution of `target` (origin form, as the stream validator
    /// let it through), from the memo or worked out and remembered.
    mutating func route(
        _ method: HTTPMethod, target: UnsafeRawBufferPointer,
        routes: RouteTable
    ) throws(RequestTarget.Invalid) -> Routed {
        let bounds = RequestTarget.bounds(target)
        let queryBytes: UnsafeRawBufferPointer? =
            bounds.pathEnd < bounds.end
            ? UnsafeRawBufferPointer(rebasing: target[(bounds.pathEnd + 1)..<bounds.end]) : nil
        let pathBytes = UnsafeRawBufferPointer(rebasing: target[..<bounds.pathEnd])
        for index in entries.indices where entries[index].method == method && entries[index].pathBytes.count == pathBytes.count {
            let same = entries[index].pathBytes.withUnsafeBytes { stored in
                stored.count == 0 || memcmp(stored.baseAddress!, pathBytes.baseAddress!, stored.count) == 0
            }
            if same {
                hits += 1
                let query: String?
                if let queryBytes {
                    if let last = entries[index].lastQuery, Self.equals(last, queryBytes) {
                        query = last
                    } else {
                        query = String(decoding: queryBytes, as: UTF8.self)
                        entries[index].lastQuery = query
                    }
                } else {
                    query = nil
                }
                return Routed(path: entries[index].path, query: query, resolution: entries[index].resolution)
            }
        }
        misses += 1
        let parsed = try RequestTarget.parse(target).get()
        let resolution = routes.resolve(method, segments: parsed.segments)
        remember(
            Entry(
                method: method, pathBytes: Array(pathBytes), path: parsed.path, resolution: resolution,
                lastQuery: parsed.query))
        return Routed(path: parsed.path, query: parsed.query, resolution: resolution)
    }

    /// Whether `string` is exactly these bytes. A String decoded from bytes that are not
    /// UTF-8 holds replacement characters instead, so it never equals them, and such a
    /// query is decoded again each time (as the slow path would).
    private static func equals(_ string: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { stored in
            stored.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, stored.count) == 0
        } ?? utf8.elementsEqual(bytes)
    }

    private mutating func remember(_ entry: Entry) {
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[nextReplaced] = entry
            nextReplaced = (nextReplaced + 1) % Self.capacity
        }
    }
}
