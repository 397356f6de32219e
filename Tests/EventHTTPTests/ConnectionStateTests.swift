import Testing
@testable import EventHTTP

/// A connection's life without a socket: each scenario is a table of events told to a
/// `ConnectionState` and the actions each must return, with the clock passed in. The
/// expected actions are worked out from the rules in `ConnectionState` and docs/http1.md;
/// the socket-level suites (KeepAliveTests, ConnectionLifeTests, ServerLimitsTests) check
/// that `Connection` carries them out.
@Suite struct ConnectionStateTests {
    typealias Actions = ConnectionState.Actions

    /// One thing that happens to a connection.
    enum Event: CustomStringConvertible {
        case started
        case bytesRead(Int)
        case peerClosed
        case requestParsed
        case requestRefused
        case sentToWorker
        case workerReturned
        case replyQueued(closes: Bool)
        case drainStarted
        case outputBlocked
        case outputFlushed(expectCompleted: Int)
        case turnEnded(unsent: Int, readingHead: Bool)
        case headDeadlinePassed(expectRefuses: Bool)
        case beginLingering(now: UInt64)
        case discarded(Int)
        case closed(expectUnfinished: Int?)

        var description: String { "\(self)" }
    }

    struct Step {
        let event: Event
        let expected: Actions
        init(_ event: Event, _ expected: Actions = []) {
            self.event = event
            self.expected = expected
        }
    }

    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        var policy = ConnectionState.Policy(headDeadlineSeconds: 10, outputHighWater: 1000, lingerSeconds: 2, lingerMaxBytes: 100)
        let steps: [Step]
        /// Checked after the last step.
        var finally: @Sendable (ConnectionState) -> Bool = { _ in true }
        var testDescription: String { name }
    }

    /// Applies `event`, checking what the event itself reports; returns the actions.
    static func apply(_ event: Event, to state: inout ConnectionState) -> Actions {
        switch event {
        case .started: return state.started()
        case .bytesRead(let count): state.bytesRead(count)
        case .peerClosed: state.peerDidClose()
        case .requestParsed: state.requestParsed()
        case .requestRefused: state.requestRefused()
        case .sentToWorker: state.sentToWorker()
        case .workerReturned: state.workerReturned()
        case .replyQueued(let closes): state.replyQueued(closes: closes)
        case .drainStarted: state.drainStarted()
        case .outputBlocked: return state.outputBlocked()
        case .outputFlushed(let expected):
            let (completed, actions) = state.outputFlushed()
            #expect(completed == expected, "replies completed by the flush")
            return actions
        case .turnEnded(let unsent, let readingHead): return state.turnEnded(unsentBytes: unsent, readingHead: readingHead)
        case .headDeadlinePassed(let refuses):
            let refused = state.headDeadlinePassed()
            #expect(refused == refuses, "whether the head deadline refuses")
        case .beginLingering(let now): return state.beginLingering(now: now)
        case .discarded(let count): state.discarded(count)
        case .closed(let unfinished):
            let left = state.closed()
            #expect(left == unfinished, "requests left unfinished by the close")
        }
        return []
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "one request in one read, answered on the loop",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(40)), Step(.requestParsed), Step(.replyQueued(closes: false)),
                Step(.outputFlushed(expectCompleted: 1), .dispatchNext),
                // The first byte has come and no head is under way: the deadline stops.
                Step(.turnEnded(unsent: 0, readingHead: false), .disarmHeadDeadline),
                // The next head starts arriving: its own deadline runs from its first byte.
                Step(.bytesRead(5)), Step(.turnEnded(unsent: 0, readingHead: true), .armHeadDeadline)
            ],
            finally: { $0.answeredRequests == 1 && $0.isReading && $0.phase == .reading }),
        Scenario(
            name: "a pipelined request waits behind one with a worker",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(80)), Step(.requestParsed), Step(.sentToWorker),
                // Nothing is read or dispatched while the worker computes the first reply.
                Step(.turnEnded(unsent: 0, readingHead: false), [.stopReading, .disarmHeadDeadline]),
                Step(.workerReturned), Step(.replyQueued(closes: false)),
                Step(.outputFlushed(expectCompleted: 1), .dispatchNext),
                // The second request was in the input all along.
                Step(.requestParsed), Step(.replyQueued(closes: false)),
                Step(.outputFlushed(expectCompleted: 1), .dispatchNext),
                Step(.turnEnded(unsent: 0, readingHead: false), .startReading)
            ],
            finally: { $0.answeredRequests == 2 && !$0.hasActiveRequest }),
        Scenario(
            name: "a refusal while draining closes after a lingering read",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.drainStarted), Step(.bytesRead(2000)), Step(.requestRefused),
                Step(.replyQueued(closes: true)),
                Step(.outputFlushed(expectCompleted: 1), .linger),
                // Lingering from 0: two seconds, 100 bytes; the armed head deadline stops.
                Step(.beginLingering(now: 0), .disarmHeadDeadline),
                Step(.discarded(60)),
                // A lingering connection's read event is its own: the turn's end does nothing.
                Step(.turnEnded(unsent: 0, readingHead: false)),
                Step(.closed(expectUnfinished: 0))
            ],
            finally: { $0.isClosed && $0.lingerAllowance == 0 }),
        Scenario(
            name: "a reply while draining closes the connection, without lingering",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(40)), Step(.requestParsed), Step(.drainStarted),
                Step(.replyQueued(closes: false)),
                Step(.outputFlushed(expectCompleted: 1), .close)
            ],
            finally: { $0.closesAfterFlush }),
        Scenario(
            name: "the peer closes with replies unflushed",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(40)), Step(.requestParsed), Step(.replyQueued(closes: false)),
                Step(.outputBlocked, .armWrite), Step(.peerClosed),
                // Its reply is still going out: the connection stays, but reads no more.
                Step(.turnEnded(unsent: 500, readingHead: false), [.stopReading, .disarmHeadDeadline]),
                Step(.outputBlocked),
                Step(.outputFlushed(expectCompleted: 1), [.disarmWrite, .dispatchNext]),
                Step(.turnEnded(unsent: 0, readingHead: false), .close)
            ]),
        Scenario(
            name: "the peer closes while its request is with a worker",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(40)), Step(.requestParsed), Step(.sentToWorker), Step(.peerClosed),
                Step(.turnEnded(unsent: 0, readingHead: false), [.stopReading, .disarmHeadDeadline]),
                Step(.closed(expectUnfinished: 1)),
                // Nothing is asked of a closed connection.
                Step(.turnEnded(unsent: 0, readingHead: true)), Step(.outputBlocked),
                Step(.closed(expectUnfinished: nil))
            ]),
        Scenario(
            name: "the head deadline after the first byte refuses the head",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(7)),
                // Still the same head: the timer armed at the accept keeps running.
                Step(.turnEnded(unsent: 0, readingHead: true)),
                Step(.headDeadlinePassed(expectRefuses: true)),
                Step(.requestRefused), Step(.replyQueued(closes: true)),
                Step(.outputFlushed(expectCompleted: 1), .linger),
                // The timer fired: nothing to disarm.
                Step(.beginLingering(now: 5)),
                Step(.headDeadlinePassed(expectRefuses: false))
            ]),
        Scenario(
            name: "a refusal closes at once when lingering is off",
            policy: .init(headDeadlineSeconds: 0, outputHighWater: 1000, lingerSeconds: 0, lingerMaxBytes: 100),
            steps: [
                // No head deadline: nothing to arm.
                Step(.started, .startReading),
                Step(.bytesRead(10)), Step(.requestRefused), Step(.replyQueued(closes: true)),
                Step(.turnEnded(unsent: 10, readingHead: false), .stopReading),
                Step(.outputFlushed(expectCompleted: 1), .close)
            ]),
        Scenario(
            name: "a full output stops the reading of pipelined requests",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(40)), Step(.requestParsed), Step(.replyQueued(closes: false)),
                Step(.outputBlocked, .armWrite),
                // 1000 unsent bytes is the high water: no more reading until it drains.
                Step(.turnEnded(unsent: 1000, readingHead: false), [.stopReading, .disarmHeadDeadline]),
                Step(.turnEnded(unsent: 999, readingHead: false), .startReading)
            ]),
        Scenario(
            name: "a request that asks to close is the last one dispatched",
            steps: [
                Step(.started, [.startReading, .armHeadDeadline]),
                Step(.bytesRead(40)), Step(.requestParsed), Step(.replyQueued(closes: true)),
                Step(.turnEnded(unsent: 40, readingHead: false), [.stopReading, .disarmHeadDeadline]),
                Step(.outputFlushed(expectCompleted: 1), .close)
            ],
            finally: { !$0.mayDispatch && !$0.wasRefused })
    ]

    @Test(arguments: scenarios)
    func scenario(_ scenario: Scenario) {
        var state = ConnectionState(policy: scenario.policy, now: 0)
        for (index, step) in scenario.steps.enumerated() {
            let actions = Self.apply(step.event, to: &state)
            #expect(actions == step.expected, "step \(index + 1), \(step.event)")
        }
        #expect(scenario.finally(state))
    }

    @Test func aLingeringCloseIsBoundedByTimeAndBytes() {
        var state = ConnectionState(policy: .init(lingerSeconds: 2, lingerMaxBytes: 100), now: 0)
        state.requestRefused()
        state.replyQueued(closes: true)
        let flushed = state.outputFlushed()
        #expect(flushed.actions == .linger)
        _ = state.beginLingering(now: 1_000)
        #expect(state.lingerTimeLeft(now: 1_000) == 2_000_000_000)
        #expect(state.lingerTimeLeft(now: 1_500_001_000) == 500_000_000)
        #expect(state.lingerTimeLeft(now: 2_000_001_000) == nil)
        state.discarded(60)
        #expect(state.lingerAllowance == 40)
        state.discarded(60)
        #expect(state.lingerAllowance == 0)
    }

    /// The idle sweep, with a clock in seconds: a limit of 3 s closes a connection on which
    /// nothing moved for three sweeps in a row after the last movement.
    @Test func theIdleSweepCountsFromTheLastMovement() {
        let second: UInt64 = 1_000_000_000
        var state = ConnectionState(policy: .init(), now: 0)
        func idle(_ now: UInt64, unsent: Int, limit: UInt64) -> Bool {
            state.isIdle(now: now * second, unsentBytes: unsent, limit: limit * second)
        }
        #expect(!idle(1, unsent: 0, limit: 3))
        #expect(idle(3, unsent: 0, limit: 3))
        state.bytesRead(10) // movement at 3 s, seen by the sweep at 4 s
        #expect(!idle(4, unsent: 0, limit: 3))
        #expect(!idle(6, unsent: 0, limit: 3))
        #expect(idle(7, unsent: 0, limit: 3))
        // A client taking its reply byte by byte is moving.
        #expect(!idle(8, unsent: 900, limit: 3))
        #expect(!idle(9, unsent: 899, limit: 3))
        #expect(idle(12, unsent: 899, limit: 3))
    }

    @Test func aRequestWithAWorkerIsNeverIdle() {
        let second: UInt64 = 1_000_000_000
        var state = ConnectionState(policy: .init(), now: 0)
        func idle(_ now: UInt64, unsent: Int, limit: UInt64) -> Bool {
            state.isIdle(now: now * second, unsentBytes: unsent, limit: limit * second)
        }
        state.requestParsed()
        state.sentToWorker()
        #expect(!idle(100, unsent: 0, limit: 1))
        // Answered on the loop with nothing unsent: the handler is still running.
        state.workerReturned()
        #expect(!idle(200, unsent: 0, limit: 1))
    }

    /// 1,000 bytes a second after a 2 s grace: a body watched from 10 s owes 1,000 bytes at
    /// 13 s (one second past the grace) and 3,000 at 15 s.
    @Test func aSlowBodyFallsBehindAfterItsGrace() {
        let second: UInt64 = 1_000_000_000
        var state = ConnectionState(policy: .init(outputHighWater: 1000), now: 0)
        func tooSlow(_ now: UInt64, unsent: Int = 0) -> Bool {
            state.bodyIsTooSlow(
                now: now * second, readingBody: true, requestStart: 0, unsentBytes: unsent, bytesPerSecond: 1000,
                graceSeconds: 2)
        }
        #expect(!tooSlow(10)) // the watch starts
        #expect(!tooSlow(12)) // within the grace
        state.bytesRead(1000)
        #expect(!tooSlow(13)) // 1,000 brought, 1,000 owed
        state.bytesRead(1500)
        #expect(tooSlow(15)) // 2,500 brought, 3,000 owed
        // A full output stops the clock (the server is not reading): the watch is dropped.
        #expect(!tooSlow(16, unsent: 1000))
        #expect(state.bodyWatch == nil)
    }
}
