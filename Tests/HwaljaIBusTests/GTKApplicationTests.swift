import Foundation
import HwaljaTestSupport
import Testing

/// hwalja in a real GTK 3 application (tools/gtk-entry.py: a Gtk.Entry with GTK's IBus module) on
/// a headless X server of its own (xvfb-run), typed into by xdotool through the X server.
struct GTKApplicationTests {
    /// What tools/gtk-entry.py reports.
    struct Entry: Decodable {
        /// The entry's text.
        var text: String
        /// Every change to it, in order: `["insert", text]` or `["delete", text]`.
        var events: [[String]]
    }

    @Test func backspaceTakesBackWhatTheEntryWasGiven() throws {
        let ibus = try PrivateIBus()
        // 하다 BS BS: 하 was committed when 다 began; GTK deletes it when asked, and 핟 replaces it.
        let keys = ["8", "8", "1", "2", "6", "1", "2", "BackSpace", "BackSpace", "space"]
        let outcome = try runCommand(
            "xvfb-run", ["-a", packageRoot.appendingPathComponent("tools/gtk-entry.py").path, "hwalja"] + keys,
            environment: ibus.environment.merging(["GTK_IM_MODULE": "ibus"]) { $1 }
        )
        guard outcome.status == 0 else { throw TestSetupError("gtk-entry.py failed: \(outcome.stderr)\nibus-daemon: \(ibus.daemon.stderrSoFar)") }
        let entry = try JSONDecoder().decode(Entry.self, from: Data(outcome.stdout.utf8))
        #expect(entry.text == "핟")
        #expect(entry.events == [["insert", "하"], ["delete", "하"], ["insert", "핟"]])
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }
}
