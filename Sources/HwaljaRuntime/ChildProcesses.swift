import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The processes a program started that must not outlive it (a benchmark's dbus-daemon, its
/// hwaljad): each gets SIGTERM when the program is ended by SIGTERM, SIGINT or SIGHUP, which then
/// ends the program as that signal would have. A child that ended or was stopped is forgotten.
package final class ChildProcesses: @unchecked Sendable {  // `pids` confined to `queue`
    /// The program's children.
    package static let shared = ChildProcesses()

    private let queue = DispatchQueue(label: "org.hwalja.child-processes")
    private var pids: Set<Int32> = []
    private var signals: SignalHandling?

    private init() {}

    /// Notes child `pid`; the first call installs the signal handlers.
    package func add(_ pid: Int32) {
        queue.sync {
            pids.insert(pid)
            if signals == nil {
                signals = SignalHandling([SIGTERM, SIGINT, SIGHUP], queue: queue) { [unowned self] number in
                    for pid in pids { kill(pid, SIGTERM) }
                    signal(number, SIG_DFL)
                    raise(number)  // ends the program as the signal would have
                }
            }
        }
    }

    /// Forgets child `pid` (it was stopped, or it ended).
    package func remove(_ pid: Int32) {
        _ = queue.sync { pids.remove(pid) }
    }
}
