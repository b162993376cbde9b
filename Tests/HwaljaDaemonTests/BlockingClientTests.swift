import Foundation
import HwaljaTestSupport
import Testing

/// The simplest clients there are, no one here's library: blocking calls only, never dispatching
/// what they read (python3-dbus without a main loop, libdbus's send_with_reply_and_block,
/// sd-bus's sd_bus_call). Each types thousands of keys through `org.hwalja.Context1` and is served
/// to the last: one message per call, and flow control that asks the bus what waits unread.
struct BlockingClientTests {
    /// What tools/clients/blocking-* print.
    struct Report: Decodable {
        var keys: Int
        var text_ok: Bool
        var slowest_ms: Double
        var error: String?
    }

    enum Client: String, CaseIterable, Sendable {
        case pythonDBus = "blocking-dbus.py", libdbus = "blocking-libdbus.c", sdBus = "blocking-sdbus.c"

        /// Rounds of 12 keys (안녕 and a space) it types, and hwaljad's arguments. libdbus types
        /// 100,008 keys under the default limits, long enough for hwaljad's memory to show a leak
        /// of 10 bytes a key; the others 25,008 with the smallest `max-unread-kib`, so that
        /// hwaljad checks what they left unread every 8 KiB, twice as often in all as 100,008 keys
        /// at the default 64 KiB, at a quarter of the cost.
        var rounds: (count: Int, daemonArguments: [String]) {
            self == .libdbus ? (8_334, []) : (2_084, ["--max-unread-kib", "16"])
        }

        /// The command that runs it, building a C client into `folder` first.
        func command(in folder: TemporaryFolder) throws -> String {
            let source = packageRoot.appendingPathComponent("tools/clients/\(rawValue)").path
            guard rawValue.hasSuffix(".c") else { return source }
            let library = self == .libdbus ? "dbus-1" : "libsystemd"
            let flags = try runCommand("pkg-config", ["--cflags", "--libs", library])
            try #require(
                flags.status == 0,
                "pkg-config \(library): \(flags.stderr) (tools/install-deps installs its -dev package)")
            let binary = folder.url.appendingPathComponent(rawValue.replacingOccurrences(of: ".c", with: "")).path
            let built = try runCommand(
                "cc",
                ["-O2", "-o", binary, source] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
            try #require(built.status == 0, "cc \(rawValue): \(built.stderr)")
            return binary
        }
    }

    @Test(arguments: Client.allCases)
    func aClientThatOnlyMakesBlockingCallsIsServedForever(_ client: Client) throws {
        let folder = try TemporaryFolder("hwalja-clients")
        let command = try client.command(in: folder)
        let (rounds, arguments) = client.rounds
        let daemon = try PrivateDaemon(arguments)
        // the lexicon, read after start-up, is in "before"
        try DaemonLifecycleTests.waitFor(daemon, "word suggestions:", seconds: 60)
        let before = try #require(daemon.anonymousKilobytes)
        let outcome = try runCommand(command, [daemon.bus.address, String(rounds)], seconds: 600)
        try #require(outcome.status == 0, "\(client.rawValue) failed: \(outcome.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(outcome.stdout.utf8))
        let after = try #require(daemon.anonymousKilobytes)
        print(
            "\(client.rawValue): \(report.keys) keys, slowest reply \(report.slowest_ms) ms; hwaljad anonymous memory \(before) → \(after) KiB"
        )
        #expect(report.error == nil)
        #expect(report.keys == rounds * 12)
        #expect(report.text_ok, "the text was not 안녕 and a space, over and over")
        #expect(report.slowest_ms < 1_000)
        #expect(after - before < 1_024, "hwaljad grew from \(before) to \(after) KiB")
        #expect(!daemon.daemon.stderrSoFar.contains("unread"), "\(daemon.daemon.stderrSoFar)")
    }
}
