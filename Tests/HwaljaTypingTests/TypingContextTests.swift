import HwaljaCore
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// A daemon context's logic on a virtual clock: what the timers do, with no sleeping.
struct TypingContextTests {
    private func context(_ timing: HoldTimer.Settings = HoldTimer.Settings()) -> TypingContext {
        TypingContext(table: committedTable, options: Composer.Options(), timing: timing)
    }

    @Test func tapsTypeAsTheComposerDoes() {
        var context = self.context()
        for key in [Key.ieungMieum, .in, .cheon] { _ = context.tap(key, at: 0) }
        let outcome = context.tap(.nieunRieul, at: 10)
        #expect(outcome.preedit == "안")
        #expect(outcome.preeditChanged)
        #expect(outcome.consumed)
    }

    @Test func aHeldKeyTypesItsDigitWhenTheTimerFires() {
        var context = self.context()
        _ = context.tap(.giyeokKieuk, at: 0)
        let down = context.keyDown(.ieungMieum, at: 100)  // ㅇ shows at once, after ㄱ
        #expect(down.commit == "ㄱ")
        #expect(down.preedit == "ㅇ")
        #expect(context.deadline == 600)
        let fired = context.advance(to: 600)
        // ㅇ taken back exactly (the client deletes the ㄱ its press committed), then ㄱ and the digit.
        #expect(fired.retract == 1)
        #expect(fired.commit == "ㄱ0")
        #expect(fired.preedit == "")
        #expect(context.keyUp(.ieungMieum, at: 900).commit == "")
    }

    @Test func withLettersOnReleaseAHeldKeyTypesOnlyItsDigit() {
        var context = self.context(HoldTimer.Settings(lettersOnPress: false))
        _ = context.tap(.giyeokKieuk, at: 0)
        #expect(context.keyDown(.ieungMieum, at: 100).preedit == "ㄱ")
        #expect(context.deadline == 600)
        let fired = context.advance(to: 600)
        #expect(fired.retract == 0)
        #expect(fired.commit == "ㄱ0")
        #expect(fired.preedit == "")
        #expect(context.keyUp(.ieungMieum, at: 900).commit == "")
    }

