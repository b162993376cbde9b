import Dispatch
import HwaljaCore
import HwaljaDBus
import HwaljaRuntime
import HwaljaSession

#if canImport(Glibc)
    import Glibc
#endif

/// A program serving a bus from one serial queue, started the same way by hwaljad and the IBus
/// engine: connect, install the handler, own the name, dispatch, reload on SIGHUP, and on
/// SIGTERM or SIGINT give the name back and exit. Every failure is one line and exit status 1.
package final class BusService: @unchecked Sendable {  // confined to `queue` once serving (checked in debug builds)
    package let diagnostics: Diagnostics
    /// The queue the handler, the timers and the signal handlers run on.
    package let queue: DispatchQueue
    package let connection: BusConnection
    /// The clock of the program's frontend, firing on ``queue``.
    package let clock: DispatchClock
    /// Gives memory back when no message has come for a while; told of every message the bus
    /// connection brings (a program serving other connections too tells it of theirs).
    package let idleMemory: IdleMemory
    private var dispatcher: BusDispatcher?
    /// Runs on the queue just before the program exits (hwaljad removes its peer socket).
    package var beforeExit: () -> Void = {}

    /// Connects to `bus` (`describedAs` names it in a failure) or exits.
    package init(program: String, bus: BusConnection.Bus, describedAs busName: String) {
        diagnostics = Diagnostics(program: program)
        queue = DispatchQueue(label: "org.hwalja.\(program)")
        clock = DispatchClock(queue: queue)
        idleMemory = IdleMemory(queue: queue)
        do {
            connection = try BusConnection(bus: bus)
        } catch {
            diagnostics.fail("cannot connect to \(Excerpt.shortened(busName)): \(Excerpt.shortened(error.message))")
        }
    }

    /// Writes what a timer sent, without blocking (see ``BusDispatcher/sendQueued()``). On the queue.
    package func sendQueued() {
        assertOnQueue(queue)
        dispatcher?.sendQueued()
    }

    /// Has what was sent from inside a handler written once it returns (``BusDispatcher/writeSoon()``).
    package func writeSoon() { dispatcher?.writeSoon() }

    /// Serves `name` with `handler` until the bus goes (logs `busGone`, exits with `busGoneStatus`)
    /// or a signal ends the program. Never returns.
    package func serve(
        name: String, replace: Bool = false, matchRules: [String] = [], handler: @escaping (BusMessage) -> Bool,
        busGone: String, busGoneStatus: Int32, onReload: @escaping () -> Void, started: String
    ) -> Never {
        connection.setHandler { [idleMemory] message in  // before the name: a caller may call at once
            idleMemory.noteActivity()
            return handler(message)
        }
        // The signals first: whoever sees the name may send SIGTERM at once (a service manager, a
        // test), and a signal that comes before Dispatch has registered its source is lost.
        nonisolated(unsafe) let reload = onReload  // runs on the queue, as everything else the program does
        let signals = SignalHandling([SIGHUP, SIGTERM, SIGINT], queue: queue) { [self] signal in
            guard signal != SIGHUP else { return reload() }
            dispatcher?.cancel()
            // Bounded: a bus that stopped reading this program must not keep it from exiting.
            try? connection.releaseName(name, timeoutMilliseconds: 2_000)
            connection.drain(timeoutMilliseconds: 1_000)
            beforeExit()
            diagnostics.log("released \(name); exiting")
            exit(0)
        }
        if !signals.waitUntilRegistered(seconds: 10) {
            diagnostics.log("SIGTERM, SIGINT and SIGHUP are not handled yet (Dispatch is slow to take them)")
        }
        do {
            for rule in matchRules { try connection.addMatch(rule) }
            switch try connection.requestName(name, allowReplacement: true, replaceExisting: replace) {
            case .primaryOwner, .alreadyOwner: break
            case .inQueue, .exists:
                diagnostics.fail(
                    "\(name) is already owned on this bus (another one is running)\(replace ? "" : "; use --replace to take over")"
                )
            }
            let made = try BusDispatcher(
                connection: connection, queue: queue, afterMessages: idleMemory.armAfterAnswers
            ) { [self] in
                beforeExit()
                diagnostics.log(busGone)
                exit(busGoneStatus)
            }
            queue.sync { dispatcher = made }  // the signals' handler reads it there
        } catch {
            diagnostics.fail("cannot serve \(name): \(error.message)")
        }
        diagnostics.log(started)
        idleMemory.start()
        withExtendedLifetime(signals) { dispatchMain() }
    }
}
