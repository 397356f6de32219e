/// Where sessions live beyond one process: the service talks to this protocol only.
///
/// A stored session is a session image (opaque bytes at some version) plus an append-only log of
/// the changes accepted since (opaque bytes, one per version). The storage never interprets
/// either; it orders them, refuses stale writes (compare-and-set on the version), counts what
/// sessions hold against the limits, and forgets sessions idle past their time to live.
///
/// Every call answers within the backend's timeout or throws `StorageError.unavailable`.
public protocol SessionStorage: Sendable {
    /// False for the memory backend: the process itself is the only copy, so session images
    /// and log entries are never written and nothing is ever loaded.
    var keepsSessionData: Bool { get }

    /// Stores a new session at `version`, unless the store is full.
    func create(
        id: String, version: Int, image: [UInt8], holding: StoredCounts,
        limits: StorageLimits
    ) throws(StorageError) -> CreateOutcome

    /// The session's newest acknowledged version (nil when unknown or expired), refreshing its
    /// idle time to live.
    func currentVersion(of id: String, limits: StorageLimits) throws(StorageError) -> Int?

    /// The newest acknowledged version when this process can vouch for it without asking the
    /// store (Redis's read leases), else nil. Never older than a change acknowledged before
    /// the call.
    func leasedVersion(of id: String) -> Int?

    /// What a process needs to bring its copy from `knownVersion` (nil: no copy) to the newest
    /// version: the session image when the log no longer reaches back to `knownVersion`, and the
    /// log entries after it. Nil when the session is unknown.
    func load(id: String, after knownVersion: Int?) throws(StorageError) -> StoredSession?

    /// Appends the change that turns `baseVersion` into `baseVersion + 1`, only if
    /// `baseVersion` is still the newest and the new counts fit the limits.
    func append(
        id: String, baseVersion: Int, entry: [UInt8], from old: StoredCounts, to new: StoredCounts,
        limits: StorageLimits
    ) throws(StorageError) -> AppendOutcome

    /// Replaces the session image by one at `version` and drops the log entries it covers.
    func compact(id: String, version: Int, image: [UInt8]) throws(StorageError)

    /// Removes the session; with `ifVersion`, only while that is still its version (the
    /// check and the removal are one step).
    func remove(id: String, ifVersion: Int?) throws(StorageError) -> RemoveOutcome

    /// Moves a session that no longer decodes out of the way, keeping its bytes for an
    /// operator, so it is neither served nor silently dropped.
    func quarantine(id: String, reason: String) throws(StorageError)

    /// Forgets sessions idle past their time to live (and their counts).
    func sweep(limits: StorageLimits) throws(StorageError)

    /// Sessions held (for /healthz); nil when the store cannot say right now.
    func sessionCount(limits: StorageLimits) -> Int?

    /// Whether the store answers (GET /readyz).
    func ping() throws(StorageError)

    /// Which of `ids` the store still holds (not deleted, expired or quarantined), without
    /// refreshing their time to live: a replica drops its copies of the others.
    func existing(_ ids: [String]) throws(StorageError) -> Set<String>

    /// Whether a call crosses a network and may wait up to the store's timeout (Redis): an
    /// event loop must not make one, or a stalled store holds every connection of the loop.
    var callsMayWaitOnTheNetwork: Bool { get }

    /// The `backend` label of the store metrics (`tessera_store_operations_total`, …), nil
    /// for a backend whose calls are not measured (memory: they never fail and cost nothing
    /// worth a metric on every request).
    var metricsName: String? { get }

    /// Gives up the read leases this process holds, at shutdown once its requests are
    /// answered (issue 39, graceful handoff): a change through another replica then waits for
    /// none of them to expire. Answers how many it gave up; the process must not serve reads
    /// from its copies afterwards.
    func releaseLeases() -> Int
}

extension SessionStorage {
    public func leasedVersion(of id: String) -> Int? { nil }

    public func releaseLeases() -> Int { 0 }

