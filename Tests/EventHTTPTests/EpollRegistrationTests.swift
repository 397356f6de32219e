import CLibevent
import Glibc
import Testing
@testable import EventHTTP

/// The loops batch their epoll changes, which is unsafe with duplicated descriptors; the
/// lingering close duplicates one and must take the socket out of epoll itself first
/// (`EpollRegistration`).
@Suite struct EpollRegistrationTests {
    @Test func fdinfoLinesAreRead() {
        let text = """
            pos:\t0
            flags:\t02000002
            mnt_id:\t15
            ino:\t1057
            tfd:        9 events:       19 data:                9  pos:0 ino:2c9a sdev:e
            tfd:       12 events: 80000019 data:                c  pos:0 ino:ff sdev:9

            """
        let watched = EpollRegistration.watched(text)
        #expect(watched.map(\.descriptor) == [9, 12])
        #expect(watched.map(\.inode) == [0x2c9a, 0xff])
        #expect(EpollRegistration.watched("pos:\t0\n").isEmpty)
    }

    @Test func theInstanceWatchingADescriptorIsFound() throws {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        let watched = eventfd(0, Int32(EFD_CLOEXEC)), unwatched = eventfd(0, Int32(EFD_CLOEXEC))
        defer { [epoll, watched, unwatched].forEach { close($0) } }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        #expect(epoll_ctl(epoll, EPOLL_CTL_ADD, watched, &event) == 0)
        #expect(EpollRegistration.instance(watching: watched) == epoll)
        #expect(EpollRegistration.instance(watching: unwatched) == nil)
        EpollRegistration.remove(watched, from: epoll)
        #expect(EpollRegistration.instance(watching: watched) == nil)
    }

    /// While a refused request's connection lingers, its socket is in the loop's epoll only
    /// through the lingering descriptor: nothing left under the number evhttp closed, which
    /// epoll would keep reporting (writable, its sending side shut) with the loop spinning.
    @Test func aLingeringSocketIsWatchedOnlyThroughItsOwnDescriptor() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.lingerSeconds = 30 }) { server, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(1 << 40)\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            try client.send([UInt8](repeating: 0x61, count: 4096))
            #expect(waitUntil { lingeringSockets(server) == 1 })
            // On the loop thread: (lingering descriptor, its inode, every registration of that inode).
            final class Found: @unchecked Sendable { var lingering: [(Int, UInt64)] = []; var registrations: [Int] = [] }
            let found = Found()
            _ = onEveryLoop(server) { loop in
                guard let epoll = loop.epollInstance else { return 0 }
                let watched = EpollRegistration.watched(EpollRegistration.fdinfo(of: epoll))
                for closer in loop.lingering.values {
                    var status = stat()
                    guard fstat(closer.descriptor, &status) == 0 else { continue }
                    let inode = UInt64(status.st_ino)
                    found.lingering.append((Int(closer.descriptor), inode))
                    found.registrations += watched.filter { $0.inode == inode }.map(\.descriptor)
                }
                return 0
            }
            let lingering = try #require(found.lingering.first)
            #expect(found.registrations == [lingering.0])
            client.shutdownWrite()
            #expect(try client.isClosedByServer())
            #expect(waitUntil { lingeringSockets(server) == 0 })
        }
    }

    /// The same check, end to end: the loop thread uses next to no CPU time while a
    /// connection lingers (a loop whose epoll_wait returns at once would use all of it).
    @Test func aLingeringSocketDoesNotKeepTheLoopBusy() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.lingerSeconds = 30 }) { server, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(1 << 40)\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            #expect(waitUntil { lingeringSockets(server) == 1 })
            let before = loopCPUNanoseconds(server)
            usleep(500_000)
            let used = loopCPUNanoseconds(server) - before
            // Half a second of wall time; a spinning loop gets (nearly) all of it even on a
            // busy machine's share of a core, an idle one a few timer ticks.
            #expect(used < 100_000_000, "the loop used \(used / 1_000_000) ms of CPU in 500 ms of lingering")
        }
    }
}

/// CPU time used so far by the server's loop threads, read on each of them.
private func loopCPUNanoseconds(_ server: HTTPServer) -> Int {
    onEveryLoop(server) { _ in
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}
