import Dispatch
import HwaljaDBus

#if canImport(Glibc)
import Glibc
#endif

/// hwalja-keypad's row of suggestions for a program serving another bus (the IBus engine, on
/// ibus-daemon's): a connection of its own to the session bus, where the keypad is, dispatched on
/// the program's queue.
public enum SessionKeypadLink {
    /// The link, or `nil` when there is no session bus (said once with `log`): the keypad then
    /// shows no suggestions, and typing is as before.
    public static func open(queue: DispatchQueue, log: @escaping (String) -> Void) -> KeypadSuggestionLink? {
        // Only a bus that is there: libdbus would otherwise launch one of its own (dbus-launch).
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        guard getenv("DBUS_SESSION_BUS_ADDRESS") != nil || runtime.map({ access($0 + "/bus", F_OK) == 0 }) == true else {
            log("no session bus: hwalja-keypad will show no suggestions")
            return nil
        }
        do {
            let connection = try BusConnection(bus: .session)
            let link = KeypadSuggestionLink(output: connection, keypad: KeypadSuggestionLink.owner(on: connection))
            connection.setHandler { link.handle($0) }
            for rule in KeypadSuggestionLink.matchRules { try connection.addMatch(rule) }
            nonisolated(unsafe) let say = log  // runs on the queue, as everything else the program does
            let dispatcher = try BusDispatcher(connection: connection, queue: queue) {
                say("the session bus closed: hwalja-keypad will show no suggestions")
            }
            link.afterSend = dispatcher.sendQueued
            return link
        } catch {
            log("cannot reach the session bus, so hwalja-keypad will show no suggestions: \(error.message)")
            return nil
        }
    }
}
