import HwaljaCore
import HwaljaLexicon
import HwaljaRuntime
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

@testable import HwaljaFcitx5

/// The addon's engine in process, as the addon drives it, with a manual clock. (The suites
/// beside it drive the real fcitx5.)
struct Fcitx5AdapterTests {
    /// An adapter and what it sent each context.
    final class Addon {
        let clock = ManualClock()
        let adapter: Fcitx5Adapter
        var sent: [Int: [SessionAction]] = [:]

        init(settings: HwaljaSettings = HwaljaSettings()) {
            adapter = Fcitx5Adapter(
                clock: clock, tables: LayoutTables(inMemory: Array(committedTables.values)), settings: settings,
                keymap: .phone)
            adapter.send = { [unowned self] number, actions in sent[number, default: []] += actions }
        }

        /// Presses (and, unless `held`, releases) the keys of `digits`, each a keysym of the number row.
        @discardableResult
        func tap(_ digits: String, on number: Int) -> [Bool] {
            digits.unicodeScalars.flatMap { digit in
                [false, true].map { release in
                    adapter.processKey(
                        number, keysym: digit.value, keycode: 0, state: release ? KeyEventState.release : 0)
                }
            }
        }

        /// What the field shows: the text committed, then the preedit last shown.
        func field(of number: Int) -> (text: String, preedit: String) {
            var (text, preedit) = ("", "")
            for action in sent[number] ?? [] {
                switch action {
                case .commit(let committed): text += committed
                case .preedit(let shown, _): preedit = shown
                case .deleteSurrounding(let offset, let count) where offset == -count:
                    text.unicodeScalars.removeLast(min(count, text.unicodeScalars.count))
                default: break
                }
            }
            return (text, preedit)
        }
    }

    @Test func aLetterShowsOnItsPressAndAHeldKeyTypesItsDigitInstead() throws {
        let addon = Addon()
        let number = try addon.adapter.makeContext(layout: .cheonjiin)
        addon.tap("412", on: number)  // 가
        #expect(addon.adapter.processKey(number, keysym: 0x35, keycode: 0, state: 0))  // 5 down: ㄴ
        #expect(addon.field(of: number).preedit == "간")
        addon.clock.advance(by: HwaljaSettings().timing.longPress + 10)
        // Held: ㄴ is taken back, 가 ends, 5 is typed while the key is down; its release is the engine's.
        #expect(addon.field(of: number) == ("가5", ""))
        #expect(addon.adapter.processKey(number, keysym: 0x35, keycode: 0, state: KeyEventState.release))
        #expect(addon.field(of: number) == ("가5", ""))
    }

    @Test func suggestionsWaitUntilTheKeyIsAnswered() throws {
        let addon = Addon()
        let number = try addon.adapter.makeContext(layout: .cheonjiin)
        addon.tap("4", on: number)
        #expect(addon.adapter.hasSuggestionsDue)
        #expect(!(addon.sent[number] ?? []).contains { if case .suggestions = $0 { true } else { false } })
        addon.adapter.lookUpSuggestions()
        #expect(!addon.adapter.hasSuggestionsDue)
    }

    @Test func aPasswordFieldCommitsWhatWasComposedAndGetsTheKeys() throws {
        let addon = Addon()
        let number = try addon.adapter.makeContext(layout: .cheonjiin)
        addon.tap("412", on: number)
        addon.adapter.setField(number, purpose: 8, canDelete: false)
        #expect(addon.field(of: number) == ("가", ""))
        #expect(addon.tap("4", on: number) == [false, false])
        #expect(addon.field(of: number) == ("가", ""))
    }

    /// fcitx5's IBus frontend (kitty) answers a key before it sends the text the key finished:
    /// there, Return after 가 is taken and handed back after 가; a client that reports its text
    /// (GTK's IBus module), also once it stops (a terminal widget), and any other frontend get it
    /// answered as not used.
    @Test func aKeyAfterTextIsHandedBackAfterItToAnIBusClientThatReportsNoText() throws {
        for (ibusFrontend, reportsText, forwarded) in [(true, false, true), (true, true, false), (false, false, false)]
        {
            let addon = Addon()
            let number = try addon.adapter.makeContext(layout: .cheonjiin)
            addon.adapter.setClient(number, ibusFrontend: ibusFrontend, reportsText: reportsText)
            if reportsText { addon.adapter.setClient(number, ibusFrontend: ibusFrontend, reportsText: false) }
            addon.tap("412", on: number)
            addon.sent[number] = []
            let returnKey: UInt32 = 0xFF0D
            #expect(addon.adapter.processKey(number, keysym: returnKey, keycode: 36, state: 0) == forwarded)
            let sent = addon.sent[number] ?? []
            let commit = sent.firstIndex(of: .commit("가"))
            let forward = sent.firstIndex(of: .forwardKey(keysym: returnKey, keycode: 36, state: 0))
            #expect(commit != nil, "\(sent)")
            if forwarded {
                #expect(forward.map { $0 > commit ?? .max } == true, "Return after 가: \(sent)")
            } else {
                #expect(forward == nil, "\(sent)")
            }
        }
    }

