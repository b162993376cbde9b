#if canImport(Glibc)
import Glibc
#endif
import HwaljaCore
import HwaljaReplay

/// Replays a log through a running hwaljad: taps as `PressKey`, timed events as `KeyDown`/`KeyUp`
/// at their times (so the daemon's own timers make the long presses), the application's text
/// kept as the interface says: each signal once and in order, and a call's own key when its
/// reply says it was not consumed.
public enum BusReplay {
    /// The application's text, fed by the daemon's signals and the `consumed` flag of each reply
    /// (whose text repeats the signals).
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
            default: print("signal \(member) \"\(arguments.first?.stringValue ?? "")\"")
            }
        }
    }

    /// Plays `log` on a new context of the daemon on `bus` (of `layout`, or the daemon's default
    /// layout) and returns the final text; `canDelete`
    /// plays an application that deletes text when the daemon says so.
    public static func play(_ log: KeystrokeLog, bus: String, canDelete: Bool, trace: Bool, layout: String? = nil) throws(BusError) -> String {
        let client = try EngineClient(bus: BusConnection.Bus(bus))
        let host = Host(trace: trace)
        let path = try client.createContext(layout: layout)
        if canDelete { try client.setCapabilities(EngineInterface.Capability.deleteBeforeCursor, on: path) }
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
                if trace { print("AcceptSuggestion \(index)\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\"") }
                continue  // nothing declined: an index no longer shown changes nothing
            case .down(let held, let time), .up(let held, let time):
                key = held
                let isDown = if case .down = event { true } else { false }
                let due = start + .milliseconds(time)
                sleep(until: due)
                result = try client.key(isDown ? "KeyDown" : "KeyUp", key.name, on: path)
                if trace { print("\(isDown ? "KeyDown" : "KeyUp") \(key.name) at \(time) ms\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\"") }
            }
            if !result.consumed { host.text.applyDeclined(key) }
        }
        client.processSignals(waitingMilliseconds: 20)
        try client.destroyContext(path)
        return host.text.shown
    }

    /// Blocks the thread until `instant` (no Foundation: hwaljad links this module).
    private static func sleep(until instant: ContinuousClock.Instant) {
        let left = instant - .now
        guard left > .zero else { return }
        var time = timespec(tv_sec: Int(left.components.seconds), tv_nsec: Int(left.components.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&time, &remaining) != 0 && errno == EINTR { time = remaining }
    }
}
