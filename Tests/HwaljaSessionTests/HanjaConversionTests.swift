import HwaljaCore
import HwaljaLexicon
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// The conversion key (F9, Hangul_Hanja) in a field: what it converts, the list it opens, the
/// keys that page and pick while it is open, and what a pick types.
struct HanjaConversionTests {
    static let f9: UInt32 = 0xFFC6
    static let escape: UInt32 = 0xFF1B
    static let backspace: UInt32 = 0xFF08
    static let down: UInt32 = 0xFF54
    static let up: UInt32 = 0xFF52
    static let right: UInt32 = 0xFF53
    static let returnKey: UInt32 = 0xFF0D

    static func conversions(log: @escaping (String) -> Void = { _ in }) -> HanjaConversions {
        HanjaConversions(
            load: {
                (
                    try? HanjaDictionary(HanjaBytes(HanjaExcerpt.hanja)),
                    try? HanjaDictionary(HanjaBytes(HanjaExcerpt.symbols))
                )
            }, log: log)
    }

    /// A field and the application's text in it: the text, the cursor (in Unicode scalars), the
    /// preedit and the list shown.
    final class Field {
        var session: InputSession
        var text = ""
        var cursor = 0
        var preedit = ""
        var page: CandidatePage?
        /// The word suggestions shown last.
        var shown: [String] = []
        private var time = 0

        init(canDelete: Bool = true, hanja: HanjaConversions? = HanjaConversionTests.conversions()) {
            session = InputSession(
                typing: TypingContext(
                    table: committedTable, options: Composer.Options(canRetract: canDelete),
                    timing: HoldTimer.Settings()),
                keymap: .phone, onFocusLoss: .clientCommits)
            session.canDeleteSurrounding = canDelete
            session.hanja = hanja
        }

        /// Types `word` on the phone keypad, as 천지인 users do.
        func type(_ word: String) {
            for key in SamsungSpelling.keys(forWord: word) {
                press(key == .next ? 0xFFAB : 0xFFB0 + KeyboardLayout.cheonjiin.digit(of: key)!.value - 0x30)
            }
        }

        /// Presses and releases `keysym`; returns whether the press was used.
        @discardableResult
        func press(_ keysym: UInt32) -> Bool {
            time += 100
            let down = session.processKeyEvent(keysym: keysym, state: 0, at: time)
            apply(down.actions + session.suggestionsUpdate())
            let up = session.processKeyEvent(keysym: keysym, state: KeyEventState.release, at: time + 5)
            #expect(up.handled == down.handled, "the release goes where its press went")
            apply(up.actions + session.suggestionsUpdate())
            return down.handled
        }

        /// The client's text and selection, as it reports them.
        func report(_ text: String, cursor: Int, anchor: Int) {
            self.text = text
            self.cursor = cursor
            apply(session.setSurroundingText(text, cursor: cursor, anchor: anchor))
        }

        func apply(_ actions: [SessionAction]) {
            for action in actions {
                switch action {
                case .deleteSurrounding(let offset, let count):
                    var scalars = Array(text.unicodeScalars)
                    let start = cursor + offset
                    scalars.removeSubrange(start..<start + count)
                    text = String(String.UnicodeScalarView(scalars))
                    cursor = start
                case .commit(let committed):
                    var scalars = Array(text.unicodeScalars)
                    scalars.insert(contentsOf: committed.unicodeScalars, at: cursor)
                    text = String(String.UnicodeScalarView(scalars))
                    cursor += committed.unicodeScalars.count
                case .preedit(let shown, _): preedit = shown
                case .candidates(let shown): page = shown
                case .suggestions(let words): shown = words
                case .forwardKey: break
                }
            }
        }

        var shownTexts: [String] { page?.candidates.map(\.text) ?? [] }
    }

    @Test func theWordBeingTypedConvertsByItsLongestBeginningAndKeepsItsEnding() {
        let field = Field()
        field.type("학교에서")
        #expect(field.press(Self.f9))
        #expect(field.shownTexts == ["學校", "學敎", "學", "鶴", "虐"])
        #expect(field.page?.candidates[0].meaning == "배울 학, 학교 교")  // made of its characters'
        #expect(field.page?.candidates[2].meaning == "배울 학")  // the file's
        #expect(field.page.map { ($0.page, $0.pages, $0.highlighted) }! == (0, 1, 0))
        #expect(field.press(0xFFB1))  // 1 (KP_1, ㅣ when no list is open)
        #expect(field.text == "學校에서" && field.preedit == "")
        #expect(field.page == nil)
        field.type("가")  // the list is closed: the digits type again
        #expect(field.text + field.preedit == "學校에서가")
    }

    @Test func aClientThatCannotDeleteHasWhatStillComposesConverted() {
        // A terminal keeps what it was given: 학 was committed once 교 began.
        let field = Field(canDelete: false)
        field.type("학교에서")
        #expect(field.text == "학" && field.preedit == "교에서")
        #expect(field.press(Self.f9))
        #expect(field.shownTexts == ["校", "敎"])
        field.press(0x31)
        #expect(field.text == "학校에서" && field.preedit == "")
    }

