import Foundation
import HwaljaTestSupport
import Testing

/// hwalja-keypad as the input method of a wlroots compositor: a headless sway (PrivateSway) or
/// phoc, Phosh's compositor (PrivatePhoc), with the keypad as its input method (input-method-v2,
/// a layer-shell panel, a virtual keyboard), hwaljad on a private bus composing, and a GTK 4
/// application on Wayland (tools/gtk4-app.py, text-input-v3; no input framework:
/// HWALJA_FRAMEWORK=none). The keypad's keys are found through AT-SPI by their accessible names
/// and pressed with a virtual pointer (tools/wayland-pointer.py), as a finger taps them. Named so
/// that `--skip RealApplicationTests` leaves it out: the taps are real-time.
@Suite(.serialized)
struct KeypadWaylandRealApplicationTests {
    /// The compositors the keypad is tested in.
    enum Compositor: String, CaseIterable, CustomTestStringConvertible {
        case sway, phoc
        var testDescription: String { rawValue }
    }

    /// A session of `compositor` with the keypad as its input method.
    final class Session {
        let kind: Compositor
        /// The compositor (PrivateSway or PrivatePhoc), kept running with the session.
        private let compositor: AnyObject
        private let compositorLog: () -> String
        let daemon: PrivateDaemon
        let keypad: BackgroundProcess
        let pointer: BackgroundProcess
        let accessibility: BackgroundProcess
        let environment: [String: String]
        /// The keypad's `XDG_DATA_HOME`: its recent emoji are kept there.
        let data: TemporaryFolder

        /// The keypad's file of recent emoji.
        var recentEmoji: URL { data.url.appendingPathComponent("hwalja/recent-emoji") }

        /// A screen of sway's 1024 × 768 or phoc's phone, 360 × 720 logical pixels at scale 2;
        /// `keypadEnvironment`: the keypad's own (GTK_THEME).
        init(_ kind: Compositor = .sway, keypadEnvironment: [String: String] = [:]) throws {
            let program = keypadProgram
            guard FileManager.default.isExecutableFile(atPath: program.path) else {
                throw TestSetupError("hwalja-keypad is not built: swift build")
            }
            self.kind = kind
            let screen: (width: Int, height: Int)
            let compositorEnvironment: [String: String]
            switch kind {
            case .sway:
                screen = (1024, 768)
                let sway = try PrivateSway(width: screen.width, height: screen.height)
                (compositor, compositorEnvironment, compositorLog) = (sway, sway.environment, { sway.log })
            case .phoc:
                screen = (360, 720)
                let phoc = try PrivatePhoc(width: screen.width * 2, height: screen.height * 2, scale: 2)
                (compositor, compositorEnvironment, compositorLog) = (phoc, phoc.environment, { phoc.log })
            }
            let daemon = try PrivateDaemon()
            self.daemon = daemon
            let pointerSocket = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hwalja-pointer-\(UUID().uuidString)"
            ).path
            environment = ProcessInfo.processInfo.environment.merging(
                compositorEnvironment.merging(daemon.bus.environment) { $1 }
            ) { $1 }
            .merging([
                "NO_AT_BRIDGE": "0", "HWALJA_SCREEN_SIZE": "\(screen.width)x\(screen.height)",
                "HWALJA_POINTER_SOCKET": pointerSocket
            ]) { $1 }
            accessibility = try BackgroundProcess(
                URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher"), ["--launch-immediately"],
                environment: environment)
            // The keypad's AT-SPI bridge asks for the accessibility bus once, as it starts.
            try accessibility.waitUntil("accessibility bus") { daemon.bus.hasOwner("org.a11y.Bus") }
            let pointer = try BackgroundProcess(
                packageRoot.appendingPathComponent("tools/wayland-pointer.py"), [pointerSocket],
                environment: environment)
            self.pointer = pointer
            data = try TemporaryFolder()
            keypad = try BackgroundProcess(
                program, [],
                environment: environment.merging(["XDG_DATA_HOME": data.url.path]) { $1 }.merging(keypadEnvironment) {
                    $1
                })
            try pointer.waitUntil("virtual pointer on \(kind)") { pointer.stdoutSoFar.contains("ready") }
        }