    @Test func aHeldBackspaceRepeatsAndPassesWhatItCannotUndo() {
        var context = self.context(HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        _ = context.tap(.giyeokKieuk, at: 0)
        _ = context.tap(.in, at: 0)  // 기
        let down = context.keyDown(.backspace, at: 1000)
        #expect(down.preedit == "ㄱ")
        let repeated = context.advance(to: 1650)  // 1500: ㄱ → "", 1600: nothing composing
        #expect(repeated.preedit == "")
        #expect(repeated.passedKeys == [.backspace])
        #expect(context.keyUp(.backspace, at: 1660).passedKeys.isEmpty)
        #expect(context.deadline == nil)
    }

    @Test func backspaceTakesBackWhatAnEarlierCallCommitted() {
        var context = self.context()
        var committed = ""
        for key in [Key.siotHieut, .siotHieut, .in, .cheon, .digeutTieut, .in, .cheon] {
            committed += context.tap(key, at: 0).commit
        }
        #expect(committed == "하")  // 하다
        let first = context.tap(.backspace, at: 10)
        #expect(first.retract == 0)
        #expect(first.preedit == "디")
        let second = context.tap(.backspace, at: 20)
        #expect(second.retract == 1)  // the client deletes 하 …
        #expect(second.commit == "")
        #expect(second.preedit == "핟")  // … and shows 핟
    }

    @Test func whatACallCommitsAndTakesBackCancelsOut() {
        var context = self.context(HoldTimer.Settings(lettersOnPress: false))
        _ = context.tap(.giyeokKieuk, at: 0)
        _ = context.keyDown(.jieutChieut, at: 10)
        // The backspace releases ㅈ, whose press commits ㄱ, then undoes it, taking ㄱ back.
        let outcome = context.keyDown(.backspace, at: 20)
        #expect(outcome.commit == "")
        #expect(outcome.retract == 0)
        #expect(outcome.preedit == "ㄱ")
    }

    @Test func aHeldBackspaceUndoesOnceThenErasesACharacterAtATime() {
        var context = self.context(HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        for key in [Key.siotHieut, .siotHieut, .in, .cheon, .digeutTieut, .in, .cheon] { _ = context.tap(key, at: 0) }
        #expect(context.keyDown(.backspace, at: 1000).preedit == "디")
        let repeated = context.advance(to: 1600)  // 1500: 디 erased; 1600: the client deletes 하
        #expect(repeated.retract == 0)
        #expect(repeated.preedit == "")
        #expect(repeated.passedKeys == [.backspace])
        #expect(context.keyUp(.backspace, at: 1650).retract == 0)
    }

    @Test func editsComeInTheOrderTheyHappened() {
        var context = self.context(HoldTimer.Settings(longPress: 500, repeatInterval: 100))
        #expect(context.keyDown(.backspace, at: 0).passedKeys == [.backspace])  // nothing composing: the client's
        // SPACE arrives before the timer ran the repeats due at 500 and 600: they delete first.
        let outcome = context.keyDown(.space, at: 650)
        var edits: [TypingContext.Outcome.Edit] = []
        outcome.forEachEdit { edits.append($0) }
        #expect(edits == [.key(.backspace), .key(.backspace), .insert(" ")])

        #expect(outcome.passed.map(\.byTimer) == [true, true])  // neither is SPACE's own
        #expect(!outcome.ownKeyDeclined)
        var withoutOwnKey: [TypingContext.Outcome.Edit] = []
        outcome.forEachEdit(withoutOwnKey: true) { withoutOwnKey.append($0) }
        #expect(withoutOwnKey == edits)  // the timer's keys stay: no reply reports them

        var word = self.context()
        for key in [Key.ieungMieum, .in, .cheon, .nieunRieul] { _ = word.tap(key, at: 0) }  // 안
        var enter: [TypingContext.Outcome.Edit] = []
        word.tap(.enter, at: 10).forEachEdit { enter.append($0) }
        #expect(enter == [.insert("안"), .key(.enter)])
        let second = word.tap(.enter, at: 20)
        #expect(second.ownKeyDeclined)  // the call's own: its answer says so, not a signal
        var reported: [TypingContext.Outcome.Edit] = []
        second.forEachEdit(withoutOwnKey: true) { reported.append($0) }
        #expect(reported.isEmpty)
    }

    @Test func aClientThatCannotDeleteIsNeverAskedTo() {
        var context = TypingContext(
            table: committedTable, options: Composer.Options(canRetract: false), timing: HoldTimer.Settings())
        var outcomes: [TypingContext.Outcome] = []
        for key in [Key.siotHieut, .siotHieut, .in, .cheon, .digeutTieut, .in, .cheon, .backspace, .backspace] {
            outcomes.append(context.tap(key, at: 0))
        }
        #expect(outcomes.allSatisfy { $0.retract == 0 && $0.commit.isEmpty })
        #expect(outcomes[6].preedit == "하다")
        #expect(outcomes[8].preedit == "핟")
    }

    @Test func autoNextEndsTheSyllableAfterIdleTime() {
        var context = self.context(HoldTimer.Settings(autoNext: 800))
        _ = context.tap(.giyeokKieuk, at: 0)
        _ = context.tap(.in, at: 100)
        _ = context.tap(.cheon, at: 200)
        #expect(context.deadline == 1000)
        let idle = context.advance(to: 1000)
        #expect(idle.commit == "가")
        // The next ㄱㅋ starts a new syllable instead of becoming a final.
        #expect(context.tap(.giyeokKieuk, at: 1100).preedit == "ㄱ")
    }

    @Test func aReloadedTableWaitsForTheSyllableToEnd() {
        var context = self.context()
        _ = context.tap(.giyeokKieuk, at: 0)
        let tiny = TransitionTable(transitions: [Transition(key: .in, tail: [], replacement: ["ㅣ"])], livePairs: [])
        context.replaceTable(tiny)
        #expect(context.tap(.in, at: 10).preedit == "기")  // still the old table mid-syllable
        _ = context.commit()
        #expect(context.tap(.in, at: 20).preedit == "ㅣ")
        #expect(context.tap(.cheon, at: 30).preedit == "ㅣ")  // the tiny table has no ㆍ: nothing appended
    }

    @Test func commitAndResetCancelTimers() {
        var context = self.context()
        _ = context.tap(.giyeokKieuk, at: 0)
        _ = context.keyDown(.in, at: 10)  // 기, still held
        #expect(context.commit().commit == "기")
        #expect(context.deadline == nil)
        _ = context.tap(.in, at: 20)
        #expect(context.reset().preeditChanged)
        #expect(context.preedit == "")
    }
}

struct HwaljaSettingsTests {
    @Test func readsTheConfigFile() throws {
        var settings = HwaljaSettings()
        #expect(
            settings.apply(
                configFile:
                    "# hwalja\nlong-press = 700\nrepeat-interval=50 # faster\n\nauto-next = 900\nspace-inserts = true\nkeymap = keypad-position\n"
            ).isEmpty)
        #expect(settings.timing == HoldTimer.Settings(longPress: 700, repeatInterval: 50, autoNext: 900))
        #expect(settings.composer.spaceAlwaysInserts)
        #expect(settings.keymap == "keypad-position")
        settings.apply(configFile: "auto-next = off")
        #expect(settings.timing.autoNext == nil)
    }

    @Test func tableIsAnAbsolutePath() {
        var settings = HwaljaSettings()
        #expect(settings.table == nil)
        #expect(settings.apply(configFile: "table = /srv/hwalja/hwalja.table").isEmpty)
        #expect(settings.table == "/srv/hwalja/hwalja.table")
        #expect(
            settings.apply(configFile: "table = Tables/hwalja.table") == [
                .badValue(line: 1, name: "table", value: "Tables/hwalja.table")
            ])
        #expect(settings.table == "/srv/hwalja/hwalja.table")
    }

