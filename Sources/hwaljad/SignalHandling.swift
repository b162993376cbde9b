import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP, SIGTERM and SIGINT delivered on the daemon's queue as Dispatch sources.
final class SignalHandling: @unchecked Sendable {  // immutable after init
    private let sources: [any DispatchSourceSignal]

    init(queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        sources = [SIGHUP, SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)  // the default action would kill the process before Dispatch sees it
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.activate()
            return source
        }
    }
}
