/// Where a handler runs. On an event loop every connection of that loop waits for it, so a
/// handler there does only what stays within the loop's budgets and otherwise answers
/// `HandlerOutcome.needsWorker`; on a worker it does the whole job.
public enum ExecutionContext: Sendable {
    case eventLoop
    case worker
}

/// What a handler did: answered, or (on an event loop only) found the work bigger than a
/// loop may do, so the server runs it again on the worker pool, where it may take long. The
/// one way a handler says so; from a worker it is a server error.
public enum HandlerOutcome: Sendable {
    case answered(Reply)
    case needsWorker

    /// The reply, when the handler answered.
    public var reply: Reply? {
        if case .answered(let reply) = self { return reply }
        return nil
    }

    public var needsWorker: Bool {
        if case .needsWorker = self { return true }
        return false
    }
}
