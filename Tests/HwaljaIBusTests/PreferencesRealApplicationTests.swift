import Foundation
import HwaljaTestSupport
import Testing

/// hwalja's Preferences on a headless X server with hwaljad, driven through AT-SPI
/// (tools/preferences_session.py) as a screen reader or switch access drives it: this checkout's
/// program, or the installed one with HWALJA_TEST_INSTALLED=1. (RealApplicationTests has the
/// Preferences changing what the IBus engine does.)
struct PreferencesRealApplicationTests {
    /// Runs tools/preferences_session.py with `arguments` beside hwaljad, whose settings file is
    /// `settings`; returns what it printed and the file afterwards.
    static func drive(_ arguments: [String], settings: String) throws -> (ProcessOutcome, String) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("config/hwalja/hwalja.conf")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try settings.write(to: file, atomically: true, encoding: .utf8)
        let daemon = try PrivateDaemon(environment: [
            "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path
        ])
        var environment = daemon.bus.environment
        if !RealApplicationTests.installed {
            environment["HWALJA_PREFERENCES"] =
                packageRoot.appendingPathComponent("Sources/hwalja-preferences/hwalja-preferences").path
        }
        let outcome = try runningHarness {
            try runCommand(
                "xvfb-run",
                [
                    "-a", "-s", "-screen 0 1000x800x24", "/usr/bin/python3",
                    packageRoot.appendingPathComponent("tools/preferences_session.py").path
                ] + arguments,
                environment: environment, seconds: 60)
        }
        return (outcome, try String(contentsOf: file, encoding: .utf8))
    }

    /// A value hwaljad refuses, typed into a text row with Enter: the program shows hwaljad's
    /// message, which quotes it, the row shows the value in use again, and the file stays as the
    /// user wrote it.
    @Test func aRefusedValueIsSaidAndTheFileStaysAsItWas() throws {
        let (outcome, file) = try Self.drive(["--refused", "auto-next", "soon"], settings: "# mine\nauto-next = off\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.contains("\"soon\" is not a valid auto-next (milliseconds 1-60000 or off)"),
            "\(outcome.stdout)")
        #expect(
            !outcome.stdout.contains("GDBus.Error"),
            "the message is hwaljad's, without GLib's prefix: \(outcome.stdout)")
        #expect(file == "# mine\nauto-next = off\n")
    }

    /// A good value in a text row and a switch: each written through hwaljad, the user's lines kept.
    @Test func aTextRowAndASwitchChangeTheFile() throws {
        let (text, afterText) = try Self.drive(["auto-next", "900"], settings: "# mine\nauto-next = off\n")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(afterText == "# mine\nauto-next = 900\n")
        let (toggle, afterToggle) = try Self.drive(["space-inserts", "true"], settings: "# mine\n")
        #expect(toggle.status == 0, "\(toggle.stderr)")
        #expect(afterToggle == "# mine\nspace-inserts = true\n")
    }
}
