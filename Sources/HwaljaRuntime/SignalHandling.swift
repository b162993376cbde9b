import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Unix signals delivered on a program's queue as Dispatch sources (hwaljad, ibus-engine-hwalja).
package final class SignalHandling: @unchecked Sendable {  // immutable after init
    private let sources: [any DispatchSourceSignal]
    /// Left by each source once Dispatch has registered it.
    private let registered = DispatchGroup()

    /// Sends each of `signals` to `handler` on `queue` instead of its default action.
    package init(_ signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        let registered = registered
        sources = signals.map { number in
            signal(number, SIG_IGN)  // the default action would kill the process before Dispatch sees it
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.activate()
            return source
        }
    }

    /// Waits (off `queue`, which tells of each registration) until Dispatch takes the signals:
    /// it registers a source on a thread of its own after its activation, and a signal that comes
    /// sooner is ignored. Returns whether it did within `seconds`.
    package func waitUntilRegistered(seconds: Int) -> Bool {
        registered.wait(timeout: .now() + .seconds(seconds)) == .success
    }
}
