import TesseraSupport

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

    /// A job and when it was queued (monotonic nanoseconds).
    private struct Queued {
        let job: Job
        let queuedAt: UInt64
    }

    private struct Queue {
        /// Consumed slots are cleared at once: a finished job's closure holds its request
        /// body (up to the body limit), which must not outlive the job.
        var jobs: [Queued?] = []
        var head = 0
        var closed = false

        var depth: Int { jobs.count - head }

        mutating func pop() -> Queued? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            jobs[head] = nil
            head += 1
            // Compact once the consumed prefix dominates, keeping pop amortised O(1).
            if head > 64 && head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let queue = ThreadCondition(Queue())
    private let observer: (any HTTPServerObserver)?
    let maxQueued: Int

    /// Starts `threads` workers; returns nil if the system refuses a thread.
    init?(threads: Int, maxQueued: Int = .max, name: String = "http-worker", observer: (any HTTPServerObserver)? = nil) {
        self.observer = observer
        self.maxQueued = max(0, maxQueued)
        for index in 0..<max(1, threads) {
            let started = Threads.detach(name: "\(name)-\(index)") { [queue, observer] in
                Self.work(queue, observer: observer)
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
        let queuedAt = MonotonicClock.now()
        let depth: Int?? = queue.withLock { queue in
            guard !queue.closed else { return .some(nil) }
            guard queue.depth < maxQueued else { return nil }
            queue.jobs.append(Queued(job: job, queuedAt: queuedAt))
            return .some(queue.depth)
        }
        guard let accepted = depth else { return false }
        if let depth = accepted { observer?.workerJobQueued(queueDepth: depth) }
        return true
    }

    /// Jobs waiting for a worker now (tests and statistics).
    var waiting: Int { queue.withLock { $0.depth } }

    /// Workers finish the queued jobs, then exit.
    func close() {
        queue.withLock { $0.closed = true }
    }

    private static func work(_ queue: ThreadCondition<Queue>, observer: (any HTTPServerObserver)?) {
        while true {
            let next: (Queued, depth: Int)? = queue.wait { queue in
                if let queued = queue.pop() { return .some((queued, queue.depth)) }
                return queue.closed ? .some(nil) : nil
            }
            guard let (queued, depth) = next else { return }
            let now = MonotonicClock.now()
            let waited = now > queued.queuedAt ? now - queued.queuedAt : 0
            observer?.workerJobStarted(waitedNanoseconds: waited, queueDepth: depth)
            queued.job(waited)
        }
    }
}
