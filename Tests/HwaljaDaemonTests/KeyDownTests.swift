import Foundation
import HwaljaTestSupport
import Testing

/// Letters on key-down through hwaljad's `org.hwalja.InputContext1`, driven by an input framework
/// in python3-dbus (tools/clients/key-events-dbus.py): the letter shows while its key is still
/// down, a long press leaves the digit alone, and the answer to a press says how its release
/// will be answered, so a framework need not wait for it.
struct KeyDownTests {
    struct Report: Decodable {
        var text: String
        var preedit: String
        var events: [String]
    }

    static func type(_ events: [String], daemon arguments: [String] = []) throws -> Report {
        let daemon = try PrivateDaemon(arguments)
        let client = packageRoot.appendingPathComponent("tools/clients/key-events-dbus.py").path
        let outcome = try runCommand(client, [daemon.bus.address] + events, seconds: 60)
        try #require(outcome.status == 0, "key-events-dbus.py failed: \(outcome.stderr)")
        var report = try JSONDecoder().decode(Report.self, from: Data(outcome.stdout.utf8))
        // Suggestions come once hwaljad has read its word list, in the background: a first key
        // may find it read or not (an idle machine, a busy one). Not what these tests look at.
        report.events.removeAll { $0.hasPrefix("SuggestionsChanged") }
        return report
    }

    @Test func aLetterShowsWhileItsKeyIsStillDown() throws {
        let report = try Self.type(["DOWN:KP_4"])
        #expect(report.events == ["UpdatePreedit ㄱ 1", "DOWN:KP_4 -> handled 1 release 1"])
        #expect(report.preedit == "ㄱ")
    }

    @Test func aKeyHeldPastTheLongPressLeavesItsDigitAlone() throws {
        let report = try Self.type(["DOWN:KP_1", "UP:KP_1", "DOWN:KP_4", "WAIT:1200", "UP:KP_4"])
        // ㅣ, then ㄱ shown at once; 600 ms on, the ㄱ is taken back and the digit typed after 이.
        #expect(report.text + report.preedit == "ㅣ4")
        let shown = try #require(
            report.events.firstIndex { $0.hasPrefix("UpdatePreedit") && $0.contains("ㄱ") }, "\(report.events)")
        #expect(shown < report.events.firstIndex(of: "DOWN:KP_4 -> handled 1 release 1") ?? 0)
        #expect(report.events.last == "UP:KP_4 -> handled 1 release 0")
    }

    @Test func withLettersOnReleaseTheLetterWaitsForTheKeyToComeUp() throws {
        let report = try Self.type(["DOWN:KP_4"], daemon: ["--letters-on", "release"])
        #expect(report.events == ["DOWN:KP_4 -> handled 1 release 0"])
        #expect(report.preedit == "")
    }

    @Test func theAnswerToAPressSaysWhoseItsReleaseIs() throws {
        // A backspace with nothing to delete is the application's, and so is its release.
        let report = try Self.type(["DOWN:BackSpace", "UP:BackSpace", "DOWN:KP_4", "UP:KP_4"])
        #expect(report.events.contains("DOWN:BackSpace -> handled 0 release 2"))
        #expect(report.events.contains("UP:BackSpace -> handled 0 release 0"))
        #expect(report.events.contains("DOWN:KP_4 -> handled 1 release 1"))
    }
}
