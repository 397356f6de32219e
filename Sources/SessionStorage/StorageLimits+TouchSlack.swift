extension StorageLimits {
    /// A session's expiry is rewritten at most this often per reader: each read would
    /// otherwise be a write.
    var touchSlackMilliseconds: Int64 { min(idleExpiryMilliseconds / 10, 60_000) }
}
