import HwaljaCore
import HwaljaLexicon
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// The session layer in process, on a virtual clock: what every framework adapter sends for
/// key events, focus and field changes.
struct InputSessionTests {
    static let backspace: UInt32 = 0xFF08
    static let release = KeyEventState.release

    static func session(
        canDelete: Bool = false, onFocusLoss: InputSession.PreeditOnFocusLoss = .clientCommits,
        timing: HoldTimer.Settings = HoldTimer.Settings()
    ) -> InputSession {
        var session = InputSession(
            typing: TypingContext(table: committedTable, options: Composer.Options(canRetract: false), timing: timing),
            keymap: .phone, onFocusLoss: onFocusLoss)
        session.canDeleteSurrounding = canDelete
        return session
    }

    /// Taps phone digits on the keypad (KP_0 … KP_9), one every 10 ms from `start`.
    static func tap(_ digits: String, on session: inout InputSession, from start: Int = 0) -> [SessionAction] {
        var actions: [SessionAction] = []
        for (index, digit) in digits.enumerated() {
            let keysym = digit == "B" ? backspace : 0xFFB0 + UInt32(String(digit))!
            let time = start + index * 10
            actions += session.processKeyEvent(keysym: keysym, state: 0, at: time).actions
            actions += session.suggestionsUpdate()  // as a frontend sends them, after answering the key
            actions += session.processKeyEvent(keysym: keysym, state: release, at: time + 5).actions
            actions += session.suggestionsUpdate()
        }
        return actions
    }

    /// The text an application holds after `actions`, and its preedit.
    static func apply(_ actions: [SessionAction], to text: inout String) -> String {
        var preedit = ""
        for action in actions {
            switch action {
            case .deleteSurrounding(let offset, let count):
                #expect(offset == -count)
                text.unicodeScalars.removeLast(min(count, text.unicodeScalars.count))  // nothing before the start
            case .commit(let committed): text += committed
            case .forwardKey(let keysym, _, let state):
                if keysym == backspace && state & release == 0 && !text.isEmpty { text.removeLast() }
            case .preedit(let shown, _): preedit = shown
            case .suggestions, .candidates: break
            }
        }
        return preedit
    }

    @Test func keysTypeThroughTheKeymap() {
        var session = Self.session()
        let actions = Self.tap("0125", on: &session)  // 안
        #expect(actions.last == .preedit("안", cursor: 1))
        #expect(!actions.contains { if case .commit = $0 { true } else { false } })
    }

    @Test func anApplicationThatCanDeleteIsAskedToOnlyWhenItSaidSo() {
        for canDelete in [true, false] {
            var session = Self.session(canDelete: canDelete)
            let actions = Self.tap("8812612BB", on: &session)  // 하다 BS BS
            var text = ""
            let preedit = Self.apply(actions, to: &text)
            #expect(text + preedit == "핟")
            let deletions = actions.filter { if case .deleteSurrounding = $0 { true } else { false } }
            #expect(deletions == (canDelete ? [.deleteSurrounding(offset: -1, count: 1)] : []))
        }
    }

    @Test func theCompositionIsHiddenBeforeTextAroundItIsDeleted() {
        // Chromium ignores DeleteSurroundingText while it shows a composition: 하다 BS BS hides 디,
        // deletes 하, then shows 핟.
        var session = Self.session(canDelete: true)
        _ = Self.tap("8812612B", on: &session)  // 하, 디 composing
        let undo = session.processKeyEvent(keysym: Self.backspace, state: 0, at: 500).actions
        #expect(undo == [.preedit("", cursor: 0), .deleteSurrounding(offset: -1, count: 1), .preedit("핟", cursor: 1)])
    }

