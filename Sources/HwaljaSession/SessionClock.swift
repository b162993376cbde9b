/// Time and one timer per context, for a ``SessionTable``: Dispatch in the programs
/// (`DispatchClock` in HwaljaRuntime), ``ManualClock`` in tests, which move time by hand.
package protocol SessionClock: AnyObject {
    /// Milliseconds on a monotonic clock.
    var now: Int { get }
    /// What runs when a context's deadline comes, with the context's number; set by the ``SessionTable``.
    var onDeadline: (Int) -> Void { get set }
    /// Sets context `number`'s timer for `deadline` (replacing the one it had), or stops it if `nil`.
    func schedule(_ number: Int, at deadline: Int?)
}

/// A clock that moves only when told (``advance(to:)``), firing the deadlines it passes in
/// order: tests drive long presses and repeats without sleeping.
package final class ManualClock: SessionClock {
    package private(set) var now: Int
    package var onDeadline: (Int) -> Void = { _ in }
    private var deadlines: [Int: Int] = [:]

    package init(now: Int = 0) {
        self.now = now
    }

    package func schedule(_ number: Int, at deadline: Int?) {
        deadlines[number] = deadline
    }

    /// The deadline of context `number`'s timer, if it is set.
    package func deadline(of number: Int) -> Int? { deadlines[number] }

    /// Moves time to `time`, firing every deadline up to it, earliest first, each at its own time.
    package func advance(to time: Int) {
        while let (number, deadline) = deadlines.filter({ $0.value <= time }).min(by: {
            ($0.value, $0.key) < ($1.value, $1.key)
        }) {
            deadlines[number] = nil
            now = max(now, deadline)
            onDeadline(number)
        }
        now = max(now, time)
    }

    /// Moves time on by `milliseconds`.
    package func advance(by milliseconds: Int) { advance(to: now + milliseconds) }
}
