import Glibc
import Synchronization
import Testing
import TesseraSupport

/// The one lock and the one condition the modules block threads with.
@Suite struct ThreadsTests {
    /// Starts `count` pthreads running `body(i)` and joins them.
    private func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        final class Work: @unchecked Sendable {
            let body: @Sendable (Int) -> Void, index: Int
            init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
                self.body = body
                self.index = index
            }
        }
        var threads: [pthread_t] = []
        for i in 0..<count {
            var thread = pthread_t()
            let work = Unmanaged.passRetained(Work(body, i)).toOpaque()
            let created = pthread_create(
                &thread, nil,
                { argument in
                    let work = Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue()
                    work.body(work.index)
                    return nil
                }, work)
            #expect(created == 0)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    @Test func theLockExcludes() {
        final class Counter: @unchecked Sendable { var value = 0 }
        let lock = BlockingLock(), counter = Counter()
        runThreads(4) { _ in
            for _ in 0..<10_000 { lock.locked { counter.value += 1 } }
        }
        #expect(counter.value == 40_000)
    }

    @Test func theLockCarriesTypedErrors() {
        struct Refused: Error {}
        let lock = BlockingLock()
        #expect(throws: Refused.self) { try lock.locked { () throws(Refused) -> Int in throw Refused() } }
        #expect(lock.locked { 7 } == 7) // and is free again
    }

    /// A waiter wakes when another thread's `withLock` makes its condition true.
    @Test func waitersWakeOnChanges() {
        let condition = ThreadCondition(0)
        let seen = Mutex<[Int]>([])
        runThreads(3) { i in
            if i == 0 {
                for _ in 0..<5 { condition.withLock { $0 += 1 } }
            } else {
                let value = condition.wait { $0 >= 5 ? $0 : nil }
                seen.withLock { $0.append(value) }
            }
        }
        #expect(seen.withLock { $0 } == [5, 5])
    }

    @Test func timedWaitsEndAtTheirDeadline() {
        let condition = ThreadCondition(false)
        let start = MonotonicClock.now()
        let result = condition.wait(until: { $0 ? 1 : nil }, deadline: start + 50_000_000)
        #expect(result == nil)
        #expect(MonotonicClock.now() - start >= 50_000_000)
        condition.withLock { $0 = true }
        #expect(condition.wait(until: { $0 ? 1 : nil }, deadline: start) == 1) // true already: no wait
    }

    @Test func timedWaitsWakeBeforeTheirDeadline() {
        let condition = ThreadCondition(0)
        let waited = Mutex<Int?>(nil)
        runThreads(2) { i in
            if i == 0 {
                let result = condition.wait(until: { $0 > 0 ? $0 : nil }, deadline: MonotonicClock.now() + 30_000_000_000)
                waited.withLock { $0 = result }
            } else {
                usleep(20_000)
                condition.withLock { $0 = 9 }
            }
        }
        #expect(waited.withLock { $0 } == 9)
    }
}
