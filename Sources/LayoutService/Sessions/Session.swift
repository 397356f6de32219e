import LayoutEngine
import Synchronization

/// Everything a session is at one version. Immutable: a change builds a new state and swaps
/// it in, so readers never see a half-applied change.
struct SessionState: Sendable {
    var version: Int
    var kind: LayoutKind
    var layout: any CollectionLayout
    var layoutJSON: [UInt8]
    var dataSource: DataSource
    var view: ViewContext
    /// The cached prepareLayout result every query is answered from.
    var prepared: any PreparedLayout
    /// An interactive transition under way (UICollectionViewTransitionLayout), if any.
    var transition: PendingTransition?
    /// An interactive movement under way (iOS 9 reordering), if any.
    var movement: InteractiveMovement?
}

/// The layout an interactive transition is heading to.
struct PendingTransition: Sendable {
    var kind: LayoutKind
    var layout: any CollectionLayout
    var layoutJSON: [UInt8]
    var prepared: any PreparedLayout
}

/// One cached collection view. Its state is swapped atomically under a lock held only for the
/// swap, never while laying out.
final class Session: Sendable {
    let id: String
    private let state: Mutex<SessionState>
    /// The store's cache of encoded replies, which this session's entries leave when it
    /// changes or goes away.
    private let replies: ReplyCache
    private let lastUsed: Atomic<UInt64>

    init(id: String, state: SessionState, now: UInt64, replies: ReplyCache) {
        self.id = id
        self.state = Mutex(state)
        self.replies = replies
        self.lastUsed = Atomic(now)
    }

    /// Deleted or expired: its cached replies are of no use to anyone.
    deinit {
        replies.removeAll(session: id)
    }

    /// A reply cached for `key` (which names the version it was made at).
    func cachedReply(_ key: String) -> [UInt8]? {
        replies.lookup(session: id, key: key)
    }

    func cacheReply(_ key: String, _ body: [UInt8]) {
        replies.store(session: id, key: key, body: body)
    }

    var current: SessionState { state.withLock { $0 } }

    var itemCount: Int { state.withLock { $0.dataSource.totalItemCount } }

    func touch(_ now: UInt64) { lastUsed.store(now, ordering: .relaxed) }

    var lastUsedTime: UInt64 { lastUsed.load(ordering: .relaxed) }

    /// Replaces the state if the session is still at `expectedVersion` (the version the new
    /// state was computed from); returns false when another change won the race.
    func replace(expectedVersion: Int, with newState: SessionState) -> Bool {
        let swapped = state.withLock { s -> Bool in
            guard s.version == expectedVersion else { return false }
            s = newState
            return true
        }
        if swapped { replies.removeAll(session: id) }
        return swapped
    }
}
