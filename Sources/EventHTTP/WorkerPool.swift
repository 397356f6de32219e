/// Fixed threads that run offloaded handlers, so a long computation (a million-item
/// prepare) does not freeze an event loop and every connection on it. Jobs never touch
/// libevent: results go back to the request's own loop through its mailbox.
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Queue {
        /// Consumed slots are cleared at once: a finished job's closure holds its request
        /// body (up to the body limit), which must not outlive the job.
        var jobs: [Job?] = []
        var head = 0
        var closed = false

        mutating func pop() -> Job? {
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

    /// Starts `threads` workers; returns nil if the system refuses a thread.
    init?(threads: Int, name: String = "http-worker") {
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

    /// Queues a job. After `close()` jobs are dropped: the loops have exited by then, so
    /// nobody is waiting for a reply.
    func submit(_ job: @escaping Job) {
        queue.withLock { queue in
            if !queue.closed { queue.jobs.append(job) }
        }
    }

    /// Workers finish the queued jobs, then exit.
    func close() {
        queue.withLock { $0.closed = true }
    }

    private static func work(_ queue: ThreadCondition<Queue>) {
        while true {
            let next: Job? = queue.wait { queue in
                if let job = queue.pop() { return .some(job) }
                return queue.closed ? .some(nil) : nil
            }
            guard let job = next else { return }
            job()
        }
    }
}
