/// Fixed threads that run offloaded handlers, so a long computation (a million-item
/// prepare) does not freeze an event loop and every connection on it. Jobs never touch
/// libevent: results go back to the request's own loop through its mailbox.
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    /// A job and when it was queued (monotonic nanoseconds), for the wait-time metric.
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

    /// Starts `threads` workers; returns nil if the system refuses a thread.
    init?(threads: Int, name: String = "http-worker", observer: (any HTTPServerObserver)? = nil) {
        self.observer = observer
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

    /// Queues a job. After `close()` jobs are dropped: the loops have exited by then, so
    /// nobody is waiting for a reply.
    func submit(_ job: @escaping Job) {
        let queuedAt = observer == nil ? 0 : MonotonicClock.now()
        let depth: Int? = queue.withLock { queue in
            guard !queue.closed else { return nil }
            queue.jobs.append(Queued(job: job, queuedAt: queuedAt))
            return queue.depth
        }
        if let depth { observer?.workerJobQueued(queueDepth: depth) }
    }

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
            if let observer {
                let now = MonotonicClock.now()
                observer.workerJobStarted(waitedNanoseconds: now > queued.queuedAt ? now - queued.queuedAt : 0,
                                          queueDepth: depth)
            }
            queued.job()
        }
    }
}
