import Foundation
import HwaljaTestSupport
import Testing

/// hwalja-keypad on X11: the keypad beside a GTK 3 field on a headless X server, with IBus's
/// hwalja engine selected in the field; its keys found through AT-SPI by their accessible names
/// and clicked with the pointer (xdotool), as a person taps them (tools/keypad_session.py). The
/// keypad's keys reach the field as a keyboard's (XTest), so the engine composes, times the long
/// press and repeats a held backspace. Named so that `--skip RealApplicationTests` leaves it out.
@Suite(.serialized)
struct KeypadRealApplicationTests {
    /// Taps or holds `keys` (`keypad:NAME`, `keypad-hold:NAME:MS`, and the harness's own keys) on
    /// the keypad of `layout` beside a GTK 3 `field`.
    static func type(
        _ keys: [String], layout: String = "cheonjiin", field: String = "text", settings: String? = nil,
        environment: [String: String] = [:]
    ) throws -> ApplicationReport {
        let keypad = keypadProgram
        guard FileManager.default.isExecutableFile(atPath: keypad.path) else {
            throw TestSetupError("hwalja-keypad is not built: swift build")
        }
        let (report, _) = try RealApplicationTests.type(
            keys, into: .gtk3, field: field, engine: layout == "cheonjiin" ? "hwalja" : "hwalja-\(layout)",
            settings: settings,
            environment: ["HWALJA_KEYPAD": keypad.path, "HWALJA_KEYPAD_LAYOUT": layout].merging(environment) { $1 },
            screen: "1024x800")
        return report
    }

    /// 안녕하세요 by 천지인's keys: ㅇㅁ ㅣ ㆍ ㄴㄹ, 다음, ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ, ㅅㅎ ㅅㅎ ㅣ ㆍ, ㅅㅎ ㆍ ㅣ ㅣ, ㅇㅁ ㆍ ㆍ ㅡ.
    static let annyeonghaseyo = [
        "ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "다음 글자", "ㄴㄹ", "ㆍ", "ㆍ", "ㅣ", "ㅇㅁ", "ㅅㅎ", "ㅅㅎ", "ㅣ", "ㆍ", "ㅅㅎ", "ㆍ", "ㅣ", "ㅣ", "ㅇㅁ", "ㆍ",
        "ㆍ", "ㅡ"
    ]

    @Test func tapsTypeIntoTheFocusedFieldWhichKeepsTheFocus() throws {
        let report = try Self.type(Self.annyeonghaseyo.map { "keypad:\($0)" } + ["keypad:띄어쓰기", "keypad:문장 부호"])
        #expect(report.text == "안녕하세요.")
    }

