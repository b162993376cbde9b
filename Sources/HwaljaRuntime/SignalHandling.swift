import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Unix signals delivered on a program's queue as Dispatch sources (hwaljad, ibus-engine-hwalja).
package final class SignalHandling: @unchecked Sendable {  // immutable after init
    private let sources: [any DispatchSourceSignal]

    /// Sends each of `signals` to `handler` on `queue` instead of its default action.
    package init(_ signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)  // the default action would kill the process before Dispatch sees it
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.activate()
            return source
        }
    }
}
