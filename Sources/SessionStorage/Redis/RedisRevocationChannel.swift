/// Where a replica hears lease revocations and the confirmations of its own changes: one
/// channel on the master (`RedisLeaseChannel`), or one sharded channel per slot on each
/// cluster master (`RedisShardedLeaseChannels`).
protocol RedisRevocationChannel: Sendable {
    /// Starts listening (a thread of its own).
    func start()
    /// Stops listening within one poll interval.
    func stop()
    /// Whether anything waits unread: a revocation on its way in, or a connection that ended.
    /// True while not listening, so no lease is trusted then.
    var hasUnreadInput: Bool { get }
}

extension RedisLeaseChannel: RedisRevocationChannel {}
