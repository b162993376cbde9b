import Foundation
import HwaljaCore
import HwaljaDBus
import HwaljaReplay

/// Replays a log through a running hwaljad: taps as `PressKey`, timed events as `KeyDown`/`KeyUp`
/// at their times (so the daemon's own timers make the long presses), the application's text
/// kept from the signals the daemon sends, applying each once and in order.
enum BusReplay {
    /// The application's text, fed by the daemon's signals (never by the replies, which repeat them).
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

    /// Plays `log` on a new context of the daemon on `bus` and returns the final text; `canDelete`
    /// plays an application that deletes text when the daemon says so.
    static func play(_ log: KeystrokeLog, bus: String, canDelete: Bool, trace: Bool) throws(BusError) -> String {
        let client = try EngineClient(bus: BusConnection.Bus(bus))
        let host = Host(trace: trace)
        let path = try client.createContext()
        if canDelete { try client.setCapabilities(EngineInterface.Capability.deleteBeforeCursor, on: path) }
        client.onSignal = { member, signalPath, arguments in
            if signalPath == path { host.receive(member, arguments) }
        }
        let start = ContinuousClock.now
        for event in log.events {
            let result: EngineClient.KeyResult
            switch event {
            case .tap(let key):
                result = try client.key("PressKey", key.name, on: path)
                if trace { print("PressKey \(key.name)\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\"") }
            case .down(let key, let time), .up(let key, let time):
                let isDown = if case .down = event { true } else { false }
                let due = start + .milliseconds(time)
                if due > .now { Thread.sleep(forTimeInterval: Double((due - .now).components.attoseconds) / 1e18 + Double((due - .now).components.seconds)) }
                result = try client.key(isDown ? "KeyDown" : "KeyUp", key.name, on: path)
                if trace { print("\(isDown ? "KeyDown" : "KeyUp") \(key.name) at \(time) ms\tcommit \"\(result.commit)\"\tpreedit \"\(result.preedit)\"") }
            }
        }
        client.processSignals(waitingMilliseconds: 20)
        try client.destroyContext(path)
        return host.text.shown
    }
}