    @Test func escapeBackspaceAndTheKeyAgainCloseTheListLeavingTheText() {
        for closing in [Self.escape, Self.backspace, Self.f9] {
            let field = Field()
            field.type("학교")
            field.press(Self.f9)
            #expect(!field.shownTexts.isEmpty)
            #expect(field.press(closing))
            #expect(field.page == nil)
            #expect(field.text + field.preedit == "학교", "closed by \(closing)")
            field.type("에")
            #expect(field.text + field.preedit == "학교에")
        }
    }

    @Test func aKeyTheListDoesNotTakeClosesItAndGoesOn() {
        let field = Field()
        field.type("학교")
        field.press(Self.f9)
        #expect(field.press(0x20))  // SPACE ends the syllable, as without the list
        #expect(field.page == nil)
        field.press(0x20)
        field.type("가")
        #expect(field.text + field.preedit == "학교 가")
    }

    @Test func aLoneConsonantOpensItsSymbolsInPagesOfNine() {
        let field = Field()
        field.press(0xFFB0)
        field.press(0xFFB0)  // ㅇ → ㅁ
        #expect(field.preedit == "ㅁ")
        field.press(Self.f9)
        #expect(field.shownTexts == ["＃", "＆", "＊", "＠", "§", "※", "☆", "★", "○"])
        field.press(Self.down)
        #expect(field.shownTexts == ["●", "◎", "◇"])
        #expect(field.page.map { ($0.page, $0.pages) }! == (1, 2))
        field.press(Self.down)  // round to the first
        #expect(field.shownTexts.first == "＃")
        field.press(Self.up)  // and back to the last
        #expect(field.shownTexts == ["●", "◎", "◇"])
        #expect(field.press(0xFFB4))  // 4: no such candidate on this page; nothing happens
        #expect(field.page != nil)
        field.press(Self.up)
        field.press(0x36)  // 6 on the number row: ※
        #expect(field.text + field.preedit == "※")
    }

    @Test func returnPicksTheHighlightedCandidate() {
        let field = Field()
        field.type("학교")
        field.press(Self.f9)
        field.press(Self.right)
        #expect(field.page?.highlighted == 1)
        field.press(Self.returnKey)
        #expect(field.text + field.preedit == "學敎")
    }

    @Test func theSelectionConvertsFirst() {
        let field = Field()
        field.report("오늘 학교 가요", cursor: 5, anchor: 3)  // 학교 selected, the cursor after it
        field.press(Self.f9)
        #expect(field.shownTexts == ["學校", "學敎"])
        field.press(0x31)
        #expect(field.text == "오늘 學校 가요")
        field.report("학교 가요", cursor: 0, anchor: 2)  // selected the other way
        field.press(Self.f9)
        field.press(0x32)
        #expect(field.text == "學敎 가요")
    }

    @Test func withNothingComposingTheWordBeforeTheCursorConvertsByItsEndings() {
        let field = Field()
        field.report("오늘 한국", cursor: 5, anchor: 5)
        field.press(Self.f9)
        #expect(field.shownTexts == ["韓國", "寒國", "寒菊", "汗國", "國", "菊"])
        #expect(field.page?.candidates[0].meaning == "대한민국")
        field.press(0x31)
        #expect(field.text == "오늘 韓國")
        // A client that cannot delete (a terminal) offers nothing before the cursor: the key is its.
        let terminal = Field(canDelete: false)
        terminal.report("오늘 한국", cursor: 5, anchor: 5)
        #expect(!terminal.press(Self.f9))
        #expect(terminal.page == nil)
    }

    @Test func picksRankFirstNextTimeUnlessTheFieldLearnsNothing() {
        let hanja = Self.conversions()
        let field = Field(hanja: hanja)
        field.type("한국")
        field.press(Self.f9)
        #expect(field.shownTexts == ["韓國", "寒國", "寒菊", "汗國", "韓", "寒"])
        field.press(0x34)  // 汗國
        #expect(field.text == "汗國")
        field.type("한국")
        field.press(Self.f9)
        #expect(field.shownTexts.prefix(2) == ["汗國", "韓國"])
        field.press(Self.escape)

        let privateField = Field(hanja: Self.conversions())
        _ = privateField.session.setContentType(purpose: 0, hints: InputPurpose.privateHint)
        privateField.type("한국")
        privateField.press(Self.f9)
        privateField.press(0x34)
        #expect(privateField.text == "汗國")
        #expect(privateField.session.hanja?.picks.uses.isEmpty == true)

        let notLearning = Self.conversions()
        notLearning.learns = false
        let other = Field(hanja: notLearning)
        other.type("한국")
        other.press(Self.f9)
        other.press(0x34)
        #expect(notLearning.picks.uses.isEmpty)
    }

