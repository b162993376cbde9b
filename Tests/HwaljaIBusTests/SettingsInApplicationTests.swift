import Foundation
import HwaljaTestSupport
import Testing

/// The user's settings file and the two IBus engines in a real GTK 3 application
/// (tools/gtk3-app.py on xvfb-run, keys from xdotool): what a user changes without root takes
/// effect in the application, and hwalja-keypad types by keypad position.
@Suite(.serialized)
struct SettingsInApplicationTests {
    /// Types `keys` into a Gtk.Entry with IBus engine `engine` (tools/app_session.py's keys:
    /// xdotool names, `hold:KEY:MS`); returns the entry's text.
    static func type(_ ibus: PrivateIBus, engine: String, _ keys: [String]) throws -> String {
        let outcome = try runCommand(
            "xvfb-run", ["-a", "-s", "-screen 0 1280x800x24", packageRoot.appendingPathComponent("tools/gtk3-app.py").path, engine] + keys,
            environment: ibus.environment.merging(["GTK_IM_MODULE": "ibus"]) { $1 }
        )
        guard outcome.status == 0 else { throw TestSetupError("gtk3-app.py failed: \(outcome.stderr)\nibus-daemon: \(ibus.daemon.stderrSoFar)") }
        struct Entry: Decodable { var text: String }
        let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return try JSONDecoder().decode(Entry.self, from: Data(line.utf8)).text
    }

    @Test func theSettingsFileSetsTheLongPressAndTheKeymapOfTheHwaljaEngine() throws {
        let ibus = try PrivateIBus()
        let folder = ibus.configDirectory.appendingPathComponent("hwalja")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "long-press = 300\nkeymap = keypad-position\n".write(to: folder.appendingPathComponent("hwalja.conf"), atomically: true, encoding: .utf8)
        // KP_0 KP_7 KP_8 KP_5 by position is ㅇ ㅣ ㆍ ㄴ: 안 (xdotool sends Shift around a keypad
        // digit, which must not end the syllable). Keypad 4 held 400 ms, past the file's 300 ms long
        // press (and before the X server's autorepeat, at 660 ms), types 4; the default, 500 ms,
        // would have made ㄱ and then 기 with KP_7.
        let text = try Self.type(ibus, engine: "hwalja", ["KP_0", "KP_7", "KP_8", "KP_5", "hold:KP_4:400", "KP_7", "space"])
        #expect(text == "안4ㅣ")
    }

    @Test func theKeypadEngineTypesByPositionWhateverTheSettingsSay() throws {
        let ibus = try PrivateIBus()
        let text = try Self.type(ibus, engine: "hwalja-keypad", ["KP_0", "KP_7", "KP_8", "KP_5", "space"])
        #expect(text == "안")
    }
}
