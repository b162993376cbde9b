import Dispatch
import HwaljaFrontend

/// The programs' ``FrontendClock``: one Dispatch timer per context, on a serial queue.
///
/// Deadlines are milliseconds on ``now``'s clock (monotonic, from this object's creation).
/// Create, use and cancel on `queue` only.
public final class DispatchClock: FrontendClock, @unchecked Sendable {
    private let queue: DispatchQueue
    private var timers: [Int: any DispatchSourceTimer] = [:]
    private let start = DispatchTime.now()
    public var onDeadline: (Int) -> Void = { _ in }

    /// Timers fire on `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Milliseconds since this object was created, on the monotonic clock.
    public var now: Int { Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000) }

    public func schedule(_ number: Int, at deadline: Int?) {
        guard let deadline else {
            timers.removeValue(forKey: number)?.cancel()
            return
        }
        let timer = timers[number] ?? make(number)
        timer.schedule(deadline: .now() + .milliseconds(max(0, deadline - now)), leeway: .milliseconds(1))
    }

    private func make(_ number: Int) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [unowned self] in onDeadline(number) }
        timer.activate()
        timers[number] = timer
        return timer
    }
}
