import Dispatch

/// hwalja-keypad's row of suggestions for a program serving another bus (the IBus engine, on
/// ibus-daemon's): a connection of its own to the session bus, where the keypad is, dispatched on
/// the program's queue.
package enum SessionKeypadLink {
    /// Connects in the background, never holding up the program's start or its queue (a slow
    /// session bus), then calls `ready` with the link on `queue`. With no session bus it says so
    /// once with `log` and never calls `ready`: the keypad then shows no suggestions, and typing is
    /// as before.
    package static func open(
        queue: DispatchQueue, log: @escaping @Sendable (String) -> Void,
        ready: @escaping @Sendable (KeypadSuggestionLink) -> Void
    ) {
        DispatchQueue.global().async {
            guard let bus = BusConnection.Bus.existingSession else {
                return log("no session bus: hwalja-keypad will show no suggestions")
            }
            do throws(BusError) {
                let connection = try BusConnection(bus: bus)
                // before asking: a keypad starting meanwhile is seen
                try connection.addMatch(KeypadSuggestionLink.matchRule)
                let link = KeypadSuggestionLink(output: connection, keypad: KeypadSuggestionLink.owner(on: connection))
                connection.setHandler { link.handle($0) }  // dispatched only from the queue, by the dispatcher
                nonisolated(unsafe) let unsent = link
                queue.async {
                    do throws(BusError) {
                        let dispatcher = try BusDispatcher(connection: connection, queue: queue) {
                            log("the session bus closed: hwalja-keypad will show no suggestions")
                        }
                        unsent.afterSend = dispatcher.writeSoon
                        ready(unsent)
                    } catch {
                        log("cannot watch the session bus, so hwalja-keypad will show no suggestions: \(error.message)")
                    }
                }
            } catch {
                log("cannot reach the session bus, so hwalja-keypad will show no suggestions: \(error.message)")
            }
        }
    }
}
