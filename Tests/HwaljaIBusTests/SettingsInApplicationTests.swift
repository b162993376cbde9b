import Foundation
import HwaljaTestSupport
import Testing

/// The user's settings file and the two IBus engines in a real GTK 3 application
/// (tools/gtk-entry.py on xvfb-run, keys from xdotool): what a user changes without root takes
/// effect in the application, and hwalja-keypad types by keypad position.
@Suite(.serialized)
struct SettingsInApplicationTests {
    /// Types `keys` into a Gtk.Entry with IBus engine `engine` (xdotool's `key` arguments, which may
    /// chain `keydown K sleep S keyup K key ...`); returns the entry's text.
    static func type(_ ibus: PrivateIBus, engine: String, _ keys: [String]) throws -> String {
        let outcome = try runCommand(
            "xvfb-run", ["-a", packageRoot.appendingPathComponent("tools/gtk-entry.py").path, engine] + keys,
            environment: ibus.environment.merging(["GTK_IM_MODULE": "ibus"]) { $1 }
        )
        guard outcome.status == 0 else { throw TestSetupError("gtk-entry.py failed: \(outcome.stderr)\nibus-daemon: \(ibus.daemon.stderrSoFar)") }
        struct Entry: Decodable { var text: String }
        return try JSONDecoder().decode(Entry.self, from: Data(outcome.stdout.utf8)).text
    }

    @Test func theSettingsFileSetsTheLongPressAndTheKeymapOfTheHwaljaEngine() throws {
        let ibus = try PrivateIBus()
        let folder = ibus.configDirectory.appendingPathComponent("hwalja")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "long-press = 2000\nkeymap = keypad-position\n".write(to: folder.appendingPathComponent("hwalja.conf"), atomically: true, encoding: .utf8)
        // KP_0 KP_7 KP_8 KP_5 by position is ㅇ ㅣ ㆍ ㄴ: 안 (xdotool sends Shift around a keypad
        // digit, which must not end the syllable). Keypad 4 held 1 s: under the 2000 ms long press
        // it stays ㄱ, and KP_7 makes 기 (the default, 500 ms, would have typed 4).
        let text = try Self.type(ibus, engine: "hwalja", ["KP_0", "KP_7", "KP_8", "KP_5", "keydown", "KP_4", "sleep", "1", "keyup", "KP_4", "key", "KP_7", "space"])
        #expect(text == "안기")
    }

    @Test func theKeypadEngineTypesByPositionWhateverTheSettingsSay() throws {
        let ibus = try PrivateIBus()
        let text = try Self.type(ibus, engine: "hwalja-keypad", ["KP_0", "KP_7", "KP_8", "KP_5", "space"])
        #expect(text == "안")
    }
}
