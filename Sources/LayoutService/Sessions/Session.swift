import LayoutEngine
import SessionStorage
import Synchronization
import TesseraSupport

/// Everything a session is at one version. Immutable: a change builds a new state and swaps
/// it in, so readers never see a half-applied change.
struct SessionState: Sendable {
    var version: Int
    var kind: LayoutKind
    var layout: any CollectionLayout
    var layoutJSON: [UInt8]
    var dataSource: DataSource
    /// The sections' and items' identifiers, for a session created with them
    /// (docs/snapshots.md); they follow the data source through every change.
    var identifiers: PackedSnapshot? = nil
    var view: ViewContext
    /// The cached prepareLayout result every query is answered from.
    var prepared: any PreparedLayout
    /// An interactive transition under way (UICollectionViewTransitionLayout), if any.
    var transition: PendingTransition?
    /// An interactive movement under way (iOS 9 reordering), if any.
    var movement: InteractiveMovement?

    /// What the state holds, as the store's limits count it.
    var counts: StoredCounts {
        StoredCounts(
            items: dataSource.totalItemCount, sections: dataSource.sections.count,
            identifierBytes: identifiers?.identifierBytes ?? 0)
    }
}

/// The layout an interactive transition is heading to.
struct PendingTransition: Sendable {
    var kind: LayoutKind
    var layout: any CollectionLayout
    var layoutJSON: [UInt8]
    var prepared: any PreparedLayout
}

/// This process's copy of one session, at the newest version it has seen. Its state is
/// swapped atomically under a lock held only for the swap, never while laying out; the store
/// is the authority on which version is newest.
final class Session: Sendable {
    let id: String
    private let state: Mutex<SessionState>
    /// The store's cache of encoded replies, which this session's entries leave when it
    /// changes or goes away.
    private let replies: ReplyCache
    /// This session's entries in `replies`.
    private let replySlot = ReplyCache.Slot()
    /// The size of the last rect reply written for this session (`replyCapacityGuess`).
    private let lastReplySize = Atomic<Int>(0)
    /// Held while this process commits a change to the store or catches up with it, so the
    /// copy moves forward one version at a time.
    let writeLock = BlockingLock()
    /// When this process last served the session (its copy is dropped after the idle expiry).
    private let lastUsed: Atomic<UInt64>

    init(id: String, state: SessionState, now: UInt64, replies: ReplyCache) {
        self.id = id
        self.state = Mutex(state)
        self.replies = replies
        self.lastUsed = Atomic(now)
    }

    /// Deleted, expired or dropped: its cached replies are of no use to anyone.
    deinit {
        replies.removeAll(replySlot)
    }

    /// The reply cache's key for `query` at `version` of this session.
    func replyKey(_ query: ReplyQuery, version: Int) -> ReplyKey {
        ReplyKey(session: replySlot.serial, version: version, query: query)
    }

    /// The reply cached for `key`, or whether one made now would be kept.
    func cachedReply(_ key: ReplyKey) -> ReplyCache.Lookup {
        replies.lookup(key)
    }

    /// Keeps a reply the cache admitted (`cachedReply` answered `.miss(admits: true)`).
    func cacheReply(_ key: ReplyKey, _ body: [UInt8], headers: [(name: String, value: String)]) {
        replies.store(key, slot: replySlot, body: body, headers: headers)
    }

    /// Undoes the first sighting `cachedReply` recorded for `key` (the query moved to a worker,
    /// which asks again).
    func forgetSighting(_ key: ReplyKey) {
        replies.forgetSighting(key)
    }

    /// Room to reserve for the next rect reply: the last one's size and an eighth more (a
    /// scrolling client asks for rects of one size, whose replies differ little), so the
    /// reply is written without growing its buffer (docs/performance.md#reply-size-guess).
    /// At most 1 MiB: past that the buffer grows as it needs, and a huge reply does not make
    /// every small one after it reserve as much.
    var replyCapacityGuess: Int {
        let last = lastReplySize.load(ordering: .relaxed)
        return last == 0 ? 4096 : min(last + last / 8 + 64, 1 << 20)
    }

    func noteReplySize(_ bytes: Int) {
        lastReplySize.store(bytes, ordering: .relaxed)
    }

    func touch(_ now: UInt64) { lastUsed.store(now, ordering: .relaxed) }

    var lastUsedTime: UInt64 { lastUsed.load(ordering: .relaxed) }

    var current: SessionState { state.withLock { $0 } }

    var version: Int { state.withLock { $0.version } }

    /// Installs a newer state (an older or equal one is ignored: another thread got there).
    func install(_ newState: SessionState) {
        let swapped = state.withLock { s -> Bool in
            guard newState.version > s.version else { return false }
            s = newState
            return true
        }
        if swapped { replies.removeAll(replySlot) }
    }
}
