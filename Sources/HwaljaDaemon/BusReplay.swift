import HwaljaCore
import HwaljaDBus
import HwaljaReplay

#if canImport(Glibc)
    import Glibc
#endif

/// Replays a log through a running hwaljad: taps as `PressKey`, timed events as `KeyDown`/`KeyUp`
/// at their times (so the daemon's own timers make the long presses), the application's text
/// kept as the interface says: each signal once and in order, then each reply. It asks for
/// signals (``EngineInterface/Capability/signals``) only to trace them or to play timed events
/// as they happen; a log of taps is one message each way per key.
package enum BusReplay {
    /// The application's text, fed by the daemon's signals and replies.
    final class Host {
        var text = ContextText()
        var trace: Bool

        init(trace: Bool) {
            self.trace = trace
        }

        func receive(_ member: String, _ arguments: [BusValue]) {
            text.apply(member, arguments)
            guard trace else { return }
            switch arguments.first {
            case .uint32(let count)?: print("signal \(member) \(count)")
            case .array(_, let words)? where member == "SuggestionsChanged":
                // Suggestions as a user sees them: shown when there are some.
                if !words.isEmpty { print("suggestions: \(words.compactMap(\.stringValue).joined(separator: ", "))") }
            default: print("signal \(member) \"\(arguments.first?.stringValue ?? "")\"")
            }
        }
    }

    /// Plays `log` on a new context of the daemon on `bus` (of `layout`, or the daemon's default
    /// layout) and returns the final text; `canDelete`
    /// plays an application that deletes text when the daemon says so.
    package static func play(_ log: KeystrokeLog, bus: String, canDelete: Bool, trace: Bool, layout: String? = nil)
        throws(BusError) -> String
    {
        let client = try EngineClient(bus: BusConnection.Bus(bus))
        let host = Host(trace: trace)
        let path = try client.createContext(layout: layout)
        let timed = log.events.contains { if case .tap = $0 { false } else if case .pick = $0 { false } else { true } }
        var capabilities: UInt32 = canDelete ? EngineInterface.Capability.deleteBeforeCursor : 0
        if trace || timed { capabilities |= EngineInterface.Capability.signals }
        if capabilities != 0 { try client.setCapabilities(capabilities, on: path) }
        client.onSignal = { member, signalPath, arguments in
            if signalPath == path { host.receive(member, arguments) }
        }
        let start = ContinuousClock.now
        for event in log.events {
            let result: EngineClient.KeyResult
            let key: Key
            switch event {
            case .tap(let tapped):
                key = tapped
                result = try client.key("PressKey", key.name, on: path)
                if trace { print("PressKey \(key.name)\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\"") }
            case .pick(let index):
                result = try client.acceptSuggestion(index, on: path)
                if trace {
                    print("AcceptSuggestion \(index)\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\"")
                }
                // Nothing declined: an index no longer shown changes nothing.
                host.text.applyReply(commit: result.commit, preedit: result.preedit, consumed: true, key: nil)
                continue
            case .down(let held, let time), .up(let held, let time):
                key = held
                let isDown = if case .down = event { true } else { false }
                let due = start + .milliseconds(time)
                sleep(until: due)
                result = try client.key(isDown ? "KeyDown" : "KeyUp", key.name, on: path)
                if trace {
                    print(
                        "\(isDown ? "KeyDown" : "KeyUp") \(key.name) at \(time) ms\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\""
                    )
                }
            }
            host.text.applyReply(commit: result.commit, preedit: result.preedit, consumed: result.consumed, key: key)
        }
        client.processSignals(waitingMilliseconds: 20)
        try client.destroyContext(path)
        return host.text.shown
    }

    /// Blocks the thread until `instant` (no Foundation: hwaljad links this module).
    private static func sleep(until instant: ContinuousClock.Instant) {
        let left = instant - .now
        guard left > .zero else { return }
        var time = timespec(
            tv_sec: Int(left.components.seconds), tv_nsec: Int(left.components.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&time, &remaining) != 0 && errno == EINTR { time = remaining }
    }
}
