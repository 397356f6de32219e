/// Fixed threads that run offloaded handlers, so a long computation (a million-item
/// prepare) does not freeze an event loop and every connection on it. Jobs never touch
/// libevent: results go back to the request's own loop through its mailbox.
///
/// The queue is bounded: a job beyond `maxQueued` waiting ones is refused (the caller
/// answers 503), and each job learns how long it waited, so one that waited past its
/// budget can answer 503 instead of running for a client that has likely given up.
final class WorkerPool: Sendable {
    /// A job receives the nanoseconds it spent in the queue.
    typealias Job = @Sendable (_ waitedNanoseconds: UInt64) -> Void

    private struct Entry {
        let job: Job
        let queuedAt: UInt64
    }

    private struct Queue {
        /// Consumed slots are cleared at once: a finished job's closure holds its request
        /// body (up to the body limit), which must not outlive the job.
        var entries: [Entry?] = []
        var head = 0
        var closed = false

        var waiting: Int { entries.count - head }

        mutating func pop() -> Entry? {
            guard head < entries.count else { return nil }
            let entry = entries[head]
            entries[head] = nil
            head += 1
            // Compact once the consumed prefix dominates, keeping pop amortised O(1).
            if head > 64 && head * 2 > entries.count {
                entries.removeFirst(head)
                head = 0
            }
            return entry
        }
    }

    private let queue = ThreadCondition(Queue())
    let maxQueued: Int

    /// Starts `threads` workers; returns nil if the system refuses a thread.
    init?(threads: Int, maxQueued: Int = .max, name: String = "http-worker") {
        self.maxQueued = max(0, maxQueued)
        for index in 0..<max(1, threads) {
            let started = Threads.detach(name: "\(name)-\(index)") { [queue] in
                Self.work(queue)
            }
            if !started {
                close()
                return nil
            }
        }
    }

    /// Queues a job; false when `maxQueued` jobs already wait (the job is not kept). After
    /// `close()` jobs are dropped silently: the loops have exited by then, so nobody is
    /// waiting for a reply.
    func submit(_ job: @escaping Job) -> Bool {
        let now = MonotonicClock.nanoseconds()
        return queue.withLock { queue in
            guard !queue.closed else { return true }
            guard queue.waiting < maxQueued else { return false }
            queue.entries.append(Entry(job: job, queuedAt: now))
            return true
        }
    }

    /// Jobs waiting for a worker now (tests and statistics).
    var waiting: Int { queue.withLock { $0.waiting } }

    /// Workers finish the queued jobs, then exit.
    func close() {
        queue.withLock { $0.closed = true }
    }

    private static func work(_ queue: ThreadCondition<Queue>) {
        while true {
            let next: Entry? = queue.wait { queue in
                if let entry = queue.pop() { return .some(entry) }
                return queue.closed ? .some(nil) : nil
            }
            guard let entry = next else { return }
            let now = MonotonicClock.nanoseconds()
            entry.job(now > entry.queuedAt ? now - entry.queuedAt : 0)
        }
    }
}