    @Test func shortcutsFinishTheSyllableAndPassWithTheirRelease() {
        var session = Self.session()
        _ = Self.tap("412", on: &session)  // 가
        let control = KeyEventState.control
        let press = session.processKeyEvent(keysym: 0x63, state: control, at: 100)  // Ctrl+C
        #expect(press == .init(handled: false, actions: [.commit("가"), .preedit("", cursor: 0)], release: .notHandled))
        #expect(session.processKeyEvent(keysym: 0x63, state: control | Self.release, at: 110).handled == false)
        let letter = session.processKeyEvent(keysym: 0x61, state: 0, at: 120)  // a: not ours
        #expect(letter.handled == false && letter.actions.isEmpty && letter.recorded == nil)
    }

    @Test func aModifierKeyAloneLeavesTheSyllableComposing() {
        var session = Self.session()
        _ = Self.tap("01", on: &session)  // 이
        // Shift, Control, Alt, Super, AltGr, NumLock and CapsLock pressed and released on their own
        // (as xdotool and on-screen keyboards send Shift around a shifted key, or a user about to
        // press Ctrl+C): the application's, and the syllable goes on.
        for modifier: UInt32 in [0xFFE1, 0xFFE2, 0xFFE3, 0xFFE9, 0xFFEB, 0xFE03, 0xFF7F, 0xFFE5] {
            #expect(
                session.processKeyEvent(keysym: modifier, state: 0, at: 100)
                    == .init(handled: false, actions: [], release: .notHandled))
            #expect(
                session.processKeyEvent(keysym: modifier, state: Self.release, at: 110)
                    == .init(handled: false, actions: []))
        }
        // Shift+KP_2 with NumLock off is KP_2: typed like KP_2, on its press; its release is the session's.
        let pressed = session.processKeyEvent(keysym: 0xFFB2, state: KeyEventState.shift, at: 120)
        #expect(pressed.handled && pressed.actions == [.preedit("아", cursor: 1)] && pressed.release == .handled)
        let released = session.processKeyEvent(keysym: 0xFFB2, state: KeyEventState.shift | Self.release, at: 130)
        #expect(released.handled && released.actions.isEmpty)
    }

    @Test(arguments: [(2000, "", "ㄱ"), (500, "4", "")])
    func theAutorepeatOfAHeldKeyIsOneHold(longPress: Int, text expected: String, preedit expectedPreedit: String) {
        // A desktop's X server repeats a held key as presses every 40 ms after 660 ms, without
        // releases between (GTK's detectable autorepeat): one hold, never a cycle ㄱ ㅋ ㄲ or 44.
        var session = Self.session(timing: HoldTimer.Settings(longPress: longPress))
        var actions = session.processKeyEvent(keysym: 0xFFB4, state: 0, at: 0).actions  // KP_4: ㄱㅋ
        for time in stride(from: 660, to: 1000, by: 40) {
            actions += session.processKeyEvent(keysym: 0xFFB4, state: 0, at: time).actions
        }
        actions += session.advance(to: 1000)
        actions += session.processKeyEvent(keysym: 0xFFB4, state: Self.release, at: 1000).actions
        var text = ""
        let preedit = Self.apply(actions, to: &text)
        #expect(text == expected)
        #expect(preedit == expectedPreedit)
    }

    /// Whether X's repeat is told by the events' times (fcitx5) or guessed from when they come (IBus).
    enum RepeatTelling: CaseIterable { case eventTimes, guessing }

    @Test(arguments: RepeatTelling.allCases)
    func xsAutorepeatAsReleaseAndPressPairsIsOneHoldToo(_ telling: RepeatTelling) {
        // X's own auto-repeat, which XIM clients (xterm, Java, Wine) and Qt 6 pass on as it comes: a
        // release and a press every 40 ms after 660 ms, both stamped with the same time, arriving
        // 1 ms apart (40 ms with the event times: a busy framework). 가, then 4 held: 가4, never 가4ㄱ.
        var session = Self.session()
        session.guessesRepeats = telling == .guessing
        let gap = telling == .guessing ? 1 : 40
        var actions = Self.tap("412", on: &session)
        actions += session.processKeyEvent(keysym: 0x34, state: 0, eventTime: 5_000, at: 100).actions
        for time in stride(from: 760, to: 1100, by: 40) {
            actions += session.advance(to: time)
            let stamp = telling == .eventTimes ? UInt32(5_000 + time) : 0
            let release = session.processKeyEvent(keysym: 0x34, state: Self.release, eventTime: stamp, at: time)
            let press = session.processKeyEvent(keysym: 0x34, state: 0, eventTime: stamp, at: time + gap)
            #expect(release.handled && press.handled, "the application never sees the repeat")
            actions += release.actions + press.actions
        }
        actions += session.processKeyEvent(keysym: 0x34, state: Self.release, at: 1100).actions
        actions += Self.tap("0", on: &session, from: 1300)
        var text = ""
        let preedit = Self.apply(actions, to: &text)
        #expect(text + preedit == "가4ㅇ")
    }

    @Test func anEventWithoutAKeysymLeavesTheSyllableComposing() {
        // alacritty (winit) filters again the key event Xlib makes to carry an XIM server's
        // commit: keysym 0 and keycode 0 (IBus passes -8) reach the engine while ㄴㆍ is composing.
        // It is not a key the user pressed: ㄴㆍ then ㅣ make 너, not ᄂᆞ and ㅣ.
        var session = Self.session()
        var actions = Self.tap("52", on: &session)
        for state in [0, Self.release] {
            let result = session.processKeyEvent(keysym: 0, keycode: UInt32(bitPattern: -8), state: state, at: 30)
            #expect(!result.handled && result.actions.isEmpty)
        }
        actions += Self.tap("1", on: &session, from: 40)
        var text = ""
        let preedit = Self.apply(actions, to: &text)
        #expect(text + preedit == "너")
    }

    @Test func aHeldBackspaceRepeatedByXDeletesOnceARepeatOfItsOwn() {
        // In a terminal over XIM (it cannot delete): BackSpace held past 500 ms with X repeating it
        // as releases and presses. The application gets the first press, then one forwarded
        // BackSpace per repeat of hwalja's own (500, 600 … 1000 ms), none for X's.
        var session = Self.session(timing: HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        session.guessesRepeats = true  // IBus's XIM server: no event times
        var given = 0
        let press = session.processKeyEvent(keysym: Self.backspace, state: 0, at: 0)
        #expect(!press.handled)
        var actions = session.advance(to: 660)
        for time in stride(from: 660, to: 1000, by: 40) {
            actions += session.advance(to: time)
            _ = session.processKeyEvent(keysym: Self.backspace, state: Self.release, at: time)
            let again = session.processKeyEvent(keysym: Self.backspace, state: 0, at: time + 1)
            if !again.handled { given += 1 }
            actions += again.actions
        }
        actions += session.advance(to: 1000)
        let forwarded = actions.filter { $0 == .forwardKey(keysym: Self.backspace, keycode: 14, state: 0) }.count
        #expect(given == 0, "X's repeated presses are not the application's")
        #expect(forwarded == 6)
    }

    @Test func aBackspaceWithNothingComposingIsTheApplicationsAndForwardedOnlyWhenTheTimerRepeatsIt() {
        var session = Self.session(timing: HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        let press = session.processKeyEvent(keysym: Self.backspace, state: 0, at: 0)
        #expect(press.handled == false)  // the application deletes, once: not forwarded as well
        #expect(press.actions.isEmpty)
        #expect(session.deadline == 500)
        let forwarded: [SessionAction] = [
            .forwardKey(keysym: Self.backspace, keycode: 14, state: 0),
            .forwardKey(keysym: Self.backspace, keycode: 14, state: Self.release)
        ]
        #expect(session.advance(to: 600) == forwarded + forwarded)  // the repeats at 500 and 600
        #expect(session.processKeyEvent(keysym: Self.backspace, state: Self.release, at: 650).handled == false)
        #expect(session.deadline == nil)
    }

    @Test(arguments: [(UInt32(0), UInt32(14)), (22, 22), (14, 14)])
    func aHeldBackspaceIsForwardedWithItsOwnKeycode(pressed: UInt32, forwarded: UInt32) {
        // fcitx5 numbers keys as X does (BackSpace 22), IBus as evdev (14); on Wayland fcitx5
        // forwards by keycode alone: 14 there typed 5 (issue #31). 0: not said, evdev's.
        var session = Self.session(timing: HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        _ = session.processKeyEvent(keysym: Self.backspace, keycode: pressed, state: 0, at: 0)
        #expect(
            session.advance(to: 500) == [
                .forwardKey(keysym: Self.backspace, keycode: forwarded, state: 0),
                .forwardKey(keysym: Self.backspace, keycode: forwarded, state: Self.release)
            ])
    }

    @Test func aHeldBackspaceGoesOnDeletingInAClientThatCanDeleteWithoutForwardingKeys() {
        // 가 가 typed, BackSpace held: it undoes ㆍ, erases 기 at 500 ms, then deletes what is
        // before the cursor itself (fcitx5's GTK 4 module drops forwarded keys, issue #31).
        var session = Self.session(canDelete: true, timing: HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        var text = ""
        _ = Self.apply(
            Self.tap("412", on: &session) + session.processKeyEvent(keysym: 0x20, state: 0, at: 40).actions, to: &text)
        _ = Self.apply(Self.tap("412", on: &session, from: 100), to: &text)
        var actions = session.processKeyEvent(keysym: Self.backspace, keycode: 22, state: 0, at: 200).actions
        actions += session.advance(to: 1000)
        actions += session.processKeyEvent(keysym: Self.backspace, keycode: 22, state: Self.release, at: 1000).actions
        #expect(!actions.contains { if case .forwardKey = $0 { true } else { false } }, "\(actions)")
        let preedit = Self.apply(actions, to: &text)
        #expect(text + preedit == "")
    }

    @Test func theKeypadTypesWithNumLockOffAsWithItOn() {
        // 안 on the keypad with NumLock off: KP_Insert KP_End KP_Down KP_Begin (0 1 2 5), no
        // NumLock bit in the state; then the decimal point (KP_Delete) cycles punctuation.
        var session = Self.session()
        var actions: [SessionAction] = []
        for (index, keysym) in ([0xFF9E, 0xFF9C, 0xFF99, 0xFF9D, 0xFF9F] as [UInt32]).enumerated() {
            let press = session.processKeyEvent(keysym: keysym, state: 0, at: index * 10)
            #expect(press.handled)
            actions +=
                press.actions + session.processKeyEvent(keysym: keysym, state: Self.release, at: index * 10 + 5).actions
        }
        var text = ""
        let preedit = Self.apply(actions, to: &text)
        #expect(text + preedit == "안.")
    }

    @Test func theKeypadsNavigationKeysWithNumLockOnStayThemselves() {
        // With NumLock on they are Shift + a keypad digit: 천지인 플러스 binds them to its second
        // halves (ㅋ for Shift + 4), and the keypad's digits are not touched.
        #expect(KeypadWithoutNumLock.keysym(0xFF96, state: KeyEventState.numLock | KeyEventState.shift) == 0xFF96)
        #expect(KeypadWithoutNumLock.keysym(0xFF96, state: 0) == 0xFFB4)
        #expect(KeypadWithoutNumLock.keysym(0xFFB4, state: KeyEventState.shift) == 0xFFB4)
        #expect(KeypadWithoutNumLock.keysym(0xFF51, state: 0) == 0xFF51)  // Left, the arrow key
    }

    @Test func aLongPressTypesTheDigitWhenTheTimerComes() {
        var session = Self.session()
        _ = session.processKeyEvent(keysym: 0xFFB4, state: 0, at: 0)  // KP_4 held
        #expect(session.deadline == 500)
        // ㄱ showed when the key went down: taken back, and the digit typed alone.
        #expect(session.advance(to: 500) == [.commit("4"), .preedit("", cursor: 0)])
        #expect(session.processKeyEvent(keysym: 0xFFB4, state: Self.release, at: 700).actions.isEmpty)
    }

    @Test func focusLossCommitsTheSyllableOnceByWhoeverTheFrameworkSays() {
        var byClient = Self.session(onFocusLoss: .clientCommits)
        _ = Self.tap("412", on: &byClient)
        #expect(byClient.focusOut().isEmpty)  // IBus: the client commits the preedit it shows
        #expect(byClient.typing.preedit.isEmpty)
        var bySession = Self.session(onFocusLoss: .sessionCommits)
        _ = Self.tap("412", on: &bySession)
        #expect(bySession.focusOut() == [.commit("가"), .preedit("", cursor: 0)])
    }

    @Test(arguments: [8, 9] as [UInt32])  // password, PIN
    func secretFieldsPassKeysThroughKeepTheSyllableAndRecordNothing(purpose: UInt32) {
        var session = Self.session()
        let typed = session.processKeyEvent(keysym: 0xFFB4, state: 0, at: 0)
        #expect(typed.recorded?.key == .giyeokKieuk)
        _ = session.processKeyEvent(keysym: 0xFFB4, state: Self.release, at: 5)
        #expect(session.setContentType(purpose: purpose, hints: 0) == [.commit("ㄱ"), .preedit("", cursor: 0)])
        let secret = session.processKeyEvent(keysym: 0xFFB1, state: 0, at: 10)
        #expect(secret == .init(handled: false, actions: [], recorded: nil, release: .notHandled))
        #expect(session.deadline == nil)
        #expect(session.setContentType(purpose: 0, hints: 0).isEmpty)
        #expect(session.processKeyEvent(keysym: 0xFFB1, state: 0, at: 20).handled)
    }

    // Resets in a client that shows the preedit in commit mode and drops it on a reset unless it
    // commits it itself (GTK's IBus module): its reports of its text tell which.

    @Test func aResetTheClientReportsHavingCommittedLeavesTheSyllableThere() {
        // A long field: only the end of the text before the cursor is compared.
        let before = String(repeating: "가나다라 ", count: 2000)
        var session = Self.session(canDelete: true)
        session.resetDropsPreedit = true
        _ = session.setSurroundingText(before, cursor: before.unicodeScalars.count, anchor: before.unicodeScalars.count)
        #expect(Self.tap("412", on: &session).last == .preedit("가", cursor: 1))
        _ = session.setSurroundingText(
            before + "가", cursor: before.unicodeScalars.count + 1, anchor: before.unicodeScalars.count + 1)
        #expect(session.reset() == [])
        #expect(session.typing.preedit == "")
    }

    @Test func aResetWithoutSuchAReportCommitsTheSyllable() {
        var session = Self.session(canDelete: true)
        session.resetDropsPreedit = true
        _ = session.setSurroundingText("가", cursor: 1, anchor: 1)  // before the keys: says nothing of the reset
        _ = Self.tap("412", on: &session)
        #expect(session.reset() == [.commit("가"), .preedit("", cursor: 0)])
    }

    @Test func aResetAfterTheClientCommittedAnEarlierPreeditOfTheSyllableKeepsTheSyllableOnce() {
        // 가 typed (ㄱ, 기, 가 shown in turn); GTK 3 handled the click before the update to 가 that
        // waited in its queue, so it committed 기, reported it and reset (issue #30: 기가ㅣ).
        var session = Self.session(canDelete: true)
        session.resetDropsPreedit = true
        _ = session.setSurroundingText("", cursor: 0, anchor: 0)
        _ = Self.tap("412", on: &session)
        _ = session.setSurroundingText("기", cursor: 1, anchor: 1)
        let actions = session.reset()
        #expect(
            actions == [
                .preedit("", cursor: 0), .deleteSurrounding(offset: -1, count: 1), .commit("가"), .preedit("", cursor: 0)
            ])
        var text = "기"
        _ = Self.apply(actions, to: &text)
        #expect(text == "가")
        // The next syllable starts afresh: an earlier syllable's preedit (기) is not this one's.
        _ = Self.tap("51", on: &session)  // ㄴ, 니
        _ = session.setSurroundingText("가기", cursor: 2, anchor: 2)
        #expect(session.reset() == [.commit("니"), .preedit("", cursor: 0)])
    }

    @Test(arguments: [("412", "기"), ("412", "ㄱ"), ("4121", "가")])
    func aClientWhoseFirstReportFollowsItsStaleCommitKeepsTheSyllableOnce(keys: String, committed: String) {
        // Seen under load (issue #30): GTK 3 reports its text for the first time after the click,
        // when it has committed a stale preedit (기 or ㄱ while 가 was typed, 가 while 개 was).
        var session = Self.session(canDelete: true)
        session.resetDropsPreedit = true
        _ = Self.tap(keys, on: &session)
        let typed = session.typing.preedit
        _ = session.setSurroundingText(committed, cursor: 1, anchor: 1)
        var text = committed
        _ = Self.apply(session.reset(), to: &text)
        #expect(text == typed)
    }

    @Test func aSecondCopyAtTheCursorIsDeletedOnlyRightAfterTheReset() {
        var session = Self.session(canDelete: true)
        _ = session.setSurroundingText("나", cursor: 1, anchor: 1)
        _ = Self.tap("412", on: &session)
        _ = session.setSurroundingText("나가", cursor: 2, anchor: 2)  // the client committed 가
        #expect(session.reset() == [])
        #expect(session.setSurroundingText("나가", cursor: 0, anchor: 0) == [])  // the click moved the cursor
        #expect(session.setSurroundingText("가나가", cursor: 1, anchor: 1) == [.deleteSurrounding(offset: -1, count: 1)])
        // Later, the same text arriving is the user's.
        _ = Self.tap("412", on: &session)
        _ = session.setSurroundingText("가나가", cursor: 1, anchor: 1)
        #expect(session.reset() == [])
        _ = Self.tap("5", on: &session)
        #expect(session.setSurroundingText("가가나가", cursor: 2, anchor: 2) == [])
    }

    @Test func aPasswordFieldsTextIsNotKept() {
        var session = Self.session(canDelete: true)
        session.resetDropsPreedit = true
        _ = session.setContentType(purpose: 8, hints: 0)  // PASSWORD
        _ = session.setSurroundingText("secret", cursor: 6, anchor: 6)
        _ = session.setContentType(purpose: 0, hints: 0)
        _ = Self.tap("412", on: &session)
        _ = session.setSurroundingText("secret가", cursor: 7, anchor: 7)
        // The report before the field turned back into text was not kept: 가 alone does not show
        // the client committed it, so the session commits it.
        #expect(session.reset() == [.commit("가"), .preedit("", cursor: 0)])
    }

    // Word suggestions, from a lexicon of a few words as the generator makes it.

    static func suggesting(_ words: [(String, Int)], pickAddsSpace: Bool = true) -> (InputSession, WordSuggestions) {
        let entries = words.map {
            LexiconEntry(keys: SamsungSpelling.keys(forWord: $0.0), score: LexiconEntry.score(count: $0.1))
        }
        let lexicon = try! LexiconFile.decode(LexiconFile.encode(entries))
        let suggestions = WordSuggestions(
            suggester: Suggester(lexicon: lexicon, table: committedTable), pickAddsSpace: pickAddsSpace)
        var session = Self.session(canDelete: true)
        session.wordSuggestions = suggestions
        return (session, suggestions)
    }

    static func shownSuggestions(_ actions: [SessionAction]) -> [String]? {
        actions.reversed().lazy.compactMap { if case .suggestions(let words) = $0 { words } else { nil } }.first
    }

    @Test func suggestionsFollowTheKeysAndAPickReplacesTheWord() {
        var (session, _) = Self.suggesting([("감사합니다", 2781), ("감사해요", 454), ("가방", 100)])
        var text = ""
        let afterGa = Self.tap("412", on: &session)  // 가
        _ = Self.apply(afterGa, to: &text)
        #expect(Self.shownSuggestions(afterGa) == ["감사합니다", "감사해요", "가방"])
        let afterGamsa = Self.tap("0081", on: &session, from: 100)  // 감, then ㅅ ㅣ: 감 committed
        _ = Self.apply(afterGamsa, to: &text)
        #expect(Self.shownSuggestions(afterGamsa) == ["감사합니다", "감사해요"])
        let picked = session.acceptSuggestion(0)!
        #expect(Self.apply(picked, to: &text) == "")
        #expect(text == "감사합니다 ")
        #expect(Self.shownSuggestions(picked) == [])
        #expect(session.acceptSuggestion(0) == nil)  // nothing shown: nothing to pick
    }

    @Test func downPicksTheFirstSuggestionOnlyWhileSuggestionsShow() throws {
        var (session, _) = Self.suggesting([("감사합니다", 2781), ("감사해요", 454)])
        var text = ""
        let down: UInt32 = 0xFF54
        // Nothing typed, nothing shown: Down is the application's, press and release.
        #expect(session.processKeyEvent(keysym: down, state: 0, at: 0).handled == false)
        #expect(session.processKeyEvent(keysym: down, state: Self.release, at: 5).handled == false)
        _ = Self.apply(Self.tap("41200812", on: &session, from: 100), to: &text)  // 감사
        let picked = session.processKeyEvent(keysym: down, state: 0, at: 300)
        #expect(picked.handled)
        #expect(Self.apply(picked.actions, to: &text) == "")
        #expect(text == "감사합니다 ")
        #expect(picked.recorded == nil)  // a pick is not a key of the composer's
        #expect(session.processKeyEvent(keysym: down, state: Self.release, at: 305).handled)  // its release with it
    }

    @Test func aKeymapFileBindsPickingKeys() throws {
        var (session, _) = Self.suggesting([("감사합니다", 2781), ("감사해요", 454)])
        session.keymap = try Keymap(parsing: "KP_Subtract = PICK2\nDown = none\n")
        var text = ""
        _ = Self.apply(Self.tap("41200812", on: &session), to: &text)  // 감사
        let picked = session.processKeyEvent(keysym: 0xFFAD, state: 0, at: 300)
        _ = Self.apply(picked.actions, to: &text)
        #expect(text == "감사해요 ")
        _ = Self.apply(Self.tap("412", on: &session, from: 400), to: &text)  // 가: suggestions show again
        // Down unbound: the application's
        #expect(session.processKeyEvent(keysym: 0xFF54, state: 0, at: 500).handled == false)
    }

    @Test func committedWordsAreLearnedButNotInAFieldThatTurnedSecret() {
        var (session, suggestions) = Self.suggesting([("가방", 100)])
        _ = Self.tap("7125", on: &session)  // 반
        _ = session.processKeyEvent(keysym: 0x20, state: 0, at: 100)  // space
        #expect(suggestions.learned.words.map(\.keys) == [SamsungSpelling.keys(forWord: "반")])
        _ = Self.tap("412", on: &session, from: 200)  // 가
        _ = session.setContentType(purpose: 8, hints: 0)  // PASSWORD: 가 committed, not learned
        #expect(suggestions.learned.words.count == 1)
        _ = session.setContentType(purpose: 0, hints: 0)
        // The learned word is suggested: ㅂ ㅣ (비) may still become 반.
        #expect(Self.shownSuggestions(Self.tap("71", on: &session, from: 300)) == ["반"])
    }

    /// A field of 나랏글, typed by key names (as hwaljad's Context1 does): the words its keys type
    /// get 천지인's lexicon's suggestions, a pick types the word, and the words learned there are
    /// the ones a 천지인 field is then offered.
    @Test func aFieldOfAnotherLayoutGetsTheSameSuggestionsAndLearnsTheSameWords() {
        var (cheonjiin, suggestions) = Self.suggesting([("감사합니다", 2781), ("감사해요", 454), ("가방", 100)])
        let naratgeul = LayoutSpelling.of(.naratgeul)
        var session = InputSession(
            typing: TypingContext(
                table: committedTables[.naratgeul]!, options: Composer.Options(canRetract: true),
                timing: HoldTimer.Settings()),
            keymap: .phone, onFocusLoss: .sessionCommits)
        session.wordSuggestions = suggestions
        var text = ""
        var time = 0
        /// Types `keys`, the text kept as the client keeps it; returns the suggestions shown last.
        func type(_ keys: [Key]) -> [String]? {
            var shown: [String]?
            for key in keys {
                time += 100
                let outcome = session.typing.tap(key, at: time)
                session.learnWords(endedBy: outcome)
                outcome.forEachEdit { edit in
                    switch edit {
                    case .delete(let count): text.unicodeScalars.removeLast(count)
                    case .insert(let inserted): text += inserted
                    case .key: Issue.record("no key of these is declined")
                    }
                }
                shown = Self.shownSuggestions(session.suggestionsUpdate()) ?? shown
            }
            return shown
        }
        #expect(type(naratgeul.keys(forWord: "감사")) == ["감사합니다", "감사해요"])
        let picked = session.acceptSuggestion(0) ?? []
        _ = Self.apply(picked, to: &text)
        #expect(text == "감사합니다 ")
        #expect(suggestions.learned.words.map(\.keys) == [SamsungSpelling.keys(forWord: "감사합니다")])
        _ = type(naratgeul.keys(forWord: "반") + [.space])  // typed, ended by a space: learned
        #expect(text == "감사합니다 반")  // SPACE ends the syllable, as in 천지인: no space
        #expect(
            Set(suggestions.learned.words.map(\.keys)) == [
                SamsungSpelling.keys(forWord: "감사합니다"), SamsungSpelling.keys(forWord: "반")
            ])
        // The 천지인 field is offered what the 나랏글 field taught: ㅂ ㅣ (비) may still become 반.
        #expect(Self.shownSuggestions(Self.tap("71", on: &cheonjiin, from: 1000)) == ["반"])
    }

    /// A program makes a layout's spelling off its queue: until it is handed back the field gets
    /// no suggestions (its keys are typed as ever), then it gets them from its next key on.
    @Test func anotherLayoutsFieldSuggestsOnceItsSpellingIsMade() {
        let (_, suggestions) = Self.suggesting([("감사합니다", 2781), ("감사해요", 454)])
        var asked: [(TransitionTable, (KeySpelling) -> Void)] = []
        suggestions.makeSpelling = { table, done in asked.append((table, done)) }
        var session = InputSession(
            typing: TypingContext(
                table: committedTables[.naratgeul]!, options: Composer.Options(canRetract: true),
                timing: HoldTimer.Settings()),
            keymap: .phone, onFocusLoss: .sessionCommits)
        session.wordSuggestions = suggestions
        let keys = LayoutSpelling.of(.naratgeul).keys(forWord: "감사")
        var shown: [[SessionAction]] = []
        for (index, key) in keys.enumerated() {
            _ = session.typing.tap(key, at: index * 100)
            shown.append(session.suggestionsUpdate())
        }
        #expect(shown.allSatisfy { Self.shownSuggestions($0) == nil })
        #expect(asked.map(\.0.keyboard) == [.cheonjiin])  // the lexicon's spelling, asked for once
        #expect(session.typing.preedit == "사")
        for (table, done) in asked { done(KeySpelling(table: table)) }
        // the same word, looked up again
        #expect(Self.shownSuggestions(session.suggestionsUpdate()) == ["감사합니다", "감사해요"])
    }
}
