import Foundation
import HwaljaTestSupport
import Testing

/// hwalja-keypad as the input method of a wlroots compositor: a headless sway (PrivateSway) with
/// the keypad as its input method (input-method-v2, a layer-shell panel, a virtual keyboard),
/// hwaljad on a private bus composing, and a GTK 4 application on Wayland (tools/gtk4-app.py,
/// text-input-v3; no input framework: HWALJA_FRAMEWORK=none). The keypad's keys are found
/// through AT-SPI by their accessible names and pressed with a virtual pointer
/// (tools/wayland-pointer.py), as a finger taps them. Named so that `--skip RealApplicationTests` leaves it out: the taps are real-time.
@Suite(.serialized)
struct KeypadSwayRealApplicationTests {
    /// A sway session with the keypad as its input method.
    final class Session {
        let sway: PrivateSway
        let daemon: PrivateDaemon
        let keypad: BackgroundProcess
        let pointer: BackgroundProcess
        let accessibility: BackgroundProcess
        private(set) var environment: [String: String]

        /// A `width` × `height` screen; `keypadEnvironment`: the keypad's own (GTK_THEME).
        init(layout: String = "cheonjiin", width: Int = 1024, height: Int = 768, keypadEnvironment: [String: String] = [:]) throws {
            let program = keypadProgram
            guard FileManager.default.isExecutableFile(atPath: program.path) else { throw TestSetupError("hwalja-keypad is not built: swift build") }
            sway = try PrivateSway(width: width, height: height)
            daemon = try PrivateDaemon()
            environment = ProcessInfo.processInfo.environment.merging(sway.environment.merging(daemon.bus.environment) { $1 }) { $1 }
                .merging(["NO_AT_BRIDGE": "0"]) { $1 }
            accessibility = try BackgroundProcess(URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher"), ["--launch-immediately"], environment: environment)
            let pointerSocket = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-pointer-\(UUID().uuidString)").path
            environment["HWALJA_POINTER_SOCKET"] = pointerSocket
            pointer = try BackgroundProcess(packageRoot.appendingPathComponent("tools/wayland-pointer.py"), [pointerSocket], environment: environment)
            keypad = try BackgroundProcess(program, ["--layout", layout], environment: environment.merging(keypadEnvironment) { $1 })
            let deadline = Date().addingTimeInterval(10)
            while !pointer.stdoutSoFar.contains("ready") {
                guard pointer.isRunning, Date() < deadline else { throw TestSetupError("no virtual pointer on sway: \(pointer.stop().stderr)") }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }

        /// Types `keys` (`keypad:NAME`, `keypad-hold:NAME:MS`, `keypad-flick:NAME`, `shot:PATH`
        /// and keys for wtype) into a GTK 4 `field`.
        func type(_ keys: [String], field: String = "text") throws -> RealApplicationTests.Report {
            let outcome = try runProcess(
                packageRoot.appendingPathComponent("tools/gtk4-app.py"), ["--field", field, "hwalja-keypad"] + keys,
                environment: environment.merging(["HWALJA_TYPIST": "wtype", "HWALJA_FRAMEWORK": "none", "GTK_IM_MODULE": "wayland"]) { $1 },
                seconds: 90)
            guard outcome.status == 0 else {
                throw TestSetupError(
                    "gtk4-app.py on sway failed (status \(outcome.status)): \(outcome.stderr)\nkeypad: \(keypad.stderrSoFar.suffix(1500))\npointer: \(pointer.stderrSoFar.suffix(1000))\nsway: \(sway.sway.stderrSoFar.suffix(1500))")
            }
            let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
            return try JSONDecoder().decode(RealApplicationTests.Report.self, from: Data(line.utf8))
        }

        deinit {
            keypad.stop()
            pointer.stop()
            accessibility.stop()
        }
    }

    static func type(_ keys: [String], field: String = "text", suggesting: Bool = false) throws -> RealApplicationTests.Report {
        let session = try Session()
        if suggesting { try session.daemon.bus.waitForSuggestions() }
        return try session.type(keys, field: field)
    }

    static func taps(_ names: [String]) -> [String] { names.map { "keypad:\($0)" } }

    @Test func tapsTypeSentencesAndReturn() throws {
        // 안녕하세요. and ↵: the Return reaches the application through the keypad's virtual keyboard.
        let report = try Self.type(Self.taps(KeypadRealApplicationTests.annyeonghaseyo + ["띄어쓰기", "문장 부호", "줄 바꿈"]), field: "lines")
        #expect(report.text == "안녕하세요.\n", "\(report.events)")
    }

    @Test func aLongPressAndAFlickUpTypeTheDigit() throws {
        let report = try Self.type(Self.taps(["ㄱㅋ", "ㅣ", "ㆍ"]) + ["keypad-hold:ㅇㅁ:800", "keypad-flick:ㄴㄹ"] + Self.taps(["띄어쓰기"]))
        #expect(report.text == "가05 ", "\(report.events)")
    }

    @Test func aHeldBackspaceRepeatsAndStopsAtTheRelease() throws {
        // 가 가 나, then backspace held 1.5 s: 나 goes a keystroke at a time, then a character a
        // repeat (hwaljad's deletions, and backspaces past them through the virtual keyboard);
        // 다 typed after it stays.
        let keys = Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄴㄹ", "ㅣ", "ㆍ"])
            + ["keypad-hold:지우기:1500"] + Self.taps(["ㄷㅌ", "ㅣ", "ㆍ", "띄어쓰기"])
        let report = try Self.type(keys)
        #expect(report.text == "다", "\(report.events)")
    }

    @Test func aSuggestionTapTypesTheWord() throws {
        // 감사 (ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ, 다음, ㅅㅎ ㅣ ㆍ), then 감사합니다 in the row above the keys.
        let keys = Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "ㅇㅁ", "ㅇㅁ", "ㅅㅎ", "ㅣ", "ㆍ", "감사합니다"])
        let report = try Self.type(keys, suggesting: true)
        #expect(report.text == "감사합니다 ", "\(report.events)")
    }