    @Test func focusOutCommitsTheSyllableAndAContextGoneSendsNothing() throws {
        let addon = Addon()
        let number = try addon.adapter.makeContext(layout: .naratgeul)
        let other = try addon.adapter.makeContext(layout: .cheonjiin)
        #expect(number != other)
        #expect(addon.adapter.layout(of: number) == .naratgeul)
        addon.tap("412", on: other)
        addon.adapter.focusOut(other)
        #expect(addon.field(of: other) == ("가", ""))
        addon.adapter.removeContext(other)
        #expect(addon.tap("4", on: other) == [false, false])
        #expect(addon.adapter.layout(of: other) == nil)
    }

    /// A 나랏글 field in fcitx5: the word typed after 안녕하세요 before is suggested once it ends
    /// (learned and looked up as the lexicon spells it), and a pick types it.
    @Test func anotherLayoutsFieldPredictsTheNextWord() throws {
        let addon = Addon()
        let lexicon = try LexiconFile.decode(
            LexiconFile.encode([LexiconEntry(keys: SamsungSpelling.keys(forWord: "안녕하세요"), score: 190)]))
        addon.adapter.wordSuggestions = WordSuggestions(suggester: Suggester(lexicon: lexicon, table: committedTable))
        let number = try addon.adapter.makeContext(layout: .naratgeul)
        /// The keysyms of `text`'s words on the phone keys, each followed by two spaces (the
        /// first ends the syllable, the second types the blank).
        func words(_ text: String) -> String {
            text.split(separator: " ").map { word in
                String(
                    LayoutSpelling.of(.naratgeul).keys(forWord: String(word)).map {
                        Array("123456789*0#")[KeyboardLayout.naratgeul.keypad.firstIndex(of: $0)!]  // phone positions
                    }) + "  "
            }.joined()
        }
        addon.tap(words("안녕하세요 반가워요"), on: number)
        addon.adapter.focusOut(number)
        addon.sent[number] = []
        addon.tap(words("안녕하세요"), on: number)
        addon.adapter.lookUpSuggestions()
        let shown = (addon.sent[number] ?? []).compactMap {
            if case .suggestions(let words) = $0 { words } else { nil }
        }
        #expect(shown.last == ["반가워요"])
        addon.adapter.acceptSuggestion(number, index: 0)
        #expect(addon.field(of: number) == ("안녕하세요 반가워요 ", ""))
    }

    /// A field fcitx5 marks Sensitive (GTK's private hint: a private browsing window) types as
    /// any, and teaches nothing.
    @Test func aPrivateFieldLearnsNothing() throws {
        let addon = Addon()
        let suggestions = WordSuggestions(suggester: nil)
        addon.adapter.wordSuggestions = suggestions
        let number = try addon.adapter.makeContext(layout: .cheonjiin)
        addon.adapter.setField(number, purpose: 0, hints: InputPurpose.privateHint, canDelete: false)
        addon.tap("412  712  ", on: number)  // 가 바
        #expect(addon.field(of: number).text == "가 바 ")
        #expect(suggestions.learned.words.isEmpty)
        addon.adapter.setField(number, purpose: 0, canDelete: false)  // no longer private
        addon.tap("412  ", on: number)
        #expect(suggestions.learned.words.map(\.keys) == [[.giyeokKieuk, .in, .cheon]])
    }

    @Test func theClockArmsTheHostsTimerForTheEarliestDeadlineOnly() {
        var armed: [Int?] = []
        let clock = CallbackClock { armed.append($0) }
        var fired: [Int] = []
        clock.onDeadline = { fired.append($0) }
        let now = clock.now
        clock.schedule(1, at: now + 500)
        clock.schedule(2, at: now + 800)  // later: the timer armed for 500 looks again then
        clock.schedule(3, at: now + 100)
        #expect(armed == [now + 500, now + 100])
        clock.schedule(3, at: nil)
        clock.fire()  // at about `now`: nothing is due yet, and the earliest left is 500
        #expect(fired == [])
        #expect(armed.last == now + 500)
        clock.schedule(1, at: now - 1)
        clock.schedule(2, at: now - 2)
        #expect(armed == [now + 500, now + 100, now + 500, now - 1, now - 2])
        clock.fire()
        #expect(fired == [2, 1], "earliest first")
        #expect(armed.count == 5, "nothing left to arm for")
    }
}