    public var callsMayWaitOnTheNetwork: Bool { false }
}

/// The limits that hold across the whole store, whichever process writes.
public struct StorageLimits: Sendable, Equatable {
    public var maxSessions: Int
    /// Items plus sections across all sessions (a section costs memory like an item).
    public var maxTotalItems: Int
    public var idleExpirySeconds: UInt64

    public init(maxSessions: Int, maxTotalItems: Int, idleExpirySeconds: UInt64) {
        self.maxSessions = maxSessions
        self.maxTotalItems = maxTotalItems
        self.idleExpirySeconds = idleExpirySeconds
    }

    var idleExpiryMilliseconds: Int64 { Int64(clamping: idleExpirySeconds &* 1000) }
}

/// What one session holds, as counted against `StorageLimits.maxTotalItems`.
public struct StoredCounts: Sendable, Equatable {
    public var items: Int
    public var sections: Int
    /// Bytes of its sections' and items' identifiers, as packed (a tag byte and the UTF-8
    /// bytes or the integer's 8 bytes each).
    public var identifierBytes: Int

    /// Identifier bytes that count as one unit (issue 34, point 4). An item is budgeted at
    /// 85 B (docs/limits.md, "Memory"); an identifier byte holds about 1 B once a session is built
    /// and up to 3 B at the peak of building it and in what the allocator keeps (840 B an item
    /// with 256-byte identifiers, measured on a 2.4M-item session): 32 bytes a unit keeps a
    /// session of long identifiers inside the memory the items limit stands for.
    public static let identifierBytesPerUnit = 32

    public init(items: Int, sections: Int, identifierBytes: Int = 0) {
        self.items = items
        self.sections = sections
        self.identifierBytes = identifierBytes
    }

    /// Units of identifier bytes, rounded up.
    public var identifierUnits: Int { (identifierBytes + Self.identifierBytesPerUnit - 1) / Self.identifierBytesPerUnit }

    /// What `--max-total-items` counts: items, sections and identifier units.
    public var units: Int { items + sections + identifierUnits }
}

public struct StoredSession: Sendable {
    /// The session image and its version, when the caller's copy is older than the log reaches.
    public var image: (version: Int, bytes: [UInt8])?
    /// The entries after the image (or after the caller's version), oldest first.
    public var log: [(version: Int, bytes: [UInt8])]
    /// The newest version.
    public var version: Int

    public init(image: (version: Int, bytes: [UInt8])?, log: [(version: Int, bytes: [UInt8])], version: Int) {
        self.image = image
        self.log = log
        self.version = version
    }
}

public enum CreateOutcome: Sendable, Equatable {
    case created
    case full(StorageFull)
}

public enum AppendOutcome: Sendable, Equatable {
    /// Acknowledged. The caller compacts when the log has grown past the image.
    case appended(logBytes: Int, imageBytes: Int)
    /// Another change won: the newest version is `current`.
    case stale(current: Int)
    case gone
    case full(StorageFull)
}

public enum RemoveOutcome: Sendable, Equatable {
    case removed
    case gone
    case stale(current: Int)
}

/// Which limit a create or a change would break.
public enum StorageFull: Sendable, Equatable {
    case sessions(limit: Int)
    case items(limit: Int)
}

public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store did not answer in time or refused the connection.
    case unavailable(String)
    /// The stored bytes are not what this version of the store writes.
    case corrupt(String)
    /// A change was sent but no answer came (the connection dropped, or the store stalled
    /// past the timeout): it may or may not have been applied.
    case outcomeUnknown(String)

    /// A read's failure: nothing was changed whatever happened to the call.
    public var asUnavailable: StorageError {
        if case .outcomeUnknown(let m) = self { return .unavailable(m) }
        return self
    }

    public var description: String {
        switch self {
        case .unavailable(let m): "store unavailable: \(m)"
        case .corrupt(let m): "store corrupt: \(m)"
        case .outcomeUnknown(let m): "store did not confirm the change: \(m)"
        }
    }
}