    @Test func theLatinAndSymbolLayersTypeAnAddress() throws {
        let keys = ["ㄱㅋ", "ㅣ", "ㆍ", "영문 자판", "h", "i", "숫자와 기호", "골뱅이", "1", "영문 자판", "대문자", "K", "한글 자판", "ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기"]
        let report = try Self.type(Self.taps(keys))
        #expect(report.text == "가hi@1K가", "\(report.events)")
    }

    @Test func aPasswordFieldGetsTheDigitsAndHwaljadNothing() throws {
        // ㄱㅋ ㅣ ㆍ in a password field: 4 1 2; then Tab to a text field, where they type 가.
        let report = try Self.type(Self.taps(["ㄱㅋ", "ㅣ", "ㆍ"]) + ["Tab"] + Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기"]), field: "password")
        #expect(report.text == "412")
        #expect(report.next == "가")
    }

    @Test func aFocusChangeWhileComposingNeverCarriesTheSyllableToTheNextField() throws {
        // 가 composing, then Tab to the next field. input-method-v2 tells the keypad only after
        // the field is gone (deactivate), when nothing it commits reaches that field any more: the
        // syllable being composed goes with the focus, as with every input method on this
        // protocol (docs/keypad.md). It must not land in the next field, where ㅣ is typed alone.
        let report = try Self.type(Self.taps(["ㄱㅋ", "ㅣ", "ㆍ"]) + ["Tab"] + Self.taps(["ㅣ", "띄어쓰기"]), field: "form")
        #expect(report.text == "", "\(report.events)")
        #expect(report.next == "ㅣ")
    }

    @Test func theHideKeyFoldsTheKeypadToAKeyThatBringsItBack() throws {
        // 가, ⌨ (가 is committed, the keypad folds to one key), that key: the keys are back, and
        // type 나 after 가.
        let keys = Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "자판 숨기기", "자판 보이기", "ㄴㄹ", "ㅣ", "ㆍ", "띄어쓰기"])
        let report = try Self.type(keys)
        #expect(report.text == "가나", "\(report.events)")
    }

    /// The docs' pictures of the keypad on sway (docs/images/keypad-sway*.png): a panel along the
    /// bottom of a landscape screen, light, and of an upright phone's, dark, while 안녕 is typed
    /// and its suggestions show.
    @Test(arguments: [
        ("keypad-sway.png", 1024, 768, [String: String]()),
        ("keypad-sway-portrait-dark.png", 540, 960, ["GTK_THEME": "Adwaita:dark"]),
    ])
    func aScreenshotShowsTheKeypadBelowTheField(name: String, width: Int, height: Int, theme: [String: String]) throws {
        let shot = try Screenshot(named: name)
        let session = try Session(width: width, height: height, keypadEnvironment: theme)
        try session.daemon.bus.waitForSuggestions()
        let report = try session.type(Self.taps(Array(KeypadRealApplicationTests.annyeonghaseyo.prefix(10))) + [shot.key])
        #expect(report.text == "안", "녕 is still being composed, in the preedit")
        #expect(try shot.size() == [width, height])
        #expect(try shot.colours() > 16)
    }
}
