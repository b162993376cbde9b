import HwaljaSession

#if canImport(Glibc)
    import Glibc
#endif

/// A ``SessionClock`` on one timer of the host's event loop (fcitx5's), armed through `arm`:
/// every context's deadline is kept here, and the timer is armed for the earliest. When it comes
/// the host calls ``fire()``, on its thread, which runs the deadlines due.
///
/// The timer is armed again only for a deadline *earlier* than the one it is armed for: a later
/// one, or none, waits for it to come and look (every key moves a context's deadline, and arming
/// a timer is a system call).
final class CallbackClock: SessionClock {
    var onDeadline: (Int) -> Void = { _ in }
    /// Arms the host's timer for a time in milliseconds on ``now``'s clock.
    var arm: (Int) -> Void
    private var deadlines: [Int: Int] = [:]
    private var armed: Int?

    init(arm: @escaping (Int) -> Void = { _ in }) {
        self.arm = arm
    }

    /// Milliseconds on CLOCK_MONOTONIC, the clock the host's timers count on.
    var now: Int { Self.monotonicMicroseconds() / 1_000 }

    static func monotonicMicroseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000 + time.tv_nsec / 1_000
    }

    func schedule(_ number: Int, at deadline: Int?) {
        deadlines[number] = deadline
        guard let deadline, armed.map({ deadline < $0 }) ?? true else { return }
        armed = deadline
        arm(deadline)
    }

    /// The host's timer came: runs every deadline due, earliest first, then arms for the next.
    func fire() {
        armed = nil
        let time = now
        while let (number, _) = deadlines.filter({ $0.value <= time }).min(by: {
            ($0.value, $0.key) < ($1.value, $1.key)
        }) {
            deadlines[number] = nil
            onDeadline(number)
        }
        // A deadline run may have armed already, for a later time than another's left.
        if let next = deadlines.values.min(), armed.map({ next < $0 }) ?? true {
            armed = next
            arm(next)
        }
    }

    /// Arms the host's timer again for the earliest deadline, if any: when an arming could not
    /// be done at the time (it was asked for off the host's thread).
    func armAgain() {
        armed = deadlines.values.min()
        if let armed { arm(armed) }
    }
}
