#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds since the epoch: expiry times shared by processes (and machines) must use the
/// wall clock, not a process's monotonic one.
public enum WallClock {
    public static func milliseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000
    }
}

extension StorageLimits {
    /// A session's expiry is rewritten at most this often per reader: each read would
    /// otherwise be a write.
    var touchSlackMilliseconds: Int64 { min(idleExpiryMilliseconds / 10, 60_000) }
}
