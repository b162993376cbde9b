import Foundation
import HwaljaTestSupport
import Testing

/// hwalja's IBus engine in GNOME on Wayland: a headless GNOME Shell (PrivateGnomeShell) that
/// starts ibus-daemon and selects hwalja from its input sources, as a desktop does, a GTK 4
/// application on Wayland (tools/gtk4-app.py: text-input-v3 to mutter, which hands the field to
/// the shell's IBus client) and keys through mutter's remote-desktop API (tools/mutter-keys.py).
/// Only with HWALJA_TEST_INSTALLED=1 (tools/test): the shell's ibus-daemon runs the installed
/// package's engine. Named so that `--skip RealApplicationTests` leaves it out: the keys are
/// real-time.
@Suite(
    .serialized,
    .enabled(
        if: RealApplicationTests.installed, "GNOME's ibus-daemon runs the installed engine: HWALJA_TEST_INSTALLED=1"))
struct GnomeRealApplicationTests {
    /// Types `keys` (keysym names, `hold:KEY:MS`, `down:KEY`) into a GTK 4 `field` in GNOME, or
    /// into another application's (`script`: tools/chromium-app.py); `environment`: more of the harness's.
    static func type(
        _ keys: [String], field: String = "text", script: String = "tools/gtk4-app.py",
        environment: [String: String] = [:]
    ) throws -> (ApplicationReport, PrivateGnomeShell) {
        try RealApplicationTests.systemCacheWritten.get()
        let gnome = try PrivateGnomeShell()
        let outcome = try gnome.run(
            packageRoot.appendingPathComponent(script).path, ["--field", field, "hwalja"] + keys,
            environment: ["HWALJA_TYPIST": "mutter", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"].merging(environment) {
                $1
            }, seconds: 90)
        guard outcome.status == 0 else {
            throw TestSetupError(
                "gtk4-app.py in GNOME failed (status \(outcome.status)): \(outcome.stderr)\ngnome-shell: \(gnome.log.suffix(3000))"
            )
        }
        return (try ApplicationReport(harnessOutput: outcome.stdout), gnome)
    }

    @Test func sentencesWithSpacePunctuationAndReturn() throws {
        let (report, _) = try Self.type(Sentences.keys, field: "lines")
        #expect(report.text == Sentences.text)
    }

    @Test func aLongPressTypesTheDigit() throws {
        let (report, _) = try Self.type(["4", "1", "2", "hold:0:800", "0", "1", "2", "space"])
        #expect(report.text == "가0아")
    }

    @Test(arguments: [
        (["4", "1", "2", "space", "4", "1", "2", "hold:BackSpace:2000", "5", "1", "2", "space"], "나"),
        (["0", "1", "2", "5", "space", "space", "hold:BackSpace:1500", "5", "1", "2", "space"], "나")
    ])
    func aHeldBackspaceDeletesBackThroughTheText(keys: [String], text: String) throws {
        let (report, _) = try Self.type(keys)
        #expect(report.text == text, "\(report.events)")
    }

    @Test func backspaceTakesBackATypedSyllable() throws {
        let (report, _) = try Self.type(["8", "8", "1", "2", "6", "1", "2", "BackSpace", "BackSpace", "space"])
        #expect(report.text == "핟", "\(report.events)")
    }

    @Test func takingBackDeletesOnlyWhatItTakesBack() throws {
        // 가나 before 하다: backspace takes back 하 (one character, three bytes in text-input-v3)
        // and 가나 stay.
        let (report, _) = try Self.type([
            "4", "1", "2", "space", "5", "1", "2", "space", "8", "8", "1", "2", "6", "1", "2", "BackSpace", "BackSpace",
            "space"
        ])
        #expect(report.text == "가나핟", "\(report.events)")
    }

    @Test func aShortHeldBackspaceDeletesOneCharacterPastTheSyllable() throws {
        // 가나다 typed, 라 composing; BackSpace held 650 ms: it undoes ㆍ, erases 리 at 500 ms and
        // deletes 다 at 600 ms, then comes up.
        let (report, _) = try Self.type([
            "4", "1", "2", "space", "5", "1", "2", "space", "6", "1", "2", "space", "5", "5", "1", "2",
            "hold:BackSpace:650"
        ])
        #expect(report.text == "가나", "\(report.events)")
    }

    @Test func theKeypadTypesWithNumLockOff() throws {
        // NumLock is off here: the keypad sends KP_Insert KP_End KP_Down KP_Begin for 0 1 2 5, and
        // types 안 as with NumLock on.
        let (report, _) = try Self.type(["KP_Insert", "KP_End", "KP_Down", "KP_Begin", "space"])
        #expect(report.text == "안", "\(report.events)")
    }

    @Test func pickingASuggestionByKeyReplacesTheWordTyped() throws {
        // 감사, then Down picks the first suggestion, which GNOME Shell shows in its candidate popup.
        let (report, _) = try Self.type(["4", "1", "2", "0", "0", "8", "1", "2", "Down"])
        #expect(report.text == "감사합니다 ", "\(report.events)")
    }

    /// GNOME Shell hands IBus's count of characters to delete on as text-input-v3's count of
    /// bytes, which foot and Chromium read as bytes: a pick once left 감 of 감사 (감감사합니다),
    /// and now types the rest of the word, never asking GNOME Shell to delete.
    @Test(arguments: WaylandApplication.allCases, TypingCase.allButTheClick)
    func everyCaseIsTypedAsWritten(_ application: WaylandApplication, _ typing: TypingCase) throws {
        let (report, _) = try Self.type(
            typing.keys, field: application.field, script: application.script, environment: typing.environment)
        #expect(report.text == typing.text, "\(report.events)")
    }

    @Test func aFocusChangeWhileComposingKeepsTheSyllableOnce() throws {
        let (report, _) = try Self.type(["4", "1", "2", "Tab", "1", "space"], field: "form")
        #expect(report.text == "가")
        #expect(report.next == "ㅣ")
    }

    @Test func digitsPassThroughAPasswordField() throws {
        let (report, _) = try Self.type(["1", "2", "3", "4", "Tab", "0", "1", "2", "5", "space"], field: "password")
        #expect(report.text == "1234")
        #expect(report.next == "안")
    }
}
