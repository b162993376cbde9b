import Dispatch
import HwaljaRuntime
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// hwaljad's and the IBus engine's clock: a Dispatch timer per context with a deadline, and none
/// kept once the context has none (a daemon serving many fields for days must not keep one per
/// field that ever had a long press).
struct DispatchClockTests {
    /// A clock on a queue of its own, recording the numbers whose deadline came; with
    /// `clearsOnFire`, each one then says it has no deadline left, as a ``SessionTable`` does.
    final class Fixture: @unchecked Sendable {
        let queue = DispatchQueue(label: "clock-test")
        let fired = DispatchSemaphore(value: 0)
        var numbers: [Int] = []  // on `queue`
        private(set) var clock: DispatchClock!

        init(clearsOnFire: Bool) {
            queue.sync {
                let clock = DispatchClock(queue: queue)
                clock.onDeadline = { [unowned self] number in
                    numbers.append(number)
                    if clearsOnFire { clock.schedule(number, at: nil) }
                    fired.signal()
                }
                self.clock = clock
            }
        }

        /// Runs `body` with the clock on the queue and waits for it.
        func on<T>(_ body: (DispatchClock) -> T) -> T { queue.sync { body(clock) } }

        /// Waits (up to 5 s) until `count` deadlines have fired.
        func wait(count: Int = 1) -> Bool {
            (0..<count).allSatisfy { _ in fired.wait(timeout: .now() + 5) == .success }
        }
    }

    @Test func aDeadlineFiresOnceWithItsNumberAndItsTimerGoesWhenNothingFollows() {
        let fixture = Fixture(clearsOnFire: true)
        fixture.on { $0.schedule(7, at: $0.now + 5) }
        #expect(fixture.wait())
        #expect(fixture.on { _ in fixture.numbers } == [7])
        #expect(fixture.on { $0.timerCount } == 0)
    }

    @Test func aTimerThatFiredIsLetGoWhenItsContextIsDestroyed() {
        let fixture = Fixture(clearsOnFire: false)  // fired, and nothing re-set yet
        fixture.on { clock in
            clock.schedule(1, at: clock.now + 5)
            clock.schedule(2, at: clock.now + 5)
        }
        #expect(fixture.wait(count: 2))
        #expect(fixture.on { $0.timerCount } == 2)
        fixture.on { clock in
            clock.schedule(1, at: nil)  // destroyed
            clock.schedule(2, at: nil)
        }
        #expect(fixture.on { $0.timerCount } == 0)
    }

    @Test func aDeadlineClearedBeforeItComesNeverFiresAndItsTimerGoesAtTheArmedTime() {
        let fixture = Fixture(clearsOnFire: true)
        fixture.on { clock in
            clock.schedule(1, at: clock.now + 20)
            clock.schedule(1, at: nil)  // released before the long press
            clock.schedule(2, at: clock.now + 60)  // fires after 1's armed time
        }
        #expect(fixture.wait())
        #expect(fixture.on { _ in fixture.numbers } == [2])
        // 1's timer goes at its armed time, whichever of the two a loaded machine ran first.
        let deadline = ContinuousClock.now + .seconds(5)
        while fixture.on({ $0.timerCount }) > 0 && ContinuousClock.now < deadline { usleep(1_000) }
        #expect(fixture.on { $0.timerCount } == 0)
    }
}
