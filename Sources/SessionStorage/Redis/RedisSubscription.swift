#if canImport(Glibc)
    import Glibc
#endif
import CHiredis
import Synchronization

/// A hiredis connection subscribed to one pub/sub channel, read by a thread of its own: the
/// plumbing the lease channel and the Sentinel watch share.
enum RedisSubscription {
    /// Connects to `endpoint` (AUTH with `password` first) and subscribes to `channel`; nil
    /// when the server cannot be reached or refuses.
    static func open(_ endpoint: RedisEndpoint, password: String?, channel: String) -> UnsafeMutablePointer<redisContext>? {
        guard let c = connect(endpoint, password: password) else { return nil }
        // SUBSCRIBE's reply is the array ["subscribe", channel, 1].
        guard command(c, ["SUBSCRIBE", channel]) == REDIS_REPLY_ARRAY else {
            redisFree(c)
            return nil
        }
        return c
    }

    /// A connection to `endpoint`, after AUTH with `password`; nil when the server cannot be
    /// reached or refuses.
    static func connect(_ endpoint: RedisEndpoint, password: String?) -> UnsafeMutablePointer<redisContext>? {
        let timeout = timeval(tv_sec: 0, tv_usec: 500_000)
        guard let c = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), timeout) else { return nil }
        guard c.pointee.err == 0 else {
            redisFree(c)
            return nil
        }
        redisSetTimeout(c, timeval(tv_sec: 1, tv_usec: 0))
        if let password, command(c, ["AUTH", password]).map({ $0 == REDIS_REPLY_ERROR }) ?? true {
            redisFree(c)
            return nil
        }
        return c
    }

    /// Sends `commands` in one pipeline and reads their replies: true when each is an array
    /// (what `SSUBSCRIBE` answers), false at the first that is not.
    static func pipelineArrays(_ c: UnsafeMutablePointer<redisContext>, _ commands: [[String]]) -> Bool {
        for arguments in commands {
            let lengths = arguments.map { $0.utf8.count }
            var pointers = arguments.map { UnsafePointer<CChar>(strdup($0)) }
            defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
            let appended = pointers.withUnsafeMutableBufferPointer { argv in
                lengths.withUnsafeBufferPointer { lens in redisAppendCommandArgv(c, Int32(arguments.count), argv.baseAddress, lens.baseAddress) }
            }
            guard appended == REDIS_OK else { return false }
        }
        for _ in commands {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReply(c, &raw) == REDIS_OK, let reply = raw else { return false }
            defer { freeReplyObject(reply) }
            guard reply.assumingMemoryBound(to: redisReply.self).pointee.type == REDIS_REPLY_ARRAY else { return false }
        }
        return true
    }

    /// Sends one command and returns its reply's type; nil when nothing came back.
    private static func command(_ c: UnsafeMutablePointer<redisContext>, _ arguments: [String]) -> Int32? {
        let lengths = arguments.map { $0.utf8.count }
        var pointers = arguments.map { UnsafePointer<CChar>(strdup($0)) }
        defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        guard
            let raw = pointers.withUnsafeMutableBufferPointer({ argv in
                lengths.withUnsafeBufferPointer { lens in redisCommandArgv(c, Int32(arguments.count), argv.baseAddress, lens.baseAddress) }
            })
        else { return nil }
        defer { freeReplyObject(raw) }
        return raw.assumingMemoryBound(to: redisReply.self).pointee.type
    }

    /// Hands each message's payload to `handle` until the connection fails or `goOn` says
    /// stop (checked at least every 200 ms).
    static func read(_ c: UnsafeMutablePointer<redisContext>, while goOn: () -> Bool, _ handle: (String) -> Void) {
        while goOn() {
            // Whatever the reader already holds first (messages can follow SUBSCRIBE's reply).
            var raw: UnsafeMutableRawPointer?
            while redisGetReplyFromReader(c, &raw) == REDIS_OK, let message = raw {
                let reply = message.assumingMemoryBound(to: redisReply.self).pointee
                // ["message", channel, payload]
                if reply.type == REDIS_REPLY_ARRAY, reply.elements == 3, let payload = reply.element[2]?.pointee,
                    payload.type == REDIS_REPLY_STRING, let text = payload.str
                {
                    handle(String(cString: text))
                }
                freeReplyObject(message)
                raw = nil
            }
            guard c.pointee.err == 0 else { return }
            var descriptor = pollfd(fd: c.pointee.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return }
            if ready == 0 { continue }
            // EOF (the server stopped) or an error: the connection is over.
            guard redisBufferRead(c) == REDIS_OK else { return }
        }
    }

    /// Runs `body` on a detached thread of its own.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ b: @escaping @Sendable () -> Void) { body = b }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
                return nil
            }, box)
        if rc == 0 { pthread_detach(thread) } else { Unmanaged<Box>.fromOpaque(box).release() }
    }
}
