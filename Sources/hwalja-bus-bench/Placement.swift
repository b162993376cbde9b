import Foundation
import HwaljaDBus

/// One placement of the bench's processes: a private dbus-daemon, the echo, its twin and hwaljad,
/// started afresh, with the bench's client connected. Where the scheduler puts each process as
/// they wake one another moves a round trip more than hwaljad's code does on two CPUs, and how it
/// places them tends to last as long as they run (docs/performance.md): one placement draws one
/// sample of that; a run of several shows the spread and pools its calls over it.
final class Placement {
    let address: String
    let client: EngineClient
    /// From starting hwaljad to its owning its name.
    let startup: Duration
    let daemon: Child
    /// The calls the run times, built once, so that the client measures the bus and the services,
    /// not building messages: `Echo` to the echo and its twin, and `Peer.Ping` to hwaljad.
    let echoCall: BusMessage, twinCall: BusMessage, ping: BusMessage
    /// `PressKey` on the context ``roundTrips(calls:)`` made, one call for each of ``BusBenchmark/keys``.
    private(set) var pressCalls: [BusMessage] = []
    private let bus: Child
    private let echo: Child
    private let twin: Child

    init(bench: String, hwaljad: String, table: String) throws {
        bus = try Child("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
        address = try bus.firstLine()
        echo = try Child(bench, ["--echo-service", address])
        twin = try Child(bench, ["--echo-service", address, "--echo-name", BusBenchmark.twinName])
        client = try EngineClient(bus: .address(address))
        try BusBenchmark.waitForOwner(BusBenchmark.echoName, client.connection, timeout: 10)
        try BusBenchmark.waitForOwner(BusBenchmark.twinName, client.connection, timeout: 10)
        let started = ContinuousClock.now
        daemon = try Child(hwaljad, ["--bus", address, "--table", table])
        try BusBenchmark.waitForOwner("org.hwalja.Engine1", client.connection, timeout: 10)
        startup = ContinuousClock.now - started
        echoCall = try Self.echoCall(BusBenchmark.echoName)
        twinCall = try Self.echoCall(BusBenchmark.twinName)
        ping = BusMessage.methodCall(
            destination: "org.hwalja.Engine1", path: "/org/hwalja/Engine1", interface: "org.freedesktop.DBus.Peer",
            member: "Ping")
    }

    /// Stops the services, then the bus, and waits until each has ended, so that the next
    /// placement starts on a machine with none of them.
    func stop() {
        for child in [daemon, twin, echo, bus] { child.stop(waiting: true) }
    }

    /// `calls` round trips of each kind on a context made for them, after 500 rounds of warm-up,
    /// one of each kind in turn (``BusBenchmark/balancedOrders``).
    func roundTrips(calls: Int) throws -> RoundTrips {
        let keys = BusBenchmark.keys
        let path = try client.createContext()
        for key in keys { _ = try client.key("PressKey", key, on: path) }
        for index in 0..<500 {  // warms all three services
            _ = try client.key("PressKey", keys[index % keys.count], on: path)
            _ = try client.connection.call(echoCall)
            _ = try client.connection.call(twinCall)
        }
        pressCalls = try keys.map { key in
            let message = BusMessage.methodCall(
                destination: "org.hwalja.Engine1", path: path, interface: "org.hwalja.Context1", member: "PressKey")
            try message.append([.string(key)])
            return message
        }
        var samples = RoundTrips()
        let clock = ContinuousClock()
        // One of each in turn, so all four kinds of call meet the same machine state, in orders
        // where each kind follows each other kind equally often, so that no kind always comes
        // after the same one.
        for index in 0..<calls {
            for kind in BusBenchmark.balancedOrders[index % BusBenchmark.balancedOrders.count] {
                switch kind {
                case 0:
                    let call = pressCalls[index % keys.count]
                    samples.press.append(
                        try clock.measure {
                            _ = try client.connection.call(call)
                            // any signal that came with it (none unless asked for)
                            client.connection.dispatchReceived()
                        })
                case 1: samples.echo.append(try clock.measure { _ = try client.connection.call(echoCall) })
                case 2: samples.twin.append(try clock.measure { _ = try client.connection.call(twinCall) })
                default: samples.ping.append(try clock.measure { _ = try client.connection.call(ping) })
                }
            }
        }
        return samples
    }

    private static func echoCall(_ name: String) throws -> BusMessage {
        let call = BusMessage.methodCall(destination: name, path: "/", interface: BusBenchmark.echoName, member: "Echo")
        try call.append([.string("ㄱㅋ")])
        return call
    }
}

/// Round trips of the four kinds, one placement's or several pooled.
struct RoundTrips {
    var press: [Duration] = [], echo: [Duration] = [], twin: [Duration] = [], ping: [Duration] = []

    mutating func pool(_ other: RoundTrips) {
        press += other.press
        echo += other.echo
        twin += other.twin
        ping += other.ping
    }

    /// `samples`' median and p99 over the echo's.
    func ratios(_ samples: [Duration]) -> (median: Double, p99: Double) {
        (
            BusBenchmark.ratio(BusBenchmark.percentile(samples, 50), BusBenchmark.percentile(echo, 50)),
            BusBenchmark.ratio(BusBenchmark.percentile(samples, 99), BusBenchmark.percentile(echo, 99))
        )
    }
}
