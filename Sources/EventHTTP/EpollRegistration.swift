import CLibevent
import Glibc

/// The epoll instance behind a loop's event_base, found from /proc, so that the loop can take
/// a socket out of it at once (see `EventLoop.lingerIfRefused`).
///
/// Why: the loops' bases batch their epoll changes (EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST,
/// see `EventLoop.init`), so libevent removes a closed socket from epoll only at the next
/// dispatch, by descriptor number, after the close. Normally the close itself has already
/// dropped the registration (epoll forgets a file when its last descriptor closes). A
/// lingering close keeps a duplicate of the socket open, though: the registration would
/// outlive the descriptor, libevent's late EPOLL_CTL_DEL would fail with EBADF, and a socket
/// whose writing side is shut down is writable forever, so epoll_wait would return at once,
/// every time, for the whole linger (measured: one core busy for 2 s per refused request).
/// libevent's documentation warns of this pairing ("not safe … if you have any fds cloned by
/// dup()"); removing the registration while the descriptor is still open is the way around.
enum EpollRegistration {
    /// The epoll descriptor in this process that watches `descriptor` (the same open file:
    /// its number and its inode), or nil when none does or /proc cannot be read. Reads
    /// /proc/self/fdinfo of each eventpoll descriptor: done once per loop, not per request.
    static func instance(watching descriptor: Int32) -> Int32? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        let wanted = (descriptor: Int(descriptor), inode: UInt64(status.st_ino))
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let candidate = Int32(name), isEventPoll(candidate),
                  watches(fdinfo(of: candidate), wanted) else { continue }
            return candidate
        }
        return nil
    }

    /// Takes `descriptor` out of the epoll instance `epoll` now (the descriptor is open).
    static func remove(_ descriptor: Int32, from epoll: Int32) {
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil)
    }

    /// The (descriptor, inode) pairs `fdinfo` (an eventpoll's /proc/self/fdinfo text) lists:
    /// one `tfd: N events: … ino:HEX sdev: …` line per watched file.
    static func watched(_ fdinfo: String) -> [(descriptor: Int, inode: UInt64)] {
        fdinfo.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.first == "tfd:", fields.count > 1, let number = Int(fields[1]),
                  let inode = fields.first(where: { $0.hasPrefix("ino:") }).flatMap({ UInt64($0.dropFirst(4), radix: 16) })
            else { return nil }
            return (number, inode)
        }
    }

    private static func watches(_ fdinfo: String, _ wanted: (descriptor: Int, inode: UInt64)) -> Bool {
        watched(fdinfo).contains { $0.descriptor == wanted.descriptor && $0.inode == wanted.inode }
    }

    private static func isEventPoll(_ descriptor: Int32) -> Bool {
        var target = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
        guard length > 0 else { return false }
        return String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == "anon_inode:[eventpoll]"
    }

    /// The whole fdinfo text of `descriptor` (a busy loop's lists thousands of sockets).
    static func fdinfo(of descriptor: Int32) -> String {
        let file = open("/proc/self/fdinfo/\(descriptor)", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return "" }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
