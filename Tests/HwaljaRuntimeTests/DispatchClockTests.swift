import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import HwaljaRuntime
import Testing

/// hwaljad's and the IBus engine's clock: a Dispatch timer per context with a deadline, and none
/// kept once the context has none (a daemon serving many fields for days must not keep one per
/// field that ever had a long press).
struct DispatchClockTests {
    /// Runs `body` on `queue` and waits for it.
    static func on<T>(_ queue: DispatchQueue, _ body: () -> T) -> T { queue.sync(execute: body) }

    /// Waits (up to 5 s) until `fired` has been signalled `count` times.
    static func wait(_ fired: DispatchSemaphore, count: Int = 1) -> Bool {
        (0..<count).allSatisfy { _ in fired.wait(timeout: .now() + 5) == .success }
    }

    @Test func aDeadlineFiresOnceWithItsNumberAndItsTimerGoesWhenNothingFollows() {
        let queue = DispatchQueue(label: "clock-test")
        let fired = DispatchSemaphore(value: 0)
        let clock = Self.on(queue) { DispatchClock(queue: queue) }
        var numbers: [Int] = []
        Self.on(queue) {
            clock.onDeadline = { number in
                numbers.append(number)
                clock.schedule(number, at: nil)  // what a Frontend does when the context has no deadline left
                fired.signal()
            }
            clock.schedule(7, at: clock.now + 5)
        }
        #expect(Self.wait(fired))
        #expect(Self.on(queue) { numbers } == [7])
        #expect(Self.on(queue) { clock.timerCount } == 0)
    }

    @Test func aTimerThatFiredIsLetGoWhenItsContextIsDestroyed() {
        let queue = DispatchQueue(label: "clock-test")
        let fired = DispatchSemaphore(value: 0)
        let clock = Self.on(queue) { DispatchClock(queue: queue) }
        Self.on(queue) {
            clock.onDeadline = { _ in fired.signal() }  // fired, and nothing re-set yet
            clock.schedule(1, at: clock.now + 5)
            clock.schedule(2, at: clock.now + 5)
        }
        #expect(Self.wait(fired, count: 2))
        #expect(Self.on(queue) { clock.timerCount } == 2)
        Self.on(queue) {
            clock.schedule(1, at: nil)  // destroyed
            clock.schedule(2, at: nil)
        }
        #expect(Self.on(queue) { clock.timerCount } == 0)
    }

    @Test func aDeadlineClearedBeforeItComesNeverFiresAndItsTimerGoesAtTheArmedTime() {
        let queue = DispatchQueue(label: "clock-test")
        let later = DispatchSemaphore(value: 0)
        let clock = Self.on(queue) { DispatchClock(queue: queue) }
        var numbers: [Int] = []
        Self.on(queue) {
            clock.onDeadline = { number in
                numbers.append(number)
                clock.schedule(number, at: nil)
                later.signal()
            }
            clock.schedule(1, at: clock.now + 20)
            clock.schedule(1, at: nil)  // released before the long press
            clock.schedule(2, at: clock.now + 60)  // fires after 1's armed time
        }
        #expect(Self.wait(later))
        #expect(Self.on(queue) { numbers } == [2])
        // 1's timer goes at its armed time, whichever of the two a loaded machine ran first.
        let deadline = ContinuousClock.now + .seconds(5)
        while Self.on(queue, { clock.timerCount }) > 0 && ContinuousClock.now < deadline { usleep(1_000) }
        #expect(Self.on(queue) { clock.timerCount } == 0)
    }
}
