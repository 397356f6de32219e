import LayoutEngine
import Synchronization

/// What a cached reply answers, normalised: the endpoint and the values its query parsed
/// to, not the query's text, so `rect=0,0,390,844` and `rect=0.0,0,390.00,844` are one
/// entry and comparing two keys is comparing eight words (no string is kept or compared).
struct ReplyQuery: Hashable, Sendable {
    /// The endpoint and which optional parts are present (`Form`'s bits).
    private(set) var form: UInt64
    /// The rect's x, y, width and height as bit patterns (zero without a rect).
    private(set) var rect: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The transition progress and the picture's scale as bit patterns (zero when absent).
    private(set) var progress: UInt64 = 0
    private(set) var scale: UInt64 = 0

    private enum Form {
        static let elements: UInt64 = 1
        static let picture: UInt64 = 2
        static let hasRect: UInt64 = 1 << 4
        static let hasProgress: UInt64 = 1 << 5
        static let labels: UInt64 = 1 << 8
        static let dark: UInt64 = 1 << 9
    }

    /// `GET …/elements`: the rect (all elements when nil) and the transition progress.
    static func elements(rect: Rect?, progress: Double?) -> ReplyQuery {
        var q = ReplyQuery(form: Form.elements)
        q.set(rect: rect, progress: progress)
        return q
    }

    /// `GET …/render.svg`: the same, and the picture's options as they resolved (an
    /// absent option and its default draw the same picture, and share the entry).
    static func picture(rect: Rect?, progress: Double?, labels: Bool, scale: Double, dark: Bool) -> ReplyQuery {
        var q = ReplyQuery(form: Form.picture | (labels ? Form.labels : 0) | (dark ? Form.dark : 0))
        q.set(rect: rect, progress: progress)
        q.scale = Self.bits(scale)
        return q
    }

    private mutating func set(rect r: Rect?, progress p: Double?) {
        if let r {
            form |= Form.hasRect
            rect = (Self.bits(r.minX), Self.bits(r.minY), Self.bits(r.width), Self.bits(r.height))
        }
        if let p {
            form |= Form.hasProgress
            progress = Self.bits(p)
        }
    }

    /// −0 as 0: every layout answers them alike, so they share an entry.
    private static func bits(_ v: Double) -> UInt64 { (v + 0).bitPattern }

    static func == (a: ReplyQuery, b: ReplyQuery) -> Bool {
        a.form == b.form && a.rect.0 == b.rect.0 && a.rect.1 == b.rect.1 && a.rect.2 == b.rect.2
            && a.rect.3 == b.rect.3 && a.progress == b.progress && a.scale == b.scale
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(form)
        hasher.combine(rect.0)
        hasher.combine(rect.1)
        hasher.combine(rect.2)
        hasher.combine(rect.3)
        hasher.combine(progress)
        hasher.combine(scale)
    }
}

/// A reply cache entry's identity: which session (its slot's serial number), at which
/// version, answering which query; with its hash, computed once when the key is made and
/// used for the table, the admission filter and every comparison's first test.
struct ReplyKey: Hashable, Sendable {
    let session: UInt64
    let version: Int
    let query: ReplyQuery
    let hash: UInt64

    init(session: UInt64, version: Int, query: ReplyQuery) {
        self.session = session
        self.version = version
        self.query = query
        hash = ReplyKeyHash.of(
            session, UInt64(bitPattern: Int64(version)), query.form, query.rect.0, query.rect.1, query.rect.2,
            query.rect.3, query.progress, query.scale)
    }

    static func == (a: ReplyKey, b: ReplyKey) -> Bool {
        a.hash == b.hash && a.session == b.session && a.version == b.version && a.query == b.query
    }

    /// The table's hash of the key is the key's own hash: the table hashes eight bytes, not
    /// the eighty the key holds.
    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// What the table asks for instead of running `Hasher` over the key's hash (SipHash-1-3 of
    /// a word, ~150 instructions a lookup): the hash is already keyed and mixed, so the
    /// table's seed is mixed in with one multiply (the standard library's underscored hook,
    /// as `SessionKey` uses it; docs/performance.md#reply-cache-admission).
    func _rawHashValue(seed: Int) -> Int {
        let mixed = (hash ^ UInt64(truncatingIfNeeded: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}

/// The reply key's 64-bit hash: nine words folded pairwise through 64 × 64 → 128-bit
/// multiplications with secret words drawn once per process (the folded-multiply mix of
/// wyhash), ~40 instructions where the standard library's `Hasher` took ~550 over the
/// key's 80 bytes (docs/performance.md#reply-cache-admission). Keyed, so that a client
/// cannot choose rects whose keys share a hash without knowing the secret; the table
/// hashes the result again with the standard library's seeded hash.
enum ReplyKeyHash {
    private static let secret: (UInt64, UInt64, UInt64) = {
        var g = SystemRandomNumberGenerator()
        // Odd, so that no multiplication by them loses the low bit.
        return (g.next() | 1, g.next() | 1, g.next() | 1)
    }()

    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    static func of(
        _ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64, _ w5: UInt64,
        _ w6: UInt64, _ w7: UInt64, _ w8: UInt64
    ) -> UInt64 {
        let s = secret
        var h = fold(w0 ^ s.0, w1 ^ s.1)
        h = fold(h ^ w2 ^ s.2, w3 ^ s.1)
        h = fold(h ^ w4 ^ s.0, w5 ^ s.2)
        h = fold(h ^ w6 ^ s.1, w7 ^ s.0)
        h = fold(h ^ w8 ^ s.2, 9 ^ s.1)
        return fold(h ^ s.0, s.2)
    }
}

/// Serial numbers for reply cache slots (`ReplyCache.Slot`): a session's slot number is
/// never reused in the process, so a key can name its session without holding it.
enum ReplySlotSerial {
    private static let next = Atomic<UInt64>(1)

    static func take() -> UInt64 { next.add(1, ordering: .relaxed).oldValue }
}