    @Test func lettersOnIsPressOrRelease() {
        var settings = HwaljaSettings()
        #expect(settings.timing.lettersOnPress)  // the default, as keyboards and phones
        #expect(settings.apply(configFile: "letters-on = release").isEmpty)
        #expect(!settings.timing.lettersOnPress)
        #expect(settings.apply(configFile: "letters-on = press").isEmpty)
        #expect(settings.timing.lettersOnPress)
        #expect(
            settings.apply(configFile: "letters-on = down") == [.badValue(line: 1, name: "letters-on", value: "down")])
        #expect(settings.timing.lettersOnPress)  // the bad line changed nothing
        #expect(
            ConfigError.badValue(line: 1, name: "letters-on", value: "down").description.contains("press or release"))
        #expect(settings.apply(configFile: "letters-on = release").isEmpty)
        #expect(!settings.timing.lettersOnPress)
    }

    @Test func namesEachBadLineAndAppliesTheRest() {
        var settings = HwaljaSettings()
        let problems = settings.apply(
            configFile:
                "\nlong-pres = 5\nlong-press = -5\nrepeat-interval = 70\nlong-press\nmax-contexts = 0\nkeymap =\nauto-next = 900"
        )
        #expect(
            problems == [
                .unknownSetting(line: 2, name: "long-pres"), .badValue(line: 3, name: "long-press", value: "-5"),
                .malformed(line: 5, text: "long-press"), .badValue(line: 6, name: "max-contexts", value: "0"),
                .malformed(line: 7, text: "keymap =")
            ])
        // the good lines applied
        #expect(settings.timing == HoldTimer.Settings(longPress: 500, repeatInterval: 70, autoNext: 900))
        #expect(settings.maxContextsPerClient == 64)
        #expect(settings.keymap == "phone")
    }

    @Test func readsTheLimits() {
        var settings = HwaljaSettings()
        #expect(settings.maxContextsPerClient == 64)
        #expect(settings.backlog.maxUnread == 1 << 20)
        settings.apply(configFile: "max-contexts = 8\nmax-unread-kib = 256\n")
        #expect(settings.maxContextsPerClient == 8)
        #expect(settings.backlog.maxUnread == 256 << 10)
    }

    @Test func readsAConfigFileWithCRLFLineEnds() {
        var settings = HwaljaSettings()
        settings.apply(configFile: "long-press = 700\r\nmax-contexts = 9\r\n")
        #expect(settings.timing.longPress == 700)
        #expect(settings.maxContextsPerClient == 9)
    }
}
