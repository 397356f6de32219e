import TesseraSupport
import CLibevent
import Glibc
import Testing
@testable import EventHTTP

/// Every behaviour of libevent's core the server relies on, one test each, so that a
/// libevent upgrade that changes one fails here by name rather than somewhere in a
/// connection's life. (The server uses no evhttp, no bufferevent, and nothing internal.)
@Suite struct LibeventAssumptionsTests {
    /// `Connection.readOnce`: one iovec of reserved space is contiguous and at least as
    /// large as asked, and committing fewer bytes keeps only those.
    @Test func reservedSpaceIsOneContiguousPieceOfTheSizeAsked() throws {
        let buffer = try #require(evbuffer_new())
        defer { evbuffer_free(buffer) }
        _ = evbuffer_add(buffer, "ab", 2)
        var space = iovec()
        #expect(evbuffer_reserve_space(buffer, Connection.readSize, &space, 1) == 1)
        #expect(space.iov_len >= Connection.readSize)
        space.iov_base.storeBytes(of: UInt8(ascii: "c"), as: UInt8.self)
        space.iov_len = 1
        #expect(evbuffer_commit_space(buffer, &space, 1) == 0)
        #expect(evbuffer_get_length(buffer) == 3)
        var bytes = [UInt8](repeating: 0, count: 3)
        #expect(evbuffer_copyout(buffer, &bytes, 3) == 3)
        #expect(bytes == Array("abc".utf8))
    }

    /// `Connection.dispatchBufferedRequests`: peeking with one iovec gives the first
    /// chain's bytes, and draining what was consumed exposes the next chain.
    @Test func peekingOneIovecGivesTheFirstChainInOrder() throws {
        let buffer = try #require(evbuffer_new())
        defer { evbuffer_free(buffer) }
        let first = [UInt8]("GET / HTTP/1.1\r\n".utf8), second = [UInt8](repeating: 0x78, count: 8192)
        _ = first.withUnsafeBytes { evbuffer_add(buffer, $0.baseAddress, $0.count) }
        _ = second.withUnsafeBytes { evbuffer_add_reference(buffer, $0.baseAddress, $0.count, nil, nil) }
        var seen: [UInt8] = []
        var segment = iovec()
        while evbuffer_peek(buffer, -1, nil, &segment, 1) > 0, segment.iov_len > 0 {
            seen += UnsafeRawBufferPointer(start: segment.iov_base, count: segment.iov_len)
            #expect(evbuffer_drain(buffer, segment.iov_len) == 0)
        }
        #expect(seen == first + second)
    }

    /// `EventLoop.reply`: a body added by reference is released exactly once, when it has
    /// been drained or when the buffer is freed with it unsent (a client that left).
    @Test func referencedBodiesAreReleasedOnceWrittenOrDropped() throws {
        final class Counter { var releases = 0 }
        let counter = Counter()
        let release: @convention(c) (UnsafeRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
            Unmanaged<Counter>.fromOpaque(argument!).takeUnretainedValue().releases += 1
        }
        let body = [UInt8](repeating: 0x61, count: 4096)
        try body.withUnsafeBytes { bytes in
            let argument = Unmanaged.passUnretained(counter).toOpaque()
            let drained = try #require(evbuffer_new())
            evbuffer_add_reference(drained, bytes.baseAddress, bytes.count, release, argument)
            evbuffer_drain(drained, 1000)
            #expect(counter.releases == 0)
            evbuffer_drain(drained, 3096)
            #expect(counter.releases == 1)
            evbuffer_free(drained)
            let dropped = try #require(evbuffer_new())
            evbuffer_add_reference(dropped, bytes.baseAddress, bytes.count, release, argument)
            evbuffer_free(dropped)
            #expect(counter.releases == 2)
        }
    }

    /// `Connection.writeOutput`: writing to a socket whose peer does not read eventually
    /// returns -1 with EAGAIN (a non-blocking socket), having written a prefix in order.
    @Test func writingToAFullSocketStopsWithEAGAIN() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer {
            close(pair[0])
            close(pair[1])
        }
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        let buffer = try #require(evbuffer_new())
        defer { evbuffer_free(buffer) }
        let payload = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 / 4096) }
        _ = payload.withUnsafeBytes { evbuffer_add(buffer, $0.baseAddress, $0.count) }
        var written = 0, result = 0
        repeat {
            result = Int(evbuffer_write_atmost(buffer, pair[0], 256 << 10))
            if result > 0 { written += result }
        } while result > 0
        #expect(result == -1 && errno == EAGAIN)
        #expect(written > 0 && written < payload.count)
        #expect(evbuffer_get_length(buffer) == payload.count - written)
        var received = [UInt8](repeating: 0, count: 4096)
        #expect(read(pair[1], &received, received.count) == received.count)
        #expect(received == Array(payload.prefix(4096)))
    }

    /// `LingeringClose`: adding an event that is already pending replaces its timeout (the
    /// lingering read re-adds its event with the time left after every read).
    @Test func addingAPendingEventReplacesItsTimeout() throws {
        let base = try #require(event_base_new())
        defer { event_base_free(base) }
        final class Fired { var at: UInt64 = 0 }
        let fired = Fired()
        let callback: @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void = { _, _, argument in
            Unmanaged<Fired>.fromOpaque(argument!).takeUnretainedValue().at = MonotonicClock.now()
        }
        let event = try #require(event_new(base, -1, 0, callback, Unmanaged.passUnretained(fired).toOpaque()))
        defer { event_free(event) }
        var long = timeval(tv_sec: 5, tv_usec: 0), short = timeval(tv_sec: 0, tv_usec: 50_000)
        event_add(event, &long)
        event_add(event, &short)
        let start = MonotonicClock.now()
        event_base_dispatch(base)
        #expect(fired.at > start)
        #expect(fired.at - start < 2_000_000_000)
    }

    /// `EventLoop.init`: evconnlistener takes a socket that already listens (backlog 0
    /// means it does not call listen again) and hands over accepted sockets non-blocking.
    @Test func theListenerAcceptsOnAListeningSocketNonBlocking() throws {
        let address = try ListeningSocket.resolve(host: "127.0.0.1", port: 0)
        let socket = try ListeningSocket.open(address, port: 0, backlog: 4, host: "127.0.0.1")
        var bound = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: bound.sin_port))
        let base = try #require(event_base_new())
        defer { event_base_free(base) }
        final class Accepted { var flags: Int32 = -1 }
        let accepted = Accepted()
        let callback: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<sockaddr>?, Int32, UnsafeMutableRawPointer?) -> Void = {
            listener, descriptor, _, _, argument in
            Unmanaged<Accepted>.fromOpaque(argument!).takeUnretainedValue().flags = fcntl(descriptor, F_GETFL)
            close(descriptor)
            event_base_loopbreak(evconnlistener_get_base(listener))
        }
        let listener = try #require(
            evconnlistener_new(
                base, callback, Unmanaged.passUnretained(accepted).toOpaque(),
                UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC), 0, socket))
        defer { evconnlistener_free(listener) }
        let client = try RawHTTPClient(port: port)
        var bound5s = timeval(tv_sec: 5, tv_usec: 0) // a broken listener fails, not hangs
        event_base_loopexit(base, &bound5s)
        event_base_dispatch(base)
        #expect(accepted.flags >= 0)
        #expect(accepted.flags & O_NONBLOCK != 0)
        _ = client
    }
}
