import Dispatch
import HwaljaSession

/// The programs' ``SessionClock``: one Dispatch timer per context, on a serial queue.
///
/// Deadlines are milliseconds on ``now``'s clock (monotonic, from this object's creation).
/// Create, use and cancel on `queue` only.
///
/// A timer is armed again only when a deadline comes *earlier* than the one it is armed for: a
/// later deadline, or none, waits for the armed time, when the timer looks again (and arms for
/// what is left, or lets go). Every key moves a context's deadline (a press starts the long
/// press, its release stops it), and arming a Dispatch timer wakes Dispatch's manager thread:
/// per key, that cost more than the key itself (`perf` on hwaljad serving key events).
package final class DispatchClock: SessionClock, @unchecked Sendable {
    private let queue: DispatchQueue
    private var timers: [Int: (source: any DispatchSourceTimer, armed: Int?)] = [:]
    private var deadlines: [Int: Int] = [:]
    private let start = DispatchTime.now()
    package var onDeadline: (Int) -> Void = { _ in }

    /// Timers fire on `queue`.
    package init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Milliseconds since this object was created, on the monotonic clock.
    package var now: Int { Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000) }

    /// The Dispatch timers held, armed or not: one for each context with a deadline, and one armed
    /// for a deadline since cleared, until its time. For tests.
    package var timerCount: Int { timers.count }

    package func schedule(_ number: Int, at deadline: Int?) {
        assertOnQueue(queue)
        deadlines[number] = deadline
        guard let deadline else {
            // An armed timer fires, finds nothing due and goes; one that has fired goes now (a
            // context whose long press came and went, a context destroyed after it).
            if let timer = timers[number], timer.armed == nil { timers.removeValue(forKey: number)?.source.cancel() }
            return
        }
        if let armed = timers[number]?.armed, armed <= deadline { return }  // it fires first and arms for the rest
        arm(number, at: deadline)
    }

    private func arm(_ number: Int, at deadline: Int) {
        let source = timers[number]?.source ?? make(number)
        source.schedule(deadline: .now() + .milliseconds(max(0, deadline - now)), leeway: .milliseconds(1))
        timers[number] = (source, deadline)
    }

    private func fired(_ number: Int) {
        timers[number]?.armed = nil
        guard let deadline = deadlines[number] else {
            timers.removeValue(forKey: number)?.source.cancel()
            return
        }
        guard deadline <= now else { return arm(number, at: deadline) }
        deadlines[number] = nil
        onDeadline(number)
    }

    private func make(_ number: Int) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [unowned self] in fired(number) }
        timer.activate()
        return timer
    }
}