    /// In a program, picks are kept with the learned words: learned there, forgotten with them,
    /// not learned with learning off.
    @Test func picksAreKeptWithTheLearnedWords() {
        let hanja = Self.conversions()
        let words = WordSuggestions(suggester: nil)
        hanja.learnedWords = words
        let field = Field(hanja: hanja)
        field.type("한국")
        field.press(Self.f9)
        field.press(0x34)  // 汗國
        #expect(words.learned.hanja.use(of: HanjaEntry(reading: "한국", text: "汗國"))?.uses == 1)
        field.type("한국")
        field.press(Self.f9)
        #expect(field.shownTexts.first == "汗國")
        field.press(Self.escape)
        words.forgetLearnedWords()
        field.press(Self.f9)
        #expect(field.shownTexts.first == "韓國")
        field.press(Self.escape)
        words.learns = false
        field.press(Self.f9)
        field.press(0x34)
        #expect(words.learned.hanja.uses.isEmpty)
    }

    @Test func aPasswordFieldConvertsNothing() {
        let field = Field()
        _ = field.session.setContentType(purpose: 8, hints: 0)  // GTK's and IBus's password
        #expect(!field.press(Self.f9))
        #expect(field.page == nil)
    }

    @Test func withoutTheFilesTheKeyIsTheApplicationsAndSaysSoOnce() {
        var said: [String] = []
        let field = Field(hanja: HanjaConversions(load: { (nil, nil) }, log: { said.append($0) }))
        field.type("학교")
        #expect(!field.press(Self.f9))
        #expect(!field.press(Self.f9))
        #expect(field.text + field.preedit == "학교")
        #expect(said.count == 1 && said[0].contains("libhangul-data"))
        // A frontend that cannot show the list gives its sessions none: the key is the application's.
        let without = Field(hanja: nil)
        without.type("학교")
        #expect(!without.press(Self.f9))
    }

    @Test func aLongSelectionConvertsNothingAndTheKeyIsTheApplications() {
        let field = Field()
        let text = "오늘 학교에서 공부를 했어요"
        field.report(text, cursor: 15, anchor: 0)  // all of it selected
        #expect(!field.press(Self.f9))
        #expect(field.page == nil && field.text == text)
    }

    @Test func whileTheListIsOpenSuggestionsHideAndATapOnAnOldCopyDoesNothing() {
        let field = Field()
        let (_, suggestions) = InputSessionTests.suggesting([("학교에서", 900)])
        field.session.wordSuggestions = suggestions
        field.type("학교")
        #expect(field.shown == ["학교에서"])
        field.press(Self.f9)
        #expect(field.shown == [], "hidden while the list is open")
        #expect(field.session.suggestions.isEmpty, "the keypad's row reads none")
        #expect(field.session.acceptSuggestion(0, shownAs: "학교에서") == nil)
        #expect(field.page != nil && field.text + field.preedit == "학교")
        field.press(Self.escape)
        #expect(field.shown == ["학교에서"], "shown again once the list closes")
    }

    @Test func aModifierAloneOrAnEarlierKeysReleaseLeavesTheListOpen() {
        let field = Field()
        for keysym: UInt32 in [0xFFB8, 0xFFB8, 0xFFB1, 0xFFB2, 0xFFB4, 0xFFAB, 0xFFB4, 0xFFB2, 0xFFB2] {
            field.press(keysym)  // 학 NEXT ㄱ ㆍ ㆍ
        }
        // 학교's last key, 3 (ㅡ), still down when F9 comes: its release comes after the list opened.
        field.apply(field.session.processKeyEvent(keysym: 0xFFB3, state: 0, at: 10_000).actions)
        #expect(field.text + field.preedit == "학교")
        field.apply(field.session.processKeyEvent(keysym: Self.f9, state: 0, at: 10_010).actions)
        let release = field.session.processKeyEvent(keysym: 0xFFB3, state: KeyEventState.release, at: 10_020)
        field.apply(release.actions)
        #expect(field.page != nil)
        field.press(0xFFE1)  // Shift alone
        #expect(field.page != nil)
        field.press(0x31)
        #expect(field.text == "學校")
    }

    @Test func zeroClosesTheListAndTypesItsLetter() {
        let field = Field()
        field.type("학교")
        field.press(Self.f9)
        field.press(0xFFB0)  // ㅇㅁ
        #expect(field.page == nil)
        #expect(field.text + field.preedit == "학굥")
    }

    @Test func theTextReportedBeforeFocusLeftStillConvertsWhenItComesBack() {
        // A client reports its text again only when it changed.
        let field = Field()
        field.report("오늘 한국", cursor: 5, anchor: 5)
        field.apply(field.session.focusOut())
        field.apply(field.session.reset())
        #expect(field.press(Self.f9))
        #expect(field.shownTexts.first == "韓國")
    }

    @Test func leavingTheFieldClosesTheList() {
        let field = Field()
        field.type("학교")
        field.press(Self.f9)
        #expect(field.page != nil)
        field.apply(field.session.focusOut())
        #expect(field.page == nil)
    }
}