        /// Types `keys` (`keypad:NAME`, `keypad-hold:NAME:MS`, `keypad-flick:NAME`, `shot:PATH`
        /// and keys for wtype) into a GTK 4 `field`.
        func type(_ keys: [String], field: String = "text") throws -> ApplicationReport {
            let outcome = try runProcess(
                packageRoot.appendingPathComponent("tools/gtk4-app.py"), ["--field", field, "hwalja-keypad"] + keys,
                environment: environment.merging([
                    "HWALJA_TYPIST": "wtype", "HWALJA_FRAMEWORK": "none", "GTK_IM_MODULE": "wayland"
                ]) { $1 },
                seconds: 90)
            guard outcome.status == 0 else {
                throw TestSetupError(
                    "gtk4-app.py on \(kind) failed (status \(outcome.status)): \(outcome.stderr)\nkeypad: \(keypad.stderrSoFar.suffix(1500))\npointer: \(pointer.stderrSoFar.suffix(1000))\n\(kind): \(compositorLog().suffix(1500))"
                )
            }
            return try ApplicationReport(harnessOutput: outcome.stdout)
        }

        deinit {
            keypad.stop()
            pointer.stop()
            accessibility.stop()
        }
    }

    static func type(
        _ keys: [String], field: String = "text", suggesting: Bool = false, in compositor: Compositor = .sway
    ) throws
        -> ApplicationReport
    {
        let session = try Session(compositor)
        if suggesting { try session.daemon.bus.waitForSuggestions() }
        return try session.type(keys, field: field)
    }

    static func taps(_ names: [String]) -> [String] { names.map { "keypad:\($0)" } }

    @Test(arguments: Compositor.allCases)
    func tapsTypeSentencesAndReturn(in compositor: Compositor) throws {
        // 안녕하세요. and ↵: the Return reaches the application through the keypad's virtual keyboard.
        let report = try Self.type(
            Self.taps(KeypadRealApplicationTests.annyeonghaseyo + ["띄어쓰기", "문장 부호", "줄 바꿈"]), field: "lines",
            in: compositor)
        #expect(report.text == "안녕하세요.\n", "\(report.events)")
    }

    @Test(arguments: Compositor.allCases)
    func aLongPressAndAFlickUpTypeTheDigit(in compositor: Compositor) throws {
        let report = try Self.type(
            Self.taps(["ㄱㅋ", "ㅣ", "ㆍ"]) + ["keypad-hold:ㅇㅁ:800", "keypad-flick:ㄴㄹ"] + Self.taps(["띄어쓰기"]),
            in: compositor)
        #expect(report.text == "가05 ", "\(report.events)")
    }

    /// A drag along the space bar moves the cursor (the virtual keyboard's ←), as on phones: 다
    /// lands between 가 and 나 (``KeypadRealApplicationTests/aDragAlongTheSpaceBarMovesTheCursor()``).
    @Test(arguments: Compositor.allCases)
    func aDragAlongTheSpaceBarMovesTheCursor(in compositor: Compositor) throws {
        let keys =
            Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄴㄹ", "ㅣ", "ㆍ"]) + ["keypad-drag:띄어쓰기:-30"]
            + Self.taps(["ㄷㅌ", "ㅣ", "ㆍ", "띄어쓰기"])
        let report = try Self.type(keys, in: compositor)
        #expect(report.text == "가다나", "\(report.events)")
    }

    @Test(arguments: Compositor.allCases)
    func aHeldBackspaceRepeatsAndStopsAtTheRelease(in compositor: Compositor) throws {
        // 가 가 나, then backspace held 1.5 s: 나 goes a keystroke at a time, then a character a
        // repeat (hwaljad's deletions, and backspaces past them through the virtual keyboard);
        // 다 typed after it stays.
        let keys =
            Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄴㄹ", "ㅣ", "ㆍ"])
            + ["keypad-hold:지우기:1500"] + Self.taps(["ㄷㅌ", "ㅣ", "ㆍ", "띄어쓰기"])
        let report = try Self.type(keys, in: compositor)
        #expect(report.text == "다", "\(report.events)")
    }

    @Test(arguments: Compositor.allCases)
    func aSuggestionTapTypesTheWord(in compositor: Compositor) throws {
        // 감사 (ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ, 다음, ㅅㅎ ㅣ ㆍ), then 감사합니다 in the row above the keys.
        let keys = Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "ㅇㅁ", "ㅇㅁ", "ㅅㅎ", "ㅣ", "ㆍ", "감사합니다"])
        let report = try Self.type(keys, suggesting: true, in: compositor)
        #expect(report.text == "감사합니다 ", "\(report.events)")
    }

    /// Next-word prediction in the keypad's row on sway: 감사합니다 (picked) 네 typed, then
    /// 감사합니다 picked again: 네 shows in the row, and a tap on it types it.
    @Test func aTapOnAPredictedWordTypesIt() throws {
        let gamsa = ["ㄱㅋ", "ㅣ", "ㆍ", "ㅇㅁ", "ㅇㅁ", "ㅅㅎ", "ㅣ", "ㆍ"]
        let keys = Self.taps(
            gamsa + ["감사합니다", "ㄴㄹ", "ㆍ", "ㅣ", "ㅣ", "띄어쓰기", "띄어쓰기"] + gamsa + ["감사합니다", "네"])
        let report = try Self.type(keys, suggesting: true)
        #expect(report.text == "감사합니다 네 감사합니다 네 ", "\(report.events)")
    }

    /// 천지인 taps of 한국 (ㅎ ㅏ ㄴ ㄱ ㅜ ㄱ).
    static let hanguk = taps(["ㅅㅎ", "ㅅㅎ", "ㅣ", "ㆍ", "ㄴㄹ", "ㄱㅋ", "ㅡ", "ㆍ", "ㄱㅋ"])

    /// The conversion key on the keypad: 한국 typed, 漢 (named 한자) shows at the end of the row;
    /// tapped, the list takes the keys' place, and a tap on 韓國 types it; the keys come back.
    /// Then 학, 한자 and ✕ (한자 닫기): 학 stays as it was, and 띄어쓰기 ends it (a space after a
    /// syllable only ends it, in 천지인).
    @Test func theHanjaKeyListsTheWordsHanjaAndATapTypesOne() throws {
        let keys =
            Self.hanguk + Self.taps(["한자", "韓國", "띄어쓰기", "ㅅㅎ", "ㅅㅎ", "ㅣ", "ㆍ", "ㄱㅋ", "한자", "한자 닫기", "띄어쓰기"])
        let report = try Self.type(keys)
        #expect(report.text == "韓國 학", "\(report.events)")
    }

    @Test func theLatinAndSymbolLayersTypeAnAddress() throws {
        let keys = [
            "ㄱㅋ", "ㅣ", "ㆍ", "영문 자판", "h", "i", "숫자와 기호", "골뱅이", "1", "영문 자판", "대문자", "K", "한글 자판", "ㄱㅋ", "ㅣ", "ㆍ",
            "띄어쓰기"
        ]
        let report = try Self.type(Self.taps(keys))
        #expect(report.text == "가hi@1K가", "\(report.events)")
    }

    /// The emoji page on sway, as on X11: ☺ (이모지), a category's tab, an emoji; back to 한.
    @Test func theEmojiPageTypesAnEmoji() throws {
        let keys = ["ㄱㅋ", "ㅣ", "ㆍ", "숫자와 기호", "이모지", "동물과 자연", "🐶", "한글 자판", "ㄴㄹ", "ㅣ", "ㆍ", "띄어쓰기"]
        let report = try Self.type(Self.taps(keys))
        #expect(report.text == "가🐶나", "\(report.events)")
    }

    /// The recent emoji, as phones keep them: one typed in a text field is first in the 최근 사용
    /// tab the next time (a tap there types it again) and in the file beside the learned words;
    /// one typed in a password field is not kept.
    @Test func anEmojiTypedIsAmongTheRecentOnesUnlessInAPasswordField() throws {
        let session = try Session()
        let typed = try session.type(Self.taps(["숫자와 기호", "이모지", "동물과 자연", "🐶", "최근 사용", "🐶", "한글 자판"]))
        #expect(typed.text == "🐶🐶", "\(typed.events)")
        #expect(try String(contentsOf: session.recentEmoji, encoding: .utf8) == "🐶\n")
        let secret = try session.type(Self.taps(["숫자와 기호", "이모지", "표정과 감정", "😀", "한글 자판"]), field: "password")
        #expect(secret.text == "😀", "\(secret.events)")
        #expect(try String(contentsOf: session.recentEmoji, encoding: .utf8) == "🐶\n")
    }

    /// The symbols' two pages: ₩ on the first, 「 and 」 on the second (기호 2쪽 turns to it), 안
    /// between them.
    @Test func theSymbolPagesTypeKoreanBrackets() throws {
        let keys = [
            "숫자와 기호", "원화 기호", "기호 2쪽", "여는 낫표", "한글 자판", "ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "숫자와 기호", "기호 2쪽", "닫는 낫표"
        ]
        let report = try Self.type(Self.taps(keys))
        #expect(report.text == "₩「안」", "\(report.events)")
    }

    @Test func aPasswordFieldGetsTheDigitsAndHwaljadNothing() throws {
        // ㄱㅋ ㅣ ㆍ in a password field: 4 1 2; then Tab to a text field, where they type 가.
        let report = try Self.type(
            Self.taps(["ㄱㅋ", "ㅣ", "ㆍ"]) + ["Tab"] + Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기"]), field: "password")
        #expect(report.text == "412")
        #expect(report.next == "가")
    }

    /// A phone number's field gets digits, as its keys pass through in IBus and fcitx5.
    @Test func aPhoneNumberFieldGetsTheDigits() throws {
        #expect(try Self.type(Self.taps(["ㅣ", "ㅇㅁ", "ㅇㅁ", "ㄱㅋ"]), field: "phone").text == "1004")
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

    /// Phosh's keyboard button: `sm.puri.OSK0.SetVisible` hides and shows the keypad, and its
    /// `Visible` property says which (asked with gdbus while the field is open).
    @Test func phoshsKeyboardButtonHidesAndShowsTheKeypad() throws {
        let session = try Session(.phoc)
        let answers = try TemporaryFolder()
        func osk(_ arguments: [String], into file: String? = nil) -> String {
            let call =
                ["gdbus", "call", "--session", "--dest", "sm.puri.OSK0", "--object-path", "/sm/puri/OSK0", "--method"]
                + arguments
            let command =
                call.map { "'\($0)'" }.joined(separator: " ")
                + (file.map { " > \(answers.url.appendingPathComponent($0).path)" } ?? "")
            return "run:sh -c \"\(command)\""
        }
        let visible = ["org.freedesktop.DBus.Properties.Get", "sm.puri.OSK0", "Visible"]
        let keys =
            Self.taps(["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기"])
            + [
                osk(visible, into: "shown"), osk(["sm.puri.OSK0.SetVisible", "false"]), osk(visible, into: "hidden"),
                osk(["sm.puri.OSK0.SetVisible", "true"])
            ]
            + Self.taps(["ㄴㄹ", "ㅣ", "ㆍ", "띄어쓰기"])
        let report = try session.type(keys)
        #expect(report.text == "가나", "\(report.events)")
        #expect(try String(contentsOf: answers.url.appendingPathComponent("shown"), encoding: .utf8) == "(<true>,)\n")
        #expect(try String(contentsOf: answers.url.appendingPathComponent("hidden"), encoding: .utf8) == "(<false>,)\n")
    }

    /// The docs' picture of the keypad's hanja list: on a phone (phoc, at scale 2), 한국 typed
    /// and 漢 tapped, the list in the keys' place with each candidate's meaning; then 韓國 tapped.
    @Test func aScreenshotShowsTheHanjaListOnAPhone() throws {
        let shot = try Screenshot(named: "keypad-hanja-phoc.png")
        let session = try Session(.phoc)
        let report = try session.type(Self.hanguk + Self.taps(["한자"]) + [shot.key] + Self.taps(["韓國"]))
        #expect(report.text == "韓國", "the list was open, 韓國 in it")
        #expect(try shot.size() == [720, 1440])
        #expect(try shot.colours() > 16)
    }

    /// The docs' pictures of the keypad: a panel along the bottom of a landscape screen on sway,
    /// light, and of a phone's on phoc (Phosh's compositor, at scale 2), dark, while 안녕 is typed
    /// and its suggestions show.
    @Test(arguments: [
        ("keypad-sway.png", Compositor.sway, [1024, 768], [String: String]()),
        ("keypad-phoc-dark.png", Compositor.phoc, [720, 1440], ["GTK_THEME": "Adwaita:dark"])
    ])
    func aScreenshotShowsTheKeypadBelowTheField(
        name: String, compositor: Compositor, pixels: [Int], theme: [String: String]
    ) throws {
        let shot = try Screenshot(named: name)
        let session = try Session(compositor, keypadEnvironment: theme)
        try session.daemon.bus.waitForSuggestions()
        let report = try session.type(
            Self.taps(Array(KeypadRealApplicationTests.annyeonghaseyo.prefix(10))) + [shot.key])
        #expect(report.text == "안", "녕 is still being composed, in the preedit")
        #expect(try shot.size() == pixels)
        #expect(try shot.colours() > 16)
    }
}
