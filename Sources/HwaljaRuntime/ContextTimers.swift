import Dispatch

/// One Dispatch timer per typing context, each set for the context's next deadline.
///
/// Deadlines are milliseconds on ``now``'s clock (monotonic, from this object's creation).
/// Create, use and cancel on `queue` only.
public final class ContextTimers: @unchecked Sendable {
    private let queue: DispatchQueue
    private let fire: (Int) -> Void
    private var timers: [Int: any DispatchSourceTimer] = [:]
    private let start = DispatchTime.now()

    /// `fire(number)` runs on `queue` when context `number`'s deadline comes.
    public init(queue: DispatchQueue, fire: @escaping (Int) -> Void) {
        self.queue = queue
        self.fire = fire
    }

    /// Milliseconds since this object was created, on the monotonic clock.
    public var now: Int { Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000) }

    /// Sets context `number`'s timer for `deadline`, or stops it if `nil`.
    public func set(_ number: Int, deadline: Int?) {
        guard let deadline else {
            cancel(number)
            return
        }
        let timer = timers[number] ?? make(number)
        timer.schedule(deadline: .now() + .milliseconds(max(0, deadline - now)), leeway: .milliseconds(1))
    }

    /// Stops context `number`'s timer for good.
    public func cancel(_ number: Int) {
        timers.removeValue(forKey: number)?.cancel()
    }

    private func make(_ number: Int) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [unowned self] in fire(number) }
        timer.activate()
        timers[number] = timer
        return timer
    }
}
