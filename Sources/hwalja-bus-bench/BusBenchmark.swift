import ArgumentParser
import Foundation
import HwaljaCore
import HwaljaDBus
import HwaljaRuntime

/// `hwalja-bus-bench`: the cost of typing through the bus, measured in one run on private buses:
/// `PressKey` round trips to hwaljad (any signal received and dispatched) beside round
/// trips to a bare libdbus echo service and `Peer.Ping` answered by libdbus inside hwaljad (its I/O
/// path without hwalja's handler), the daemon's start-up time to owning its name, and its
/// resident memory with the table loaded (after start-up, per context, idle, after the calls).
/// A second echo service, the same program in a process of its own, is the run's control: how far
/// two identical services differ on this machine in this run. The four kinds of call take turns,
/// one of each at a time, in orders where each kind follows each other kind equally often.
///
/// The calls are shared among several ``Placement``s: each starts the bus, the two echoes and
/// hwaljad afresh, and has hwaljad serve 2,048 contexts first, as one that has run a while. On
/// two CPUs where the scheduler puts each process moves a ratio more than hwaljad's code does, and
/// how it places them tends to last as long as they run; the run prints each placement's ratios,
/// then all its calls pooled. Last, the two handlers alone in this process, warm and with the caches
/// flushed (``HandlerCost``; `--handlers-only` measures only that).
///
///     swift build -c release && .build/release/hwalja-bus-bench [--calls N] [--placements N] [--hwaljad PATH] [--table PATH] [--handlers-only]
///
/// It starts its own dbus-daemons, echo services (itself with `--echo-service ADDRESS`) and hwaljads
/// (from the same build folder, or `--hwaljad`, such as the package's), and stops them by PID.
@main
struct BusBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja-bus-bench",
        abstract:
            "Measures typing through the bus: hwaljad's PressKey beside a bare libdbus echo, in one run on private buses.",
        discussion: """
            It starts its own dbus-daemon, two echo services (the second one the run's control) and \
            hwaljad (from the same build folder, or \
            --hwaljad), afresh for each placement, and stops them when it is done with them, or when \
            it is ended by SIGTERM, SIGINT or SIGHUP. \
            Last, it times hwaljad's handler and the echo's alone in this process, warm and with the \
            caches flushed (--handlers-only measures only that). \
            Run from the package's folder after swift build -c release.
            """,
        version: hwaljaVersion
    )

    /// The keys typed, over and over: 안녕하세요 and a space.
    static let keys = ["ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "NEXT", "ㄴㄹ", "ㆍ", "ㆍ", "ㅣ", "ㅇㅁ", "ㅅㅎ", "ㅅㅎ", "ㅣ", "ㆍ", "SPACE"]
    static let echoName = "org.hwalja.BenchEcho"
    static let twinName = "org.hwalja.BenchEchoTwin"
    /// Four orders of the four kinds of call (a Williams square): across them, each kind comes
    /// first once and follows each other kind exactly once.
    static let balancedOrders = [[0, 1, 3, 2], [1, 2, 0, 3], [2, 3, 1, 0], [3, 0, 2, 1]]

    @Option(help: "Calls of each kind in all, shared among the placements.")
    var calls = 10_000
    @Option(help: "How many times to start the bus and its services afresh, each time placed anew by the scheduler.")
    var placements = 5
    @Option(help: "The hwaljad to measure (default: the one beside this program).")
    var hwaljad: String?
    @Option(help: "Its table (default Tables/hwalja.table).")
    var table = "Tables/hwalja.table"
    @Flag(help: "Measure only hwaljad's handler and the echo's, in this process with no bus (a few seconds).")
    var handlersOnly = false
    @Option(help: .hidden)
    var echoService: String?
    @Option(help: .hidden)
    var echoName = Self.echoName

    func run() throws {
        if let echoService { try Self.serveEcho(address: echoService, name: echoName) }
        if handlersOnly {
            print(Self.describe(try HandlerCost.measure(table: table, keys: Self.keys)))
            return
        }
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard placements >= 1, calls >= placements else {
            throw ValidationError("--calls must be at least --placements, and --placements at least 1")
        }
        try Self.measure(
            calls: calls, placements: placements, hwaljad: hwaljad ?? folder.appendingPathComponent("hwaljad").path,
            table: table, folder: folder)
    }

    static func measure(calls: Int, placements: Int, hwaljad: String, table: String, folder: URL) throws {
        let bench = folder.appendingPathComponent("hwalja-bus-bench").path
        let each = calls / placements
        print(
            "hwalja-bus-bench: \(placements) placements (a private bus and its services started afresh for each), \(each) calls of each kind in each"
        )
        var pooled = RoundTrips()
        var startups: [Duration] = []
        var afterStartup: Int?
        var perContext: [ContextRound] = []
        var last: Placement?
        for number in 1...placements {
            let placement = try Placement(bench: bench, hwaljad: hwaljad, table: table)
            defer { if number < placements { placement.stop() } }  // the last one serves the pauses below
            startups.append(placement.startup)
            usleep(500_000)  // settled after start-up
            if number == 1 { afterStartup = residentKilobytes(placement.daemon.pid) }
            // Each hwaljad as one that has run a while: contexts came, typed and went (and the
            // first's figures are the memory a context costs).
            let contexts = try contextMemory(address: placement.address, daemon: placement.daemon.pid)
            if number == 1 { perContext = contexts }
            let samples = try placement.roundTrips(calls: each)
            let (press, twin) = (samples.ratios(samples.press), samples.ratios(samples.twin))
            print(
                String(
                    format: "placement %d: PressKey / echo median %.2f×, p99 %.2f×; twin / echo (control) %.2f×, %.2f×",
                    number, press.median, press.p99, twin.median, twin.p99))
            pooled.pool(samples)
            last = placement
        }
        guard let placement = last else { return }
        defer { placement.stop() }
        let (daemon, client, clock) = (placement.daemon, placement.client, ContinuousClock())
        let rss = residentKilobytes(daemon.pid)
        // A pause, as a typist who stops to think makes: hwaljad trims its heap 3 to 6 s after
        // its last message. Then one PressKey; then, after another pause, one echo: what a cold
        // machine (caches, idle CPUs, dbus-daemon) adds to any call. Three times.
        usleep(7_000_000)
        let idle = residentKilobytes(daemon.pid)
        let idleAnonymous = smapsKilobytes(daemon.pid, "Anonymous:")
        let idlePrivateDirty = smapsKilobytes(daemon.pid, "Private_Dirty:")
        var afterIdle: [Duration] = []
        var echoAfterIdle: [Duration] = []
        for round in 0..<3 {
            if round > 0 { usleep(7_000_000) }
            afterIdle.append(try clock.measure { _ = try client.connection.call(placement.pressCalls[round]) })
            usleep(7_000_000)
            echoAfterIdle.append(try clock.measure { _ = try client.connection.call(placement.echoCall) })
        }
        // Last, the other processes idle: the handlers alone.
        let handlers = try HandlerCost.measure(table: table, keys: Self.keys)
        let (press, bare) = (pooled.press, pooled.echo)
        let slowedPress = ratio(percentile(afterIdle, 50), percentile(press, 50))
        let slowedEcho = ratio(percentile(echoAfterIdle, 50), percentile(bare, 50))

        print("")
        print("All \(placements) placements pooled:")
        print(
            "PressKey round trip (hwaljad):     median \(format(percentile(press, 50))), p99 \(format(percentile(press, 99)))"
        )
        print(
            "Echo round trip (bare libdbus):    median \(format(percentile(bare, 50))), p99 \(format(percentile(bare, 99)))"
        )
        print(
            "Ping to hwaljad (libdbus answers): median \(format(percentile(pooled.ping, 50))), p99 \(format(percentile(pooled.ping, 99)))"
        )
        print(
            "Echo twin (the same, another one): median \(format(percentile(pooled.twin, 50))), p99 \(format(percentile(pooled.twin, 99)))"
        )
        let (pressRatios, controlRatios, pingRatios) = (
            pooled.ratios(press), pooled.ratios(pooled.twin), pooled.ratios(pooled.ping)
        )
        print(
            String(
                format: "ratio PressKey / echo:             median %.2f×, p99 %.2f×", pressRatios.median,
                pressRatios.p99))
        print(
            String(
                format:
                    "ratio echo twin / echo (control):  median %.2f×, p99 %.2f× (two identical services: how much where the processes ran alone moves a ratio)",
                controlRatios.median, controlRatios.p99))
        print(
            String(
                format:
                    "ratio Ping / echo:                 median %.2f×, p99 %.2f× (libdbus alone answers Ping inside hwaljad: how the runs placed hwaljad against the echo)",
                pingRatios.median, pingRatios.p99))
        if [controlRatios.median, controlRatios.p99].contains(where: { abs($0 - 1) > 0.1 }) {
            print(
                "caution: in this run two identical services differed by more than 10 %, as much as the goal allows: its ratios say little of hwaljad; run it again"
            )
        }
        print(describe(handlers))
        print(
            "hwaljad start-up to owning name:   median \(format(percentile(startups, 50))) of \(placements) starts (\(format(startups.min()!)) to \(format(startups.max()!)))"
        )
        print(
            "hwaljad resident memory:           \(megabytes(rss)) after the calls, \(megabytes(afterStartup)) half a second after start-up, \(megabytes(idle)) idle (7 s after the last message)"
        )
        print(
            "hwaljad anonymous memory idle:     \(megabytes(idleAnonymous)) Anonymous, \(megabytes(idlePrivateDirty)) Private_Dirty (/proc/PID/smaps_rollup, 7 s after the last message)"
        )
        print(
            String(
                format: "PressKey after a 7 s pause:        %@ (their median %.2f× a warm PressKey's)",
                afterIdle.map(format).joined(separator: ", "), slowedPress))
        print(
            String(
                format: "echo after a 7 s pause:            %@ (their median %.2f× a warm echo's)",
                echoAfterIdle.map(format).joined(separator: ", "), slowedEcho))
        print(
            String(
                format:
                    "ratio PressKey / echo after a pause: %.2f× (their medians: what hwaljad adds to what the machine's own wake-up costs)",
                ratio(percentile(afterIdle, 50), percentile(echoAfterIdle, 50))))
        let (first, second) = (perContext[0], perContext[1])
        print(
            String(
                format:
                    "memory per context:                %.2f KB (%d contexts of %d clients: %@ → %@), %@ a second after they went",
                first.grown, first.contexts, ContextRound.clients, megabytes(first.before), megabytes(first.with),
                megabytes(first.after)))
        print(
            String(
                format:
                    "memory per context held, idle:     %.2f KB, %.2f KB the next %d (anonymous memory, idle and trimmed, with the contexts against before them)",
                first.held, second.held, second.contexts))
        print(
            String(
                format:
                    "memory per context kept after:     %.2f KB, %.2f KB the next %d (anonymous memory a second after the contexts went, against before them)",
                first.kept, second.kept, second.contexts))
    }

    static func describe(_ handlers: HandlerCost.Figures) -> String {
        "hwaljad's handler, no bus:         PressKey median \(format(handlers.pressWarm)) warm, \(format(handlers.pressCold)) with the caches flushed; "
            + "the echo's \(format(handlers.echoWarm)), \(format(handlers.echoCold)) (in this process: what a key costs hwaljad's own code)"
    }

    static func megabytes(_ kilobytes: Int?) -> String {
        kilobytes.map { String(format: "%.1f MB", Double($0) / 1024) } ?? "unknown"
    }

    /// The daemon's memory around one round of contexts: 16 clients connect and hold 64 contexts
    /// each, each context having typed a few keys, then destroy them. Resident (`VmRSS`) and
    /// anonymous (`RssAnon`, the heap) memory in KiB: idle before, at once with the contexts, idle
    /// with them (7 s after the last message: the heap trimmed, each key's long-press timer gone),
    /// and a second after they went (hwaljad trims its heap then).
    struct ContextRound {
        static let clients = 16, each = 64
        var before = 0, with = 0, after = 0
        var anonymousBefore = 0, anonymousHeld = 0, anonymousAfter = 0

        var contexts: Int { Self.clients * Self.each }
        /// Resident memory grown per context, in KB.
        var grown: Double { Double(with - before) / Double(contexts) }
        /// Anonymous memory held per context while idle, in KB.
        var held: Double { Double(anonymousHeld - anonymousBefore) / Double(contexts) }
        /// Anonymous memory per context kept after the contexts went, in KB.
        var kept: Double { Double(anonymousAfter - anonymousBefore) / Double(contexts) }
    }

    /// Two rounds of contexts (``ContextRound``), the second after the first went: the first pays
    /// for what the daemon makes once (its registry's tables at their largest, Dispatch's worker
    /// threads and their heaps), the second shows what a context costs a daemon that has run a while.
    static func contextMemory(address: String, daemon: Int32) throws -> [ContextRound] {
        usleep(7_000_000)  // idle: hwaljad's heap trimmed (IdleMemory), what it holds and no more
        return try (0..<2).map { _ in try contextRound(address: address, daemon: daemon) }
    }

    static func contextRound(address: String, daemon: Int32) throws -> ContextRound {
        /// A figure of the daemon's `/proc/PID/status`; a bench without it measures nothing.
        func read(_ field: String) throws -> Int {
            guard let value = ProcessFigures.kilobytes(daemon, field) else {
                throw BusError.failed("cannot read \(field) of hwaljad (\(daemon)) in /proc")
            }
            return value
        }
        var round = ContextRound()
        round.anonymousBefore = try read("RssAnon:")
        round.before = try read("VmRSS:")
        var connections: [(EngineClient, [String])] = []
        for _ in 0..<ContextRound.clients {
            let client = try EngineClient(bus: .address(address))
            var paths: [String] = []
            for _ in 0..<ContextRound.each {
                let path = try client.createContext()
                for key in ["ㄱㅋ", "ㅣ", "ㆍ"] { _ = try client.key("PressKey", key, on: path) }
                paths.append(path)
            }
            connections.append((client, paths))
        }
        round.with = try read("VmRSS:")
        // Held, not typing: idle again (hwaljad keeps a context's Dispatch timer until its armed
        // time rather than re-arm it on every key).
        usleep(7_000_000)
        round.anonymousHeld = try read("RssAnon:")
        for (client, paths) in connections {
            for path in paths { try client.destroyContext(path) }
        }
        usleep(1_500_000)  // hwaljad gives freed memory back a second after contexts went
        round.after = try read("VmRSS:")
        round.anonymousAfter = try read("RssAnon:")
        return round
    }

    /// A bare libdbus service owning `name` and answering `Echo(s) → s`: the baseline round trip.
    static func serveEcho(address: String, name: String) throws -> Never {
        // The bench ignores these signals for a moment while it installs its handlers, and a
        // child started then would inherit that: an echo that SIGTERM does not end.
        for number in [SIGTERM, SIGINT, SIGHUP] { signal(number, SIG_DFL) }
        let connection = try BusConnection(bus: .address(address))
        connection.setHandler { message in
            guard let reply = echoReply(to: message) else { return false }
            connection.send(reply)
            return true
        }
        _ = try connection.requestName(name, allowReplacement: false, replaceExisting: false)
        while connection.processIncoming(timeoutMilliseconds: -1) {}
        Glibc.exit(0)
    }

    /// The echo service's answer to `message`: its arguments back, if it is a call of `Echo`.
    static func echoReply(to message: BusMessage) -> BusMessage? {
        guard message.kind == .methodCall, message.member == "Echo" else { return nil }
        return try? message.methodReturn(try message.arguments())
    }

    static func waitForOwner(_ name: String, _ connection: BusConnection, timeout: Double) throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))  // not the wall clock, which may step
        let ask = { () throws -> Bool in
            let message = BusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner")
            try message.append([.string(name)])
            return try connection.call(message).arguments() == [.boolean(true)]
        }
        while try !ask() {
            guard ContinuousClock.now < deadline else {
                throw BusError.failed("\(name) did not appear on the bus within \(timeout) s")
            }
            usleep(500)
        }
    }

    static func residentKilobytes(_ pid: Int32) -> Int? {
        ProcessFigures.kilobytes(pid, "VmRSS:")
    }

    /// A `/proc/PID/smaps_rollup` figure in KiB (`Anonymous:`, `Private_Dirty:`): the memory that
    /// is the process's own, which the kernel cannot drop and read again from a file.
    static func smapsKilobytes(_ pid: Int32, _ field: String) -> Int? {
        ProcessFigures.kilobytes(pid, field, in: "smaps_rollup")
    }

    static func percentile(_ samples: [Duration], _ percent: Int) -> Duration {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, sorted.count * percent / 100)]
    }

    static func ratio(_ lhs: Duration, _ rhs: Duration) -> Double { microseconds(lhs) / microseconds(rhs) }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    static func format(_ duration: Duration) -> String {
        let value = microseconds(duration)
        return value >= 1000 ? String(format: "%.2f ms", value / 1000) : String(format: "%.1f µs", value)
    }
}

/// A child process, stopped by its PID when asked or when released.
final class Child {
    let process = Process()
    private let output = Pipe()

    init(_ path: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        ChildProcesses.shared.add(process.processIdentifier)
    }

    /// A child no longer referred to is stopped: one started before a later step failed, say.
    deinit { stop() }

    var pid: Int32 { process.processIdentifier }

    /// The first line the child prints (dbus-daemon's address).
    func firstLine() throws -> String {
        var bytes: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Ends the child with SIGTERM; with `waiting`, returns once it has ended, ending it with
    /// SIGKILL if it has not within 5 s.
    func stop(waiting: Bool = false) {
        if process.isRunning { kill(pid, SIGTERM) }
        if waiting {
            let deadline = ContinuousClock.now + .seconds(5)
            while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
        }
        ChildProcesses.shared.remove(pid)
    }
}
