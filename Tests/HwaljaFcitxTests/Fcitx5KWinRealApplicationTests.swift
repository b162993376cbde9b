import Foundation
import HwaljaTestSupport
import Testing

/// hwalja through fcitx5 in KDE Plasma's compositor: a headless KWin (PrivateKWin) that starts
/// fcitx5 as its input method (input-method-v1), a GTK 4 application on Wayland (text-input-v3)
/// and keys through KWin's fake-input protocol (tools/kwin-keys.py). Only with
/// HWALJA_TEST_INSTALLED=1 (tools/test): the session's fcitx5 loads the installed addon. Named so that `--skip RealApplicationTests` leaves it
/// out: the keys are real-time.
@Suite(
    .serialized,
    .enabled(if: Fcitx5EndToEndTests.installed, "KWin's fcitx5 runs the installed addon: HWALJA_TEST_INSTALLED=1"))
struct Fcitx5KWinRealApplicationTests {
    /// Types `keys` (key names, `hold:KEY:MS`, `down:KEY`, and the keypad's `keypad:NAME` …)
    /// into a GTK 4 `field` in `kwin` (a new one unless given); `besides`: what else ran in the
    /// session, whose standard error a failure quotes.
    static func type(
        _ keys: [String], field: String = "text", in kwin: PrivateKWin? = nil, besides: BackgroundProcess? = nil
    ) throws -> ApplicationReport {
        let kwin = try kwin ?? PrivateKWin()
        let outcome = try kwin.run(
            packageRoot.appendingPathComponent("tools/gtk4-app.py").path, ["--field", field, "hwalja"] + keys,
            environment: [
                "HWALJA_TYPIST": "kwin", "HWALJA_FRAMEWORK": "fcitx5", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1",
                "HWALJA_SCREEN_SIZE": "1024x768"
            ],
            seconds: 90)
        guard outcome.status == 0 else {
            let other = besides.map { "\nbesides: \($0.stderrSoFar.suffix(1500))" } ?? ""
            throw TestSetupError(
                "gtk4-app.py in KWin failed (status \(outcome.status)): \(outcome.stderr)\(other)\nkwin: \(kwin.log.suffix(3000))"
            )
        }
        return try ApplicationReport(harnessOutput: outcome.stdout)
    }

    @Test func sentencesWithSpacePunctuationAndReturn() throws {
        let report = try Self.type(Sentences.keys, field: "lines")
        #expect(report.text == Sentences.text, "\(report.events)")
    }

    @Test func aLongPressTypesTheDigit() throws {
        let report = try Self.type(["4", "1", "2", "hold:0:800", "0", "1", "2", "space"])
        #expect(report.text == "가0아")
    }

    @Test func aHeldBackspaceDeletesBackThroughTheText() throws {
        let report = try Self.type([
            "4", "1", "2", "space", "4", "1", "2", "hold:BackSpace:2000", "5", "1", "2", "space"
        ])
        #expect(report.text == "나", "\(report.events)")
    }

    @Test func backspaceTakesBackATypedSyllable() throws {
        // As on sway, 하 stays in the preedit while backspace may take it back (docs/wayland.md).
        let report = try Self.type(["8", "8", "1", "2", "6", "1", "2", "BackSpace", "BackSpace", "space"])
        #expect(report.text == "핟", "\(report.events)")
    }

    @Test func aFocusChangeWhileComposingKeepsTheSyllableOnce() throws {
        let report = try Self.type(["4", "1", "2", "Tab", "1", "space"], field: "form")
        #expect(report.text == "가")
        #expect(report.next == "ㅣ")
    }

    @Test func digitsPassThroughAPasswordField() throws {
        let report = try Self.type(["1", "2", "3", "4", "Tab", "0", "1", "2", "5", "space"], field: "password")
        #expect(report.text == "1234")
        #expect(report.next == "안")
    }

    @Test func pickingASuggestionByKeyReplacesTheWordTyped() throws {
        let report = try Self.type(["4", "1", "2", "0", "0", "8", "1", "2", "Down"])
        #expect(report.text == "감사합니다 ", "\(report.events)")
    }

    @Test func theKeypadTypesWithNumLockOff() throws {
        let report = try Self.type(["KP_Insert", "KP_End", "KP_Down", "KP_Begin", "space"])
        #expect(report.text == "안", "\(report.events)")
    }

    /// hwalja-keypad in KDE Plasma: a layer-shell panel whose keys reach fcitx5 (hwalja selected)
    /// through KWin's fake input, which KWin offers the installed keypad as its desktop file asks.
    /// Its keys are found through AT-SPI and clicked with KWin's fake pointer.
    @Test func theOnScreenKeypadTypesThroughKWinsFakeInput() throws {
        let kwin = try PrivateKWin()
        let accessibility = try kwin.start("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"])
        // The keypad's AT-SPI bridge asks for the accessibility bus once, as it starts.
        try accessibility.waitUntil("accessibility bus") {
            try DesktopUser.busHasOwner("org.a11y.Bus", environment: kwin.environment)
        }
        let keypad = try kwin.start(keypadProgram.path, [])
        defer {
            keypad.stop()
            accessibility.stop()
        }
        // 안녕 and a space, a long press's 0, 12 on the symbol layer (typed past hwalja, whose 1
        // and 2 are ㅣ and ㆍ), back on the Korean keys 가 and a space (two quick taps: GTK's
        // double click is two presses, not three), then 감사 and 감사합니다 tapped in the panel's
        // row of suggestions, which the addon fills.
        let names = ["ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "다음 글자", "ㄴㄹ", "ㆍ", "ㆍ", "ㅣ", "ㅇㅁ", "띄어쓰기"]
        let keys =
            names.map { "keypad:\($0)" } + ["keypad-hold:ㅇㅁ:800"]
            + ["숫자와 기호", "1", "2", "영문 자판", "한글 자판", "ㄱㅋ", "ㅣ", "ㆍ"].map { "keypad:\($0)" } + ["keypad-double:띄어쓰기"]
            + ["ㄱㅋ", "ㅣ", "ㆍ", "ㅇㅁ", "ㅇㅁ", "ㅅㅎ", "ㅣ", "ㆍ", "감사합니다"].map { "keypad:\($0)" }
        let report = try Self.type(keys, in: kwin, besides: keypad)
        #expect(report.text == "안녕012가 감사합니다 ", "\(report.events)")
    }
}