    /// Switch access and screen readers activate a key through AT-SPI's action, with no pointer
    /// (GTK's "clicked"): each types as a tap does, and a tap with the pointer types once.
    @Test func keysActivatedThroughAccessibilityTypeAsTaps() throws {
        let activated = ["ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "다음 글자", "ㄴㄹ", "ㆍ", "ㆍ", "ㅣ", "ㅇㅁ"].map { "keypad-action:\($0)" }
        let report = try Self.type(
            activated + ["keypad:띄어쓰기", "keypad:ㄱㅋ", "keypad:ㅣ", "keypad:ㆍ", "keypad-action:띄어쓰기"])
        #expect(report.text == "안녕가")
    }

    @Test func aLongPressTypesTheDigit() throws {
        let report = try Self.type(["keypad:ㄱㅋ", "keypad:ㅣ", "keypad:ㆍ", "keypad-hold:ㅇㅁ:800"])
        #expect(report.text == "가0")
    }

    /// A drag along the space bar moves the cursor, as on phones: after 가, 나 (composing), a
    /// drag 1.5 steps left ends 나 and moves the cursor before it, and 다 lands between; the drag
    /// types no space.
    @Test func aDragAlongTheSpaceBarMovesTheCursor() throws {
        let keys = ["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄴㄹ", "ㅣ", "ㆍ"].map { "keypad:\($0)" }
        let report = try Self.type(keys + ["keypad-drag:띄어쓰기:-30"] + ["ㄷㅌ", "ㅣ", "ㆍ", "띄어쓰기"].map { "keypad:\($0)" })
        #expect(report.text == "가다나", "\(report.events)")
    }

    /// Each key that goes down asks feedbackd (a stand-in on the private session bus) for an
    /// on-screen keyboard key's feedback, the keypad named; with `keypad-feedback = false` in
    /// the settings file, no key does.
    @Test(arguments: [true, false])
    func eachKeyAsksFeedbackdForItsFeedbackUnlessTurnedOff(_ on: Bool) throws {
        let folder = try TemporaryFolder()
        let log = folder.url.appendingPathComponent("feedback.log").path
        let report = try Self.type(
            ["keypad:ㄱㅋ", "keypad:ㅣ", "keypad:ㆍ", "keypad:띄어쓰기"], settings: on ? nil : "keypad-feedback = false\n",
            environment: ["HWALJA_FEEDBACK_LOG": log])
        #expect(report.text == "가")  // the space ended the syllable
        let calls = withExtendedLifetime(folder) { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(calls == (on ? String(repeating: "org.hwalja.Keypad key-pressed\n", count: 4) : ""))
    }

    /// A flick up types the digit as a long press does: 강, then ㄴㄹ flicked takes its ㄴ back
    /// (which had ended 강) and types 5 after 강; 가, then ㅇㅁ flicked (강 for a moment), 가0.
    @Test func aFlickUpTypesTheDigit() throws {
        let keys = [
            "keypad:ㄱㅋ", "keypad:ㅣ", "keypad:ㆍ", "keypad:ㅇㅁ", "keypad-flick:ㄴㄹ", "keypad:ㄱㅋ", "keypad:ㅣ", "keypad:ㆍ",
            "keypad-flick:ㅇㅁ"
        ]
        #expect(try Self.type(keys).text == "강5가0")
    }

    @Test func aHeldBackspaceRepeatsAndStopsAtTheRelease() throws {
        // 가 가 나, then backspace held 1.5 s: 나 goes a keystroke at a time, then a character a
        // repeat; 다 typed after it stays.
        let keys =
            ["ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄱㅋ", "ㅣ", "ㆍ", "띄어쓰기", "ㄴㄹ", "ㅣ", "ㆍ"].map { "keypad:\($0)" }
            + ["keypad-hold:지우기:1500", "keypad:ㄷㅌ", "keypad:ㅣ", "keypad:ㆍ", "keypad:띄어쓰기"]
        let report = try Self.type(keys)
        #expect(report.text == "다")
    }

    /// The engine tells the keypad its suggestions (org.hwalja.Keypad1), shown above the keys.
    @Test func aSuggestionTapOnTheKeypadTypesTheWord() throws {
        // 감사 (ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ, ㅅㅎ ㅣ ㆍ), then 감사합니다 in the keypad's row.
        let report = try Self.type(["ㄱㅋ", "ㅣ", "ㆍ", "ㅇㅁ", "ㅇㅁ", "ㅅㅎ", "ㅣ", "ㆍ", "감사합니다"].map { "keypad:\($0)" })
        #expect(report.text == "감사합니다 ")
    }

    /// The engine says whether the word converts (`ShowConversion`): after 한국, 漢 (named 한자)
    /// shows at the end of the row; tapped, the engine opens its list, shown in the keypad's keys'
    /// place (`ShowCandidates`); › and ‹ turn its page (‹ alone would go round to the last), and
    /// a tap on 韓國 types it. Then 학, 한자 and ✕ (한자 닫기): the engine's list closes with 학 as
    /// it was, so ㅣ then types 하기 (with the list open it would be the digit 1, picking 學).
    @Test func hanjaOnTheKeypadListsTheWordsHanjaInItsKeysPlace() throws {
        let hanguk = ["ㅅㅎ", "ㅅㅎ", "ㅣ", "ㆍ", "ㄴㄹ", "ㄱㅋ", "ㅡ", "ㆍ", "ㄱㅋ"]
        let hak = ["ㅅㅎ", "ㅅㅎ", "ㅣ", "ㆍ", "ㄱㅋ"]
        let keys =
            hanguk + ["한자", "다음 쪽", "이전 쪽", "韓國", "띄어쓰기"] + hak + ["한자", "한자 닫기", "ㅣ", "띄어쓰기"]
        let report = try Self.type(keys.map { "keypad:\($0)" })
        #expect(report.text == "韓國 하기", "\(report.events)")
    }

    @Test func theLatinAndSymbolLayersTypeAnAddress() throws {
        // 한 (Korean), then ABC: h i, !#1: @ 1, ABC again: ⇧ K, and back to 한: 가.
        let keys = [
            "ㄱㅋ", "ㅣ", "ㆍ", "영문 자판", "h", "i", "숫자와 기호", "골뱅이", "1", "영문 자판", "대문자", "K", "한글 자판", "ㄱㅋ", "ㅣ", "ㆍ"
        ]
        let report = try Self.type(keys.map { "keypad:\($0)" })
        #expect(report.text == "가hi@1K가")
    }

    /// The symbols' two pages: ₩ on the first, 「 and 」 on the second (기호 2쪽 turns to it), 안
    /// between them; each typed past the engine with its Unicode keysym.
    @Test func theSymbolPagesTypeKoreanBrackets() throws {
        let keys = [
            "숫자와 기호", "원화 기호", "기호 2쪽", "여는 낫표", "한글 자판", "ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "숫자와 기호", "기호 2쪽", "닫는 낫표"
        ]
        #expect(try Self.type(keys.map { "keypad:\($0)" }).text == "₩「안」")
    }

    /// The emoji page (☺, named 이모지, beside the symbols' comma): a category's tab, named by
    /// its Korean name, shows its emoji, and an emoji, named by itself, types it; after 가.
    @Test func theEmojiPageTypesAnEmojiOfEachCategory() throws {
        let keys = ["ㄱㅋ", "ㅣ", "ㆍ", "숫자와 기호", "이모지", "동물과 자연", "🐶", "표정과 감정", "😀", "한글 자판", "ㄴㄹ", "ㅣ", "ㆍ"]
        #expect(try Self.type(keys.map { "keypad:\($0)" }).text == "가🐶😀나")
    }

    /// The docs' pictures of the keypad dark (GTK's Adwaita dark, as a dark desktop gives it) and
    /// upright (a phone or a tablet held in portrait), 나랏글's and 천지인 플러스's keys, of the
    /// symbols' two pages and of the emoji page, light and dark.
    @Test(arguments: [
        ("keypad-x11-dark.png", "naratgeul", ["HWALJA_KEYPAD_THEME": "Adwaita:dark"], ["ㄱ", "ㅏㅓ"], "가"),
        ("keypad-x11-portrait.png", "cheonjiin-plus", ["HWALJA_KEYPAD_SIZE": "360x460"], ["ㅎ", "ㅣ", "ㆍ"], "하"),
        ("keypad-x11-symbols.png", "cheonjiin", [:], ["숫자와 기호", "원화 기호"], "₩"),
        (
            "keypad-x11-symbols-dark.png", "cheonjiin", ["HWALJA_KEYPAD_THEME": "Adwaita:dark"],
            ["숫자와 기호", "기호 2쪽", "참고표"], "※"
        ),
        ("keypad-x11-emoji.png", "cheonjiin", [:], ["숫자와 기호", "이모지", "😀"], "😀"),
        (
            "keypad-x11-emoji-dark.png", "cheonjiin", ["HWALJA_KEYPAD_THEME": "Adwaita:dark"],
            ["숫자와 기호", "이모지", "음식과 음료", "🍇"], "🍇"
        )
    ])
    func aScreenshotShowsTheKeypadDarkUprightOrItsSymbols(
        name: String, layout: String, environment: [String: String], keys: [String], text: String
    ) throws {
        let shot = try Screenshot(named: name)
        let report = try Self.type(keys.map { "keypad:\($0)" } + [shot.key], layout: layout, environment: environment)
        #expect(report.text == text)
        #expect(try shot.colours() > 16)
    }

    /// The README's picture of the keypad (docs/images/keypad-x11.png), beside a field where 안녕
    /// is being typed.
    @Test func aScreenshotShowsTheKeypadBesideTheField() throws {
        let shot = try Screenshot(named: "keypad-x11.png")
        let report = try Self.type(Self.annyeonghaseyo.prefix(10).map { "keypad:\($0)" } + [shot.key])
        #expect(report.text == "안녕")
        #expect(try shot.size() == [1024, 800])
        #expect(try shot.colours() > 16)
    }
}
