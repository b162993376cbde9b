import Foundation
import HwaljaTestSupport
import Testing

/// hwalja inside a real fcitx5 (Debian's), headless: the addon (Sources/fcitx5-hwalja), which
/// composes in fcitx5's process, and hwaljad (its settings) on a private bus, typed into by an
/// application of fcitx5's D-Bus frontend (tools/fcitx5-client.py) that selects the input method
/// with SetCurrentIM("hwalja"). Against this checkout's addon and hwaljad, or the installed
/// packages' when HWALJA_TEST_INSTALLED=1.
@Suite(.serialized)
struct Fcitx5EndToEndTests {
    static let installed = ProcessInfo.processInfo.environment["HWALJA_TEST_INSTALLED"] == "1"

    /// Sentences.keys as client commands.
    static let sentences = Sentences.keys.map { "tap \($0)\n" }.joined()

    /// What fcitx5's configuration tools list: (name, display name, native name (Name[ko]), icon,
    /// label, language, configurable), one per layout.
    @Test func eachLayoutIsAnInputMethodOfItsOwn() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        let listed = try runCommand(
            "gdbus",
            [
                "call", "--address", fcitx5.bus.address, "--dest", "org.fcitx.Fcitx5", "--object-path", "/controller",
                "--method", "org.fcitx.Fcitx.Controller1.AvailableInputMethods"
            ]
        )
        let entries = listed.stdout.components(separatedBy: "), (").filter { $0.hasPrefix("'hwalja") }.sorted()
        #expect(
            entries == [
                "'hwalja', 'Cheon-Ji-In (hwalja)', '천지인 (hwalja)', 'input-keyboard', '천', 'ko', true",
                "'hwalja-cheonjiin-plus', 'Cheon-Ji-In Plus (hwalja)', '천지인 플러스 (hwalja)', 'input-keyboard', '천+', 'ko', true",
                "'hwalja-naratgeul', 'Naratgeul (hwalja)', '나랏글 (hwalja)', 'input-keyboard', '나', 'ko', true",
                "'hwalja-vega', 'Vega / SKY-II (hwalja)', '베가 (hwalja)', 'input-keyboard', '베', 'ko', true"
            ],
            "\(listed.stderr)"
        )
    }

    /// layouts.md's 나무위키 in each layout other than 천지인, by phone position (the layout's
    /// phone preset: `*` and `#` are the keys at those positions, Shift + a digit 천지인 플러스's
    /// second halves).
    static let namuwikiByLayout: [(inputMethod: String, keys: String)] = [
        // ㄴ ㅏㅓ ㅁ ㅗㅜ ㅗㅜ ㅇ ㅗㅜ ㅗㅜ ㅣ ㄱ 획 ㅣ
        ("hwalja-naratgeul", "2 3 5 6 6 8 6 6 9 1 asterisk 9"),
        // ㄴㄹ ㅏㅑ ㅁㅅ ㅜㅠ ㅇㅎ ㅜㅠ ㅣㅡ ㄱㅋ ㄱㅋ ㅣㅡ
        ("hwalja-vega", "5 3 7 numbersign 0 numbersign 2 1 1 2"),
        // ㄴ ㅣ ㆍ ㅁ ㅡ ㆍ ㅇ ㅡ ㆍ ㅣ ㅋ ㅣ (ㅁ is Shift+0, ㅋ Shift+4)
        ("hwalja-cheonjiin-plus", "5 1 2 parenright 3 2 0 3 2 1 dollar 1")
    ]

    @Test(arguments: namuwikiByLayout)
    func eachLayoutsInputMethodTypesThatLayout(inputMethod: String, keys: String) throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        let taps = keys.split(separator: " ").map { "tap \($0)\n" }.joined()
        let result = try fcitx5.type(taps + "tap space\n", inputMethod: inputMethod)
        #expect(result.text == "나무위키", "\(result.events)")
        #expect(result.preedit == "")
    }

    @Test func switchingInputMethodsMidTextSwitchesTheLayout() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // 5 3 is 나 in 베가 (ㄴㄹ ㅏㅑ) but 느 in 천지인 (ㄴㄹ ㅡ); 8 8 1 2 is 하 in 천지인 but ㅍㄱ… in 베가.
        let result = try fcitx5.type(
            "tap 4\ntap 1\ntap 2\nselect hwalja-vega\ntap 5\ntap 3\nselect hwalja\ntap 8\ntap 8\ntap 1\ntap 2\ntap space\n"
        )
        #expect(result.text == "가나하", "\(result.events)")
        #expect(result.preedit == "")
    }

    @Test(arguments: [false, true])
    func typesSentencesWithSpacePunctuationAndReturnInOrder(surrounding: Bool) throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        let result = try fcitx5.type(Self.sentences, surrounding: surrounding)
        #expect(result.text == Sentences.text, "\(result.events)")
        #expect(result.preedit == "")
        #expect(result.deletions == [], "nothing is taken back while typing forwards")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
        #expect(fcitx5.log.contains("in fcitx5's process"), "\(fcitx5.log)")
    }

    @Test func aLongPressTypesTheDigitWithNoKeyPressed() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // 가, then 0 held 800 ms: the engine's timer ends 가 and types 0 while the key is down, and
        // the addon applies what it sends then; the release adds nothing.
        let result = try fcitx5.type("tap 4\ntap 1\ntap 2\npress 0\nsleep 800\nrelease 0\n")
        #expect(result.text == "가0")
        #expect(result.events.contains(.commit("가0")), "\(result.events)")
    }

    @Test func aHeldBackspaceKeepsDeletingAndStopsAtTheRelease() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // BackSpace held 700 ms with nothing composing deletes once, then repeats every 100 ms from
        // 500 ms on (ForwardKeyEvent, applied by the application), and stops at the release: half a
        // second later nothing more has gone.
        let result = try fcitx5.type(
            "tap a\ntap b\ntap c\ntap d\ntap e\ntap f\ntap g\ntap h\npress BackSpace\nsleep 700\nrelease BackSpace\nsleep 500\ntap x\nsleep 300\n"
        )
        let kept = String(result.text.dropLast())
        #expect(result.text.hasSuffix("x"), "the repeat went on after the release: \(result.text)")
        #expect("abcdefgh".hasPrefix(kept))
        #expect((1...5).contains(kept.count), "\(8 - kept.count) of 8 deleted: \(result.text)")
    }

    @Test func backspaceTakesBackCommittedTextFromAnApplicationThatCanDelete() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // 하다, two backspaces: 핟, 하 taken back from the application and shown again.
        let commands = "tap 8\ntap 8\ntap 1\ntap 2\ntap 6\ntap 1\ntap 2\ntap BackSpace\ntap BackSpace\ntap space\n"
        let deleting = try fcitx5.type(commands, surrounding: true)
        #expect(deleting.text == "핟", "\(deleting.events)")
        #expect(deleting.deletions == [[-1, 1]])
        let keeping = try fcitx5.type(commands)  // a client that never sends its text is never asked to delete
        #expect(keeping.text == "핟", "\(keeping.events)")
        #expect(keeping.deletions == [])
    }

    @Test func aPasswordFieldGetsTheKeysThemselves() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // fcitx5 5.0.21 itself runs its keyboard, not the selected input method, in a password
        // field: the keys never reach the addon.
        let secret = try fcitx5.type("purpose 8\ntap 1\ntap 2\ntap 3\n")
        #expect(secret.text == "123")
        #expect(secret.handled == [false, false, false, false, false, false])
        // A field turning secret mid-word: fcitx5 switches hwalja off (not a focus loss, so fcitx5
        // commits nothing itself) and the engine commits the syllable typed in the open, once.
        let turning = try fcitx5.type("tap 4\ntap 1\ntap 2\npurpose 8\ntap 7\ntap 8\n")
        #expect(turning.text == "가78", "\(turning.events)")
        #expect(turning.preedit == "")
    }

    @Test(arguments: [2, 3, 4])  // digits, number, phone: fcitx5's Digit, Number, Dialable flags
    func aNumberFieldGetsTheKeysBack(purpose: Int) throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // Here hwalja stays selected: the addon tells its engine the field's purpose, and it hands
        // every key back (4 1 2 would be 가 in a text field), the syllable composing before it committed.
        let result = try fcitx5.type("tap 5\ntap 1\ntap 2\npurpose \(purpose)\ntap 4\ntap 1\ntap 2\n")
        #expect(result.text == "나412", "\(result.events)")
        #expect(result.handled.suffix(6) == [false, false, false, false, false, false])
    }

    @Test func aFocusChangeWhileComposingKeepsTheSyllableOnce() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        // fcitx5 commits the client's preedit itself on focus out, and the engine commits it too: the
        // addon must let 가 through once.
        let result = try fcitx5.type("tap 4\ntap 1\ntap 2\nfocus-out\nfocus-in\ntap 5\ntap 1\ntap 2\ntap space\n")
        #expect(result.text == "가나", "\(result.events)")
        #expect(result.preedit == "")
    }

    @Test func theSettingsFileAppliesInFcitx5Too() throws {
        // keypad-position: KP_0 KP_7 KP_8 KP_5 is ㅇ ㅣ ㆍ ㄴ, 안 (the phone layout would give other
        // letters); KP_4 held 400 ms, past the file's 300 ms long press, types 4 (the default 500 ms
        // would not); then ㅣ.
        let fcitx5 = try PrivateFcitx5(
            installed: Self.installed, settings: "long-press = 300\nkeymap = keypad-position\n")
        let result = try fcitx5.type(
            "tap KP_0 16\ntap KP_7 16\ntap KP_8 16\ntap KP_5 16\npress KP_4 16\nsleep 400\nrelease KP_4 16\ntap KP_7 16\ntap space\n"
        )
        #expect(result.text == "안4ㅣ", "\(result.events)")
    }

    /// fcitx5-configtool and KDE System Settings show hwaljad's settings, as GetConfig gives them,
    /// and change them through SetConfig: hwaljad writes the file, keeping what the user wrote.
    @Test func theSettingsShowAndChangeInFcitx5sConfiguration() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed, settings: "# mine\nlong-press = 600\n")
        for uri in [
            "fcitx://config/inputmethod/hwalja", "fcitx://config/inputmethod/hwalja-vega", "fcitx://config/addon/hwalja"
        ] {
            let listed = try fcitx5.controller("GetConfig", [uri])
            #expect(listed.status == 0, "\(listed.stderr)\n\(fcitx5.log)")
            for shown in [
                "'long-press': <'600'>", "'keymap': <'phone'>", "'learn-words': <'True'>", "'suggestions': <'3'>",
                "('long-press', 'Integer', 'long-press: ms a key is held to type its digit', <'500'>",
                "('keymap', 'String', 'keymap: which keyboard keys type which keypad keys', <'phone'>",
                "'Enum': <{'0': <'phone'>, '1': <'keypad-position'>}>",
                "('learn-words', 'Boolean', ", "('forget-learned-words', 'Boolean', "
            ] {
                #expect(listed.stdout.contains(shown), "\(uri) lacks \(shown): \(listed.stdout)")
            }
        }
        let changed = try fcitx5.controller(
            "SetConfig",
            [
                "fcitx://config/inputmethod/hwalja",
                "<{'long-press': <'800'>, 'learn-words': <'False'>, 'keymap': <'phone'>}>"
            ])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(fcitx5.settingsFile == "# mine\nlong-press = 800\nlearn-words = false\n", "\(fcitx5.log)")
        #expect(
            try fcitx5.controller("GetConfig", ["fcitx://config/addon/hwalja"]).stdout.contains("'long-press': <'800'>")
        )
        // A bad value: hwaljad's named error in fcitx5's log, the file as it was.
        let refused = try fcitx5.controller("SetConfig", ["fcitx://config/addon/hwalja", "<{'long-press': <'soon'>}>"])
        #expect(refused.status == 0, "fcitx5's SetConfig answers nothing either way: \(refused.stderr)")
        #expect(fcitx5.settingsFile == "# mine\nlong-press = 800\nlearn-words = false\n")
        #expect(
            fcitx5.log.contains("hwaljad refused setting long-press: org.hwalja.Error.InvalidSetting"), "\(fcitx5.log)")
    }

    /// 가 composing, then something happens to hwaljad (`actions[0]`), then 7, then `actions[1]`,
    /// then `last` (client commands) and 나 typed: what the application holds.
    static func typeAcross(_ fcitx5: PrivateFcitx5, _ actions: [() throws -> Void], last: String = "") throws
        -> IBusClientResult
    {
        let steps = (0..<2).map { (reached: fcitx5.file("reached-\($0)"), done: fcitx5.file("done-\($0)")) }
        let client = try fcitx5.start(
            "tap 4\ntap 1\ntap 2\nmark \(steps[0].reached)\nwait-for \(steps[0].done)\ntap 7\n"
                + "mark \(steps[1].reached)\nwait-for \(steps[1].done)\n\(last)tap 5\ntap 1\ntap 2\ntap space\n"
        )
        for (step, action) in zip(steps, actions) {
            try wait(for: step.reached, client)
            try action()
            _ = FileManager.default.createFile(atPath: step.done, contents: nil)
        }
        return try fcitx5.result(of: client)
    }

    /// What happens to hwaljad mid-word in ``typingNeedsNoDaemon(_:)``.
    enum DaemonMishap: String, CaseIterable, Sendable {
        case killedAndStartedAgain, stoppedAndContinued
    }

    @Test(.enabled(if: !installed), arguments: DaemonMishap.allCases)
    func typingNeedsNoDaemon(_ mishap: DaemonMishap) throws {
        let fcitx5 = try PrivateFcitx5()
        // 가 composing when hwaljad dies, or stops answering (SIGSTOP): the addon composes in
        // fcitx5's process, so 7 makes 갑 as ever, and 나 follows.
        let actions: [() throws -> Void] =
            switch mishap {
            case .killedAndStartedAgain: [{ fcitx5.killDaemon() }, { try fcitx5.startDaemon() }]
            case .stoppedAndContinued: [{ fcitx5.pauseDaemon() }, { fcitx5.resumeDaemon() }]
            }
        let result = try Self.typeAcross(fcitx5, actions)
        #expect(result.text == "갑나", "\(result.events)")
        #expect(result.handled.allSatisfy { $0 }, "\(result.handled)")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
    }

    @Test(.enabled(if: installed))
    func theInstalledDaemonIsStartedForTheSettingsOnly() throws {
        let fcitx5 = try PrivateFcitx5(installed: true)
        let result = try fcitx5.type("tap 4\ntap 1\ntap 2\ntap space\n")
        #expect(result.text == "가")
        #expect(!fcitx5.bus.hasOwner("org.hwalja.Engine1"), "typing needs no hwaljad")
        // fcitx5's configuration shows hwaljad's settings: D-Bus activation starts it.
        let config = try fcitx5.controller("GetConfig", ["fcitx://config/addon/hwalja"])
        #expect(config.status == 0, "\(config.stderr)")
        #expect(fcitx5.bus.hasOwner("org.hwalja.Engine1"))
    }

    static func wait(for path: String, _ client: BackgroundProcess) throws {
        let deadline = Deadline(seconds: 20)
        while !FileManager.default.fileExists(atPath: path) {
            guard client.isRunning, !deadline.hasPassed else {
                throw TestSetupError("fcitx5-client.py did not reach \(path): \(client.stderrSoFar)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
